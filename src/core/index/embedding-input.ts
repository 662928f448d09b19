import { fileTitle } from "../chunk/chunker";
import type { Chunk } from "../types";

/**
 * The text embedded for a chunk: the chunk with its heading path in front, so "Setup" under "Postgres > Backups"
 * is embedded as being about Postgres backups. When the chunk already starts with its own heading line, only the
 * headings above it are added.
 *
 * A note title that is only the file name (no frontmatter title, no H1 of another wording) is left out: renaming a
 * file must not cost an embedding of every chunk, and a rebuild must give the same vectors as the rename did. The
 * name still counts for keyword search, where the title field holds it.
 */
export function embeddingInput(chunk: Pick<Chunk, "headingPath" | "text"> & { path?: string }): string {
  let path = chunk.headingPath;
  if (chunk.path !== undefined && path[0] === fileTitle(chunk.path)) path = path.slice(1);
  const last = path[path.length - 1];
  const context = last !== undefined && chunk.text.startsWith(last) ? path.slice(0, -1) : path;
  return context.length > 0 ? `${context.join(" > ")}\n${chunk.text}` : chunk.text;
}
