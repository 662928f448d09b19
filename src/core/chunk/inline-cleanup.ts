import { findCodeSpans } from "./code-spans";
import { normalizeTag } from "./frontmatter";

/** Collects what inline cleanup finds while it rewrites text; duplicates are removed by the caller. */
export interface InlineSink {
  /** Wikilink targets as written, without `#heading` or `#^block` parts. */
  links: string[];
  /** Inline `#tags`, lower-cased, without `#`. */
  tags: string[];
}

/** `index` keeps every searchable word; `display` gives what Obsidian shows (used for heading paths). */
export type CleanupMode = "index" | "display";

const WIKI_EMBED = /!\[\[[^[\]\n]*\]\]/g;
const WIKILINK = /\[\[([^[\]\n]*)\]\]/g;
/** The target of a markdown link: `<...>`, or text without spaces that may hold balanced parentheses, plus a title. */
const LINK_TARGET = String.raw`\((?:<[^<>\n]*>|[^()\s]*(?:\([^()\s]*\)[^()\s]*)*)\s*(?:(?:"[^"\n]*"|'[^'\n]*')\s*)?\)`;
const MD_EMBED = new RegExp(String.raw`!\[[^[\]\n]*\]` + LINK_TARGET, "g");
const MD_LINK = new RegExp(String.raw`\[([^[\]\n]*)\]` + LINK_TARGET, "g");
/**
 * Obsidian tags: `#` after the line start, whitespace or opening punctuation (so not URL fragments like `page#part`,
 * HTML entities like `&#38;` or `##`), then letters, digits, `_`, `-` and `/`.
 */
const TAG = /(?:^|[\s([{,;:!?"'，。、（「])#([\p{L}\p{M}\p{N}_/-]+)/gu;
const BLOCK_ID = /\s\^[A-Za-z0-9-]+$/;

/**
 * Rewrites one line of prose to plain searchable text: embeds (`![[x]]`, `![alt](url)`) are dropped, `[[t#h|a]]`
 * becomes "t h a" (display mode: "a"), `[text](url)` becomes "text", a trailing `^block-id` is dropped, and inline
 * code keeps its content without backticks. Links and tags are reported to `sink` (never from inside code).
 */
export function cleanInline(line: string, sink: InlineSink | null, mode: CleanupMode = "index"): string {
  const spans = findCodeSpans(line);
  let out = "";
  let pos = 0;
  for (const [start, end] of spans) {
    out += cleanProse(line.slice(pos, start), sink, mode) + codeContent(line.slice(start, end));
    pos = end;
  }
  out += cleanProse(line.slice(pos), sink, mode);
  return (out.includes("^") ? out.replace(BLOCK_ID, "") : out).trim();
}

function codeContent(span: string): string {
  const inner = span.replace(/^`+/, "").replace(/`+$/, "");
  return inner.startsWith(" ") && inner.endsWith(" ") && inner.trim() !== "" ? inner.slice(1, -1) : inner;
}

function cleanProse(text: string, sink: InlineSink | null, mode: CleanupMode): string {
  if (text === "") return "";
  let out = text;
  if (out.includes("[")) {
    out = out
      .replace(WIKI_EMBED, "")
      .replace(MD_EMBED, "")
      .replace(WIKILINK, (_m, inner: string) => wikilinkText(inner, sink, mode))
      .replace(MD_LINK, (_m, label: string) => label);
  }
  if (sink !== null && out.includes("#")) {
    for (const m of out.matchAll(TAG)) {
      const tag = normalizeTag(m[1] ?? "");
      if (/\D/.test(tag)) sink.tags.push(tag);
    }
  }
  return out.replace(/\s{2,}/g, " ");
}

/** `target#heading#sub^block|alias` (in tables the pipe is written `\|`). */
function wikilinkText(inner: string, sink: InlineSink | null, mode: CleanupMode): string {
  const unescaped = inner.replace(/\\\|/g, "|");
  const bar = unescaped.indexOf("|");
  const ref = bar < 0 ? unescaped : unescaped.slice(0, bar);
  const alias = bar < 0 ? "" : unescaped.slice(bar + 1).trim();
  const hash = ref.indexOf("#");
  const target = (hash < 0 ? ref : ref.slice(0, hash)).trim();
  const subpath = hash < 0 ? "" : ref.slice(hash + 1);
  // Block references (`#^abc123`) are ids, not words; heading parts are words.
  const heading = subpath.startsWith("^")
    ? ""
    : subpath
        .split("#")
        .map((h) => h.trim())
        .filter((h) => h !== "")
        .join(mode === "display" ? " > " : " ");
  if (target !== "") sink?.links.push(target);
  if (mode === "display") {
    if (alias !== "") return alias;
    return [target, heading].filter((p) => p !== "").join(" > ");
  }
  return [target, heading, alias].filter((p) => p !== "").join(" ");
}
