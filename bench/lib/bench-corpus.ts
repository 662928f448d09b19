import { chunkNote } from "../../src/core/chunk/chunker";
import { ChunkIndex } from "../../src/core/index/chunk-index";
import { embeddingInput } from "../../src/core/index/embedding-input";
import type { LexicalOptions } from "../../src/core/keyword/lexical-options";
import type { Embedder } from "../../src/core/ollama/embedder";
import type { ChunkedNote } from "../../src/core/types";
import type { BeirDataset } from "./beir";

/** A BEIR document as a note: the title as H1, then the text, exactly as a user's note would look. */
export function docToNote(doc: { id: string; title: string; text: string }): ChunkedNote {
  const md = doc.title ? `# ${doc.title}\n\n${doc.text}` : doc.text;
  return chunkNote(doc.id, md);
}

export interface BuiltCorpus {
  notes: ChunkedNote[];
  /** chunk id → vector */
  vectors: Map<string, Float32Array>;
  dims: number;
}

/** Chunk every document and embed every chunk (through the cache), reporting progress on stderr. */
export async function buildCorpus(ds: BeirDataset, embedder: Embedder | undefined): Promise<BuiltCorpus> {
  const notes = ds.docs.map(docToNote);
  const vectors = new Map<string, Float32Array>();
  if (!embedder) return { notes, vectors, dims: 0 };
  const chunks = notes.flatMap((n) => n.chunks);
  const step = 256;
  for (let i = 0; i < chunks.length; i += step) {
    const part = chunks.slice(i, i + step);
    const res = await embedder.embedDocuments(part.map(embeddingInput));
    if (!res.ok) throw new Error(`${res.error.code}: ${res.error.message}`);
    part.forEach((c, j) => {
      const v = res.value[j];
      if (v) vectors.set(c.id, v);
    });
    process.stderr.write(`\rembedded ${Math.min(i + step, chunks.length)} / ${chunks.length} chunks`);
  }
  process.stderr.write("\n");
  // Vectors served from the cache never tell the embedder their size, so read it off a vector.
  const first = vectors.values().next().value;
  return { notes, vectors, dims: first?.length ?? embedder.dimensions() ?? 0 };
}

export function indexCorpus(c: BuiltCorpus, lexical?: LexicalOptions): ChunkIndex {
  const index = new ChunkIndex(c.dims, lexical);
  for (const n of c.notes) index.addNote(n, n.chunks.map((ch) => c.vectors.get(ch.id)));
  return index;
}
