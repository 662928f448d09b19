import type { ChunkIndex } from "../../index/chunk-index";
import type { IndexSnapshot, NoteRecord, SnapshotToSave, StoredChunk } from "../../persist/snapshot";
import { toRecord, toStoredChunks, type NoteState } from "../notes/note-state";

/**
 * What a save writes of the notes at `paths` (those in `records`, in this order): their records, chunks and vector
 * slots in `index`, without keyword postings. Vectors are read through the slots when written, and the store reuses
 * no freed slot until `vectors.release()`, so each row is the vector it was when this was taken.
 */
export async function snapshotOfNotes(
  records: ReadonlyMap<string, NoteState>,
  index: ChunkIndex,
  paths: Iterable<string>,
  pause: () => Promise<void>,
  header: Omit<IndexSnapshot["header"], "dims">,
): Promise<SnapshotToSave> {
  const dims = index.dims;
  const notes: NoteRecord[] = [];
  const chunks: StoredChunk[] = [];
  let n = 0;
  for (const path of paths) {
    const s = records.get(path);
    if (!s) continue;
    notes.push(toRecord(s, chunks.length));
    chunks.push(...toStoredChunks(s));
    if (++n % 256 === 0) await pause();
  }
  const store = index.vectorStore;
  const release = store?.hold() ?? (() => undefined);
  // Slots, not vectors: an int8 store has no views to hand out, and a copy of every vector would undo its savings.
  const slots = new Int32Array(chunks.length).fill(-1);
  const hasVector = new Uint8Array(chunks.length);
  for (const [i, c] of chunks.entries()) {
    if (i % 4096 === 4095) await pause();
    const slot = dims > 0 ? store?.slotOfId(c.id) : undefined;
    if (slot === undefined) continue;
    slots[i] = slot;
    hasVector[i] = 1;
  }
  const row = (i: number) => (store && slots[i]! >= 0 ? store.vectorAt(slots[i]!) : undefined);
  const int8Row = (i: number, codes: Int8Array) => (store && slots[i]! >= 0 && hasVector[i] ? store.int8At(slots[i]!, codes) : undefined);
  const vectors = { length: chunks.length * dims, row, int8Row, release };
  return { header: { ...header, dims }, notes, chunks, vectors, hasVector, vectorPrecision: index.vectorPrecision };
}
