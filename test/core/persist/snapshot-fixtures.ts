import fc from "fast-check";
import { expect } from "vitest";
import {
  SNAPSHOT_FORMAT_VERSION,
  type IndexSnapshot,
  type NoteRecord,
  type StoredChunk,
} from "../../../src/core/persist/snapshot";
import type { SnapshotExpectations } from "../../../src/core/persist/snapshot-codec";

/** A note as a test describes it; everything else gets plausible defaults. */
export interface NoteSpec {
  path: string;
  chunks: { text: string; headingPath?: string[]; ordinal?: number }[];
  mtime?: number;
  size?: number;
  tags?: string[];
  aliases?: string[];
  links?: string[];
}

export interface SnapshotOptions {
  model?: string;
  dims?: number;
  chunkingHash?: string;
  savedAt?: number;
  /** Which chunks have a vector; all of them by default. */
  hasVector?: (chunk: number) => boolean;
}

export function buildSnapshot(specs: NoteSpec[], options: SnapshotOptions = {}): IndexSnapshot {
  const dims = options.dims ?? 4;
  const notes: NoteRecord[] = [];
  const chunks: StoredChunk[] = [];
  for (const spec of specs) {
    notes.push({
      path: spec.path,
      mtime: spec.mtime ?? 1_700_000_000_000 + notes.length,
      size: spec.size ?? 100 * (notes.length + 1),
      contentHash: `c${notes.length}`.padStart(16, "0"),
      meta: {
        title: spec.path.replace(/\.md$/, ""),
        aliases: spec.aliases ?? [],
        tags: spec.tags ?? [],
        links: spec.links ?? [],
      },
      chunkStart: chunks.length,
      chunkCount: spec.chunks.length,
    });
    spec.chunks.forEach((c, i) => {
      const ordinal = c.ordinal ?? i;
      chunks.push({
        id: `${spec.path}#${ordinal}`,
        path: spec.path,
        ordinal,
        headingPath: c.headingPath ?? [spec.path],
        text: c.text,
        startLine: i * 10,
        endLine: i * 10 + 9,
        tokens: Math.ceil(c.text.length / 4),
        embedHash: `e${chunks.length}`.padStart(16, "0"),
      });
    });
  }
  const vectors = new Float32Array(chunks.length * dims);
  const hasVector = new Uint8Array(chunks.length);
  for (let i = 0; i < chunks.length; i++) {
    if (!(options.hasVector ?? (() => true))(i)) continue;
    hasVector[i] = 1;
    for (let d = 0; d < dims; d++) vectors[i * dims + d] = Math.sin(i * 31 + d) * (d + 1);
  }
  return {
    header: {
      formatVersion: SNAPSHOT_FORMAT_VERSION,
      model: options.model ?? (dims === 0 ? "" : "nomic-embed-text"),
      dims,
      chunkingHash: options.chunkingHash ?? "chunking-1",
      savedAt: options.savedAt ?? 1_750_000_000_000,
    },
    notes,
    chunks,
    vectors,
    hasVector,
  };
}

/** The settings a snapshot was built with, so that it loads as-is. */
export function expectationsOf(s: IndexSnapshot): SnapshotExpectations {
  return { model: s.header.model, dims: s.header.dims, chunkingHash: s.header.chunkingHash };
}

/** Deep equality, with vectors compared bit for bit (NaN payloads and -0 included). */
export function expectSameSnapshot(actual: IndexSnapshot, expected: IndexSnapshot): void {
  expect(actual.header).toEqual(expected.header);
  expect(actual.notes).toEqual(expected.notes);
  expect(actual.chunks).toEqual(expected.chunks);
  expect(sameBytes(actual.hasVector, expected.hasVector)).toBe(true);
  expect(sameBytes(bytesOf(actual.vectors), bytesOf(expected.vectors))).toBe(true);
}

/** Byte equality that stays fast for megabytes (vitest's deep equality walks every index as a key). */
export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));
}

/** Whether two stores hold the same files with the same bytes. */
export function sameFiles(a: Map<string, Uint8Array>, b: Map<string, Uint8Array>): boolean {
  return a.size === b.size && [...a].every(([path, bytes]) => {
    const other = b.get(path);
    return other !== undefined && sameBytes(bytes, other);
  });
}

export function bytesOf(a: Float32Array): Uint8Array {
  return new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
}

const textArb = fc.string({ unit: "grapheme", maxLength: 40 });
const wordsArb = fc.array(textArb, { maxLength: 3 });

/** Random but valid snapshots: unicode everywhere, 0 to 3 chunks a note, 0 to 5 dims, some rows without vectors. */
export const snapshotArb: fc.Arbitrary<IndexSnapshot> = fc
  .record({
    notes: fc.uniqueArray(
      fc.record({
        path: fc.string({ unit: "grapheme", minLength: 1, maxLength: 20 }),
        chunks: fc.array(fc.record({ text: textArb, headingPath: wordsArb }), { maxLength: 3 }),
        mtime: fc.integer({ min: 0, max: 2 ** 50 }),
        size: fc.nat(),
        tags: wordsArb,
        aliases: wordsArb,
        links: wordsArb,
      }),
      { maxLength: 6, selector: (n) => n.path },
    ),
    dims: fc.integer({ min: 0, max: 5 }),
    model: textArb,
    missing: fc.array(fc.boolean(), { minLength: 20, maxLength: 20 }),
  })
  .map(({ notes, dims, model, missing }) =>
    buildSnapshot(notes, { dims, model, hasVector: (i) => !(missing[i % missing.length] ?? false) }),
  );
