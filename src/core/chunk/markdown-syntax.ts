/** Line-level recognisers for the markdown block syntax the chunker cares about. Each looks at one line only. */

/** An opening code fence: its character and length decide which line closes it. */
export interface FenceMarker {
  /** "`" or "~". */
  char: string;
  /** Length of the opening run; a closing run must be at least this long. */
  length: number;
  /** Columns of indentation before the fence, removed from the code lines too. */
  indent: number;
}

const FENCE_OPEN = /^(\s*)(`{3,}|~{3,})(.*)$/;
const FENCE_CLOSE = /^\s*(`{3,}|~{3,})\s*$/;

/**
 * A fence may be indented by any amount (not only 0-3 spaces as in CommonMark) because Obsidian users nest fences
 * inside list items; treating those as text would let `# comments` in the code become headings.
 */
export function fenceOpen(line: string): FenceMarker | null {
  const m = FENCE_OPEN.exec(line);
  if (m === null) return null;
  const run = m[2] ?? "";
  if (run.startsWith("`") && (m[3] ?? "").includes("`")) return null;
  return { char: run.charAt(0), length: run.length, indent: (m[1] ?? "").length };
}

export function fenceCloses(line: string, open: FenceMarker): boolean {
  const m = FENCE_CLOSE.exec(line);
  const run = m?.[1];
  return run !== undefined && run.startsWith(open.char) && run.length >= open.length;
}

/** An ATX heading (`#` to `######`, up to 3 spaces of indent, a space after the marks) and its text. */
export function atxHeading(line: string): { level: number; text: string } | null {
  let i = 0;
  while (i < 3 && line.charCodeAt(i) === 32) i++;
  let level = 0;
  while (line.charCodeAt(i + level) === 35) level++;
  if (level === 0 || level > 6) return null;
  const after = line.charCodeAt(i + level);
  if (!Number.isNaN(after) && after !== 32 && after !== 9) return null;
  // Drop an optional closing run of `#`, which must be separated from the text by a space.
  const text = line
    .slice(i + level)
    .trim()
    .replace(/(^|\s)#+$/, "")
    .trim();
  return { level, text };
}

/** A GFM table delimiter row such as `| --- | :-: |`; it needs at least one pipe. */
export function isTableDelimiter(line: string): boolean {
  const t = line.trim();
  if (!t.includes("|") || !t.includes("-")) return false;
  const inner = t.replace(/^\|/, "").replace(/\|$/, "");
  return inner.split("|").every((cell) => /^\s*:?-+:?\s*$/.test(cell));
}

export function isQuote(line: string): boolean {
  return /^\s*>/.test(line);
}

/** `> [!type]` (also nested `> > [!type]`) starts an Obsidian callout. */
export function isCalloutStart(line: string): boolean {
  return /^\s*(?:>\s*)+\[![^\]\n]+\]/.test(line);
}

/**
 * Splits a file into lines numbered like Obsidian's editor (CodeMirror): `\r\n`, `\n` and a lone `\r` each end a line,
 * and a leading byte-order mark is not content. Line `i` of the result is editor line `i`.
 */
export function splitLines(text: string): string[] {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  return body.split(/\r\n|\r|\n/);
}

/** True when the line has nothing but whitespace. */
export function isBlank(line: string): boolean {
  return line.trim().length === 0;
}
