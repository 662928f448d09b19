import { realpath, stat } from "node:fs/promises";
import { resolve, sep } from "node:path";
import { failure } from "../core/errors/messages";
import { err, ok, type Result } from "../core/result";
import { extraRootsOf } from "../core/sync/sources/extra-roots";
import { MultiNoteSource, type ExtraSource } from "../core/sync/sources/multi-note-source";
import type { NoteSource } from "../core/sync/notes/note-source";
import { FolderNoteSource } from "./node/folder-note-source";

/**
 * The vault's notes, plus those of the extra folders (`--extra`, else the plugin's "Extra folders" setting) under
 * `.extra/<name>/`. Each extra folder is a `FolderNoteSource` of its own root, so a link out of it is refused as in
 * the vault. Refused: a folder that is missing or a file, and folders that overlap the vault or each other (their
 * notes would be indexed twice). Without extra folders, the vault's source as before. With `keepMissing` (the folders
 * come from the synced setting, which may name another computer's paths), a missing folder is not refused: it is in
 * `missing`, and its indexed notes are kept as they are (see `MultiNoteSource.keptPrefixes`).
 */
export async function notesWithExtras(
  vaultDir: string,
  dirs: readonly string[],
  keepMissing = false,
): Promise<Result<{ source: NoteSource; extras: ExtraSource[]; missing: string[] }>> {
  const vault = new FolderNoteSource(vaultDir);
  if (dirs.length === 0) return ok({ source: vault, extras: [], missing: [] });
  const reals: { given: string; real: string }[] = [{ given: vaultDir, real: await realpath(vaultDir).catch(() => resolve(vaultDir)) }];
  const absolute: string[] = [];
  const missing: string[] = [];
  for (const given of dirs) {
    const abs = resolve(given);
    const found = await stat(abs).catch(() => undefined);
    if (!found && keepMissing) {
      missing.push(abs);
      continue;
    }
    if (!found) return err(failure("extraMissing", { path: given }));
    if (!found.isDirectory()) return err(failure("extraNotFolder", { path: given }));
    const real = await realpath(abs).catch(() => abs);
    const other = reals.find((r) => inside(real, r.real) || inside(r.real, real));
    if (other && real !== other.real) return err(failure("extraOverlaps", { path: given, other: other.given }));
    // The same folder given twice is one folder.
    if (other) continue;
    reals.push({ given, real });
    absolute.push(abs);
  }
  // Named together, so a missing folder's notes keep the names every device gives them.
  const roots = extraRootsOf([...absolute, ...missing]);
  const extras = roots.filter((r) => !missing.includes(r.dir)).map((root) => ({ root, source: new FolderNoteSource(root.dir) }));
  const unreadable = roots.filter((r) => missing.includes(r.dir));
  return ok({ source: new MultiNoteSource(vault, extras, unreadable), extras, missing: unreadable.map((r) => r.dir) });
}

function inside(child: string, parent: string): boolean {
  return child === parent || child.startsWith(parent.endsWith(sep) ? parent : parent + sep);
}
