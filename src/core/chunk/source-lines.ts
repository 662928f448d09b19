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
