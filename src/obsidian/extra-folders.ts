import { FileSystemAdapter, Notice, Platform, type DataAdapter } from "obsidian";
import type { ExtraFolderKeeper } from "../core/sync/sources/extra-folder-keeper";
import type { ExtraRoot } from "../core/sync/sources/extra-roots";
import { FsFolderSource, type FolderFs } from "../core/sync/sources/fs-folder-source";
import type { NoteSource } from "../core/sync/notes/note-source";

/**
 * Opens the extra folders' notes with the desktop app's Node: the `fsPromises` module Obsidian's desktop adapter
 * carries (as vault-real-path.ts uses it). Undefined on mobile, where there is no Node and no folder outside the
 * vault to read, and if a later Obsidian stops carrying the module.
 */
export function extraFolderOpener(adapter: DataAdapter): ((root: ExtraRoot) => NoteSource) | undefined {
  if (!Platform.isDesktopApp || !(adapter instanceof FileSystemAdapter)) return undefined;
  const carried = (adapter as unknown as { fsPromises?: Partial<FolderFs> }).fsPromises;
  if (!carried || !["readdir", "lstat", "realpath", "readFile"].every((k) => typeof carried[k as keyof FolderFs] === "function")) return undefined;
  const fs = carried as FolderFs;
  const sep = Platform.isWin ? "\\" : "/";
  return (root) => new FsFolderSource(root.dir, fs, sep);
}

/** Opens a file with the system's default app (Electron's `shell.openPath`); resolves with an error text, "" when it opened. */
export type DefaultAppOpener = (absolutePath: string) => Promise<string>;

/**
 * The desktop app's way to hand a file to its default app. Electron is reached at run time through the window's
 * `require` (the plugin bundle keeps it external); undefined on mobile or when it is not there.
 */
export function defaultAppOpener(): DefaultAppOpener | undefined {
  if (!Platform.isDesktopApp) return undefined;
  const req = (window as unknown as { require?: (id: string) => unknown }).require;
  let electron: { shell?: { openPath?: (p: string) => Promise<string> } } | undefined;
  try {
    electron = req?.("electron") as typeof electron;
  } catch {
    return undefined;
  }
  const open = electron?.shell?.openPath;
  return open ? (p) => open.call(electron?.shell, p) : undefined;
}

/** The separator of file paths on this platform. */
export function platformSep(): string {
  return Platform.isWin ? "\\" : "/";
}

/** Opens a note of an extra folder in the system's default app; a failure is a notice. */
export async function openExtraNote(extras: ExtraFolderKeeper, open: DefaultAppOpener, path: string): Promise<void> {
  const file = extras.fileOf(path, platformSep());
  const failed = file === undefined ? "its folder is no longer in the Extra folders setting" : await open(file);
  if (failed !== "") new Notice(`Can't open ${path}: ${failed}`);
}
