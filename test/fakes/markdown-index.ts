import { chunkNote } from "../../src/core/chunk/chunker";
import { ChunkIndex } from "../../src/core/index/chunk-index";

/** A keyword-only chunk index of markdown notes by path, each chunked as the plugin chunks it. */
export function indexNotes(notes: Record<string, string>): ChunkIndex {
  const idx = new ChunkIndex(0);
  for (const [path, md] of Object.entries(notes)) idx.addNote(chunkNote(path, md));
  return idx;
}
