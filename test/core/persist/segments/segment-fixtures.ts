import { expect } from "vitest";
import { SNAPSHOT_FORMAT_VERSION, type IndexSnapshot, type NoteRecord, type SnapshotToSave, type StoredChunk } from "../../../../src/core/persist/snapshot";
import type { SegmentSource } from "../../../../src/core/persist/segments/segment-writer";
import { loadSegments } from "../../../../src/core/persist/segments/segment-load";
import type { FileStore } from "../../../../src/core/persist/file-store";

export const DIMS = 4;
export const MODEL = "nomic-embed-text";
export const CHUNKING = "chunking-1";

/** One note as the model index holds it. */
export interface ModelNote {
  path: string;
  mtime: number;
  texts: string[];
}

/** The hash a chunk's text gets: the text itself, readable in failures. */
export const hashOf = (text: string): string => `h:${text}`;

/** A deterministic vector for a text, so a reused vector can be told from a wrong one. */
export function vectorOf(text: string): Float32Array {
  const v = new Float32Array(DIMS);
  for (let i = 0; i < text.length; i++) v[i % DIMS] = (v[i % DIMS] ?? 0) + text.charCodeAt(i) / 100;
  return v;
}

function recordsOf(notes: readonly ModelNote[]): { notes: NoteRecord[]; chunks: StoredChunk[] } {
  const records: NoteRecord[] = [];
  const chunks: StoredChunk[] = [];
  for (const n of notes) {
    records.push({
      path: n.path,
      mtime: n.mtime,
      size: n.texts.join("").length,
      contentHash: hashOf(n.texts.join("|")),
      meta: { title: n.path, aliases: [], tags: [], links: [] },
      chunkStart: chunks.length,
      chunkCount: n.texts.length,
    });
    n.texts.forEach((text, ordinal) =>
      chunks.push({ id: `${n.path}#${ordinal}`, path: n.path, ordinal, headingPath: [], text, startLine: 0, endLine: 0, tokens: 1, embedHash: hashOf(text) }),
    );
  }
  return { notes: records, chunks };
}

/** A `SegmentSource` over a map of notes (every chunk has its text's vector). */
export function sourceOf(notes: ReadonlyMap<string, ModelNote>, savedAt = 1_750_000_000_000, exclusionsHash = ""): SegmentSource {
  return {
    header: { formatVersion: SNAPSHOT_FORMAT_VERSION, model: MODEL, dims: DIMS, chunkingHash: CHUNKING, savedAt, exclusionsHash },
    vectorPrecision: "float32",
    paths: () => notes.keys(),
    has: (p) => notes.has(p),
    snapshotOf: (paths) => Promise.resolve(snapshotOf(paths.map((p) => notes.get(p) as ModelNote), savedAt)),
  };
}

export function snapshotOf(notes: readonly ModelNote[], savedAt = 1_750_000_000_000): SnapshotToSave & IndexSnapshot {
  const { notes: records, chunks } = recordsOf(notes);
  const vectors = new Float32Array(chunks.length * DIMS);
  chunks.forEach((c, i) => vectors.set(vectorOf(c.text), i * DIMS));
  return {
    header: { formatVersion: SNAPSHOT_FORMAT_VERSION, model: MODEL, dims: DIMS, chunkingHash: CHUNKING, savedAt },
    notes: records,
    chunks,
    vectors,
    hasVector: new Uint8Array(chunks.length).fill(1),
    vectorPrecision: "float32",
  };
}

/** What a loaded snapshot holds, comparable with a model: path → texts and mtime, and every vector right. */
export function contentOf(s: IndexSnapshot): Map<string, { mtime: number; texts: string[] }> {
  const out = new Map<string, { mtime: number; texts: string[] }>();
  for (const n of s.notes) {
    const texts: string[] = [];
    for (let c = n.chunkStart; c < n.chunkStart + n.chunkCount; c++) {
      const chunk = s.chunks[c] as StoredChunk;
      texts.push(chunk.text);
      expect(s.hasVector[c]).toBe(1);
      const row = s.vectorPages ? s.vectorPages.rowOf(c) : s.vectors.subarray(c * DIMS, (c + 1) * DIMS);
      expect([...(row ?? [])]).toEqual([...vectorOf(chunk.text)]);
    }
    expect(out.has(n.path)).toBe(false);
    out.set(n.path, { mtime: n.mtime, texts });
  }
  return out;
}

export function modelContent(notes: ReadonlyMap<string, ModelNote>): Map<string, { mtime: number; texts: string[] }> {
  return new Map([...notes].map(([p, n]) => [p, { mtime: n.mtime, texts: [...n.texts] }]));
}

/** Loads the folder and returns its content (fails the test when it doesn't load). */
export async function loadedContent(store: FileStore, dir = "idx"): Promise<Map<string, { mtime: number; texts: string[] }>> {
  const loaded = await loadSegments(store, dir, { model: MODEL, chunkingHash: CHUNKING });
  if (loaded.kind !== "loaded") throw new Error(`not loaded: ${loaded.kind} ${loaded.kind === "discarded" ? loaded.error.message : ""}`);
  return contentOf(loaded.snapshot);
}
