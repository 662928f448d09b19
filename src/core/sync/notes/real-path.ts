/**
 * How a note's real path (every symbolic link resolved) relates to where its vault path says it is:
 * - `same`: no link on the way (or one that changes only letter case or Unicode form, as case-insensitive disks do);
 * - `aliased`: a link somewhere on the way points to another place inside the vault;
 * - `outside`: the file is not inside the vault at all.
 * Only `same` is read or indexed: a link is never followed, wherever it points. Outside the vault that would send
 * files the user never put in it to the index, the model and the agents; inside, it would index a note twice.
 */
export type RealPathVerdict = "same" | "aliased" | "outside";

/**
 * Judges `realFile` (the real path of the note at vault path `path`) against `realRoot` (the vault folder's real
 * path), both as the platform gives them with separator `sep`.
 */
export function judgeRealPath(realRoot: string, realFile: string, path: string, sep: string): RealPathVerdict {
  const prefix = realRoot.endsWith(sep) ? realRoot : realRoot + sep;
  if (!realFile.startsWith(prefix) || realFile.length === prefix.length) return "outside";
  const rel = realFile.slice(prefix.length).split(sep).join("/").normalize("NFC");
  const expected = path.normalize("NFC");
  if (rel === expected || rel.toLowerCase() === expected.toLowerCase()) return "same";
  return "aliased";
}
