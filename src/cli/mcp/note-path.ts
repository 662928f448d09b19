import { err, ok, type Result } from "../../core/result";
import { failure } from "../../core/errors/messages";

/**
 * A note path as an agent gives it, made vault-relative with "/" separators. Refused: absolute paths, `..`
 * segments, and dot-folders (the config folder, `.git`, `.trash`): the tools read notes, not settings. A path
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
  if (parts.some((p) => p.startsWith("."))) return bad("is inside a hidden folder");
  const path = parts.join("/");
  if (path.toLowerCase().endsWith(".md")) return ok(path);
  if (/\.[A-Za-z0-9]{1,8}$/.test(path)) return bad("is not a markdown note");
  return ok(`${path}.md`);
}
