import type { Chunk } from "../types";

/**
 * The text embedded for a chunk: the chunk with its heading path in front, so "Setup" under "Postgres > Backups"
 * is embedded as being about Postgres backups. When the chunk already starts with its own heading line, only the
 * headings above it are added.
 */
export function embeddingInput(chunk: Pick<Chunk, "headingPath" | "text">): string {
  const path = chunk.headingPath;
  const last = path[path.length - 1];
  const context = last !== undefined && chunk.text.startsWith(last) ? path.slice(0, -1) : path;
  return context.length > 0 ? `${context.join(" > ")}\n${chunk.text}` : chunk.text;
}
