import { err, ok, type Result } from "../../core/result";
import { failure } from "../../core/errors/messages";
import { EXTRA_PREFIX } from "../../core/sync/sources/extra-roots";

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
