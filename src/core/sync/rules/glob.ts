/**
 * Compiles a path glob to an anchored RegExp. `*` is any run of characters except "/", `**` any run including "/",
 * and a `**` that fills a whole folder segment may also stand for no folder at all (so a pattern "Daily", then
 * "/**", then "/x.md" matches "Daily/x.md"). `?` is one character except "/". Everything else, including regex metacharacters, matches itself.
 */
export function globToRegExp(glob: string): RegExp {
  let out = "";
  let i = 0;
  while (i < glob.length) {
    const c = glob.charAt(i);
    if (c === "*" && glob.charAt(i + 1) === "*") {
      const wholeSegment = (i === 0 || glob.charAt(i - 1) === "/") && glob.charAt(i + 2) === "/";
      // "**/" at a segment start: zero or more whole folders. Otherwise: anything at all.
      out += wholeSegment ? "(?:.*/)?" : ".*";
      i += wholeSegment ? 3 : 2;
    } else if (c === "*") {
      out += "[^/]*";
      i++;
    } else if (c === "?") {
      out += "[^/]";
      i++;
    } else {
      out += c.replace(/[.+^${}()|[\]\\/]/g, "\\$&");
      i++;
    }
  }
  return new RegExp(`^${out}$`);
}
