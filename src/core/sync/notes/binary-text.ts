/** Characters looked at to tell a binary file from text. */
const BINARY_PROBE_CHARS = 8192;

/**
 * A NUL character near the start means a binary file (an image or a database renamed .md), as git decides. The
 * indexer skips such files, and `get` refuses them, by this one test.
 */
export function looksBinary(text: string): boolean {
  return text.slice(0, BINARY_PROBE_CHARS).includes("\u0000");
}
