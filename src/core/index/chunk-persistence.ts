import { adoptPages, pagesOf, type VectorPage } from "./saved-vector-pages";
import { restoreKeywordPartsSteps, restoreKeywordSteps, type KeywordPart } from "../keyword/keyword-restore";
import { encodePostingParts } from "../keyword/postings-parts";
import type { KeywordExport } from "../keyword/keyword-export";
import type { ChunkTables } from "./chunk-tables";
import type { IndexedChunk, SavedNote } from "./index-types";
import { SLICE_ITEMS } from "../shared/slices";

/**
 * Fills empty tables with saved notes (see `ChunkIndex.restoreSteps`). `restoreLanguages` reads the chunks'
 * languages back from the restored postings.
 */
export function* restoreChunksSteps(
  t: ChunkTables,
  restoreLanguages: () => void,
  saved: readonly SavedNote[],
  keywords: Uint8Array | readonly KeywordPart[] | undefined,
  perStep: number,
  rows: VectorPage | readonly VectorPage[] | undefined,
): Generator<void, boolean, void> {
  if (t.chunks.size > 0) throw new Error("restoreSteps needs an empty index");
  const order: IndexedChunk[] = [];
  /** Each restored chunk's internal id, as inserting it gave (keys-only inserts): no lookup by chunk id again. */
  const internalIds: number[] = [];
  const keysOnly = keywords !== undefined;
  const store = t.vectors;
  const slotOf = adoptPages(store, pagesOf(rows), t.dims);
  try {
    for (const { note, vectors, rows: rowOf } of saved) {
      const ids: string[] = [];
      t.byPath.set(note.path, ids);
      t.langs.noteAdded(note);
      for (let i = 0; i < note.chunks.length; i++) {
        const chunk = note.chunks[i]!;
        const slot = slotOf(rowOf?.[i] ?? -1);
        const entry = t.entryOf(note, chunk, slot === undefined ? vectors[i] : undefined);
        // A keys-only insert gives the internal id, where the entry goes without its id being looked up again.
        if (!keysOnly) t.chunks.set(chunk.id, entry);
        const internalId = t.insertDoc(entry, keysOnly);
        if (internalId !== undefined) t.chunks.setAt(internalId, entry);
        internalIds.push(internalId ?? 0);
        // The chunk's tie key is its internal id (ChunkTables.tieKey), which its insert just gave.
        if (slot !== undefined) store?.claim(chunk.id, chunk.path, slot, internalId);
        ids.push(chunk.id);
        order.push(entry);
        if (order.length % perStep === 0) yield;
      }
      // An exact copy for keeps: an array grown by pushes keeps spare room, some 5 MB over 50,000 notes' lists.
      t.byPath.set(note.path, ids.slice());
    }
  } finally {
    t.vectors?.settle();
  }
  t.textRevision++;
  if (keywords === undefined) return false;
  const idOf = Int32Array.from(internalIds);
  try {
    const target = {
      fields: t.db.postings.fields, analyzer: t.analyzer, order, idOf, perStep, restoreLanguages,
      choose: (entry: IndexedChunk) => t.langs.choose(entry),
      placed: (from: number, to: number) => t.notes.addMany(idOf, (i) => order[i]!.chunk.path, from, to, t.db.postings.fields),
    };
    const steps = keywords instanceof Uint8Array ? restoreKeywordSteps(keywords, target) : restoreKeywordPartsSteps(keywords, target);
    // Each step may have put postings in place (fields are adopted in one of them): what a search between steps kept
    // (term walks, posting lists, clause scores) must not outlive it.
    for (;;) {
      const step = steps.next();
      if (step.done) return step.value;
      t.textRevision++;
      yield;
    }
  } finally {
    t.textRevision++; // postings filled between steps: nothing kept from a search meanwhile may outlive them
  }
}

/** The text fields' postings with chunks numbered by their position in `ids` (see `ChunkIndex.exportKeywordSteps`). */
export function* exportKeywordSteps(t: ChunkTables, exported: KeywordExport, ids: readonly string[]): Generator<void, Uint8Array | undefined, void> {
  if (ids.length !== t.chunks.size) return undefined;
  const db = t.db;
  return yield* exported.steps({
    fields: db.postings.fields,
    internalIdOf: (id) => db.internalIdOf(id),
    internalIdCount: db.ids.length,
    has: (id) => t.chunks.has(id),
    revision: () => t.textRevision,
  }, ids);
}

/** The text fields' postings of each group of chunk ids (see `ChunkIndex.exportKeywordPartsSteps`). */
export function* exportKeywordPartsSteps(t: ChunkTables, groups: readonly (readonly string[])[]): Generator<void, Uint8Array[] | undefined, void> {
  const db = t.db;
  const partOf = new Int32Array(db.ids.length + 1).fill(-1);
  const ordinalOf = new Int32Array(db.ids.length + 1);
  let done = 0;
  for (const [part, ids] of groups.entries()) {
    for (const [ordinal, id] of ids.entries()) {
      const internalId = db.internalIdOf(id);
      if (internalId === undefined || !t.chunks.has(id)) return undefined;
      partOf[internalId] = part;
      ordinalOf[internalId] = ordinal;
      if (++done % (4 * SLICE_ITEMS) === 0) yield;
    }
  }
  return yield* encodePostingParts(db.postings.fields, partOf, ordinalOf, groups.map((g) => g.length));
}
