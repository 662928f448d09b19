import { err, ok, type Result } from "../../core/result";
import { failure } from "../../core/errors/messages";
import { EXTRA_PREFIX } from "../../core/sync/sources/extra-roots";
import { editDistance } from "../../core/text/edit-distance";

/**
 * A note path as an agent gives it, made vault-relative with "/" separators. Refused: absolute paths, `..`
 * segments, and dot-folders (the config folder, `.git`, `.trash`) but the extra folders' `.extra/`: the tools read
 * notes, not settings. A path
 * without an extension means the markdown note.
 */
export function notePathOf(raw: string): Result<string> {
  const slashed = raw.trim().split("\\").join("/").replace(/^(\.\/)+/, "");
  const bad = (why: string): Result<string> =>
    err(failure("badNotePath", { path: raw, why }));
  if (slashed === "") return bad("is empty");
  if (slashed.startsWith("/") || /^[A-Za-z]:/.test(slashed)) return bad("is absolute");
  const parts = slashed.split("/").filter((p) => p !== "" && p !== ".");
  if (parts.some((p) => p === "..")) return bad("leaves the vault");
  // `.extra/<name>/…` names a note of an extra folder (see extra-roots.ts); every other dot-folder is refused.
  const hidden = parts.findIndex((p, i) => p.startsWith(".") && !(i === 0 && `${p}/` === EXTRA_PREFIX && parts.length > 2));
  if (hidden >= 0) return bad("is inside a hidden folder");
  const path = parts.join("/");
  if (path.toLowerCase().endsWith(".md")) return ok(path);
  if (/\.[A-Za-z0-9]{1,8}$/.test(path)) return bad("is not a markdown note");
  return ok(`${path}.md`);
}

/** How many suggestions a missing path gets. */
const SUGGESTIONS = 5;

/**
 * The notes whose paths look most like `wanted`, best first: the file name counts most (agents often get the
 * folder wrong), then the whole path. Case and the `.md` extension are ignored.
 */
export function closestPaths(wanted: string, paths: Iterable<string>, max = SUGGESTIONS): string[] {
  const w = normalize(wanted);
  const wName = baseName(w);
  const scored: { path: string; cost: number }[] = [];
  for (const path of paths) {
    const p = normalize(path);
    const name = baseName(p);
    const nameCost = name === wName ? 0 : name.includes(wName) || wName.includes(name) ? 1 : 2 + editDistance(name, wName);
    scored.push({ path, cost: nameCost * 1000 + editDistance(p, w) });
  }
  scored.sort((a, b) => a.cost - b.cost || (a.path < b.path ? -1 : 1));
  return scored.slice(0, max).map((s) => s.path);
}

function normalize(path: string): string {
  return path.toLowerCase().replace(/\.md$/, "");
}

function baseName(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}
