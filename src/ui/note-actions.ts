import { Notice, TFile, type App, type PaneType } from "obsidian";

/** A place in a note to open. */
export interface NoteTarget {
  path: string;
  /** 0-based editor line to scroll to. */
  line?: number;
}

/**
 * Opens a note scrolled to a line: in the current tab, or as `paneType` says ("tab" for Mod+Enter or a middle
 * click). A note that has gone since it was indexed gets a notice instead.
 */
export async function openNote(app: App, target: NoteTarget, paneType: PaneType | false = false): Promise<void> {
  const file = app.vault.getAbstractFileByPath(target.path);
  if (!(file instanceof TFile)) {
    new Notice(`${target.path} no longer exists. It leaves the index with the next sync.`);
    return;
  }
  const leaf = app.workspace.getLeaf(paneType);
  await leaf.openFile(file, target.line === undefined ? {} : { eState: { line: target.line } });
}

/** The link Obsidian would write to `path` from the active note, in the user's link format; undefined if gone. */
export function linkTo(app: App, path: string): string | undefined {
  const file = app.vault.getAbstractFileByPath(path);
  if (!(file instanceof TFile)) return undefined;
  const source = app.workspace.getActiveFile()?.path ?? "";
  return app.fileManager.generateMarkdownLink(file, source);
}

/** Inserts a link to `path` at the cursor of the active editor. Returns false (with a notice) when there is none. */
export function insertLinkAtCursor(app: App, path: string): boolean {
  const editor = app.workspace.activeEditor?.editor;
  const link = linkTo(app, path);
  if (!editor || link === undefined) {
    new Notice(editor ? `${path} no longer exists.` : "Open a note in the editor first: the link goes at its cursor.");
    return false;
  }
  editor.replaceSelection(link);
  return true;
}
