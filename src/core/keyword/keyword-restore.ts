import type { Analyzer } from "../text/analyzer";
import { analyseChunksSteps } from "../index/chunk-fields";
import type { IndexedChunk } from "../index/index-types";
import { decodePostings } from "./postings-codec";
import { mergePostingParts, type PostingPart } from "./postings-merge";
import { encodePostingParts } from "./postings-parts";
import { FieldPostings, type PreparedField } from "./field-postings";
import type { DecodedField } from "./postings-codec";

/** What putting a saved keyword index back into a chunk index needs of it. */
export interface KeywordRestoreTarget {
  /** The index's text fields, empty: chunks were inserted with their text left out. */
  fields: Readonly<Record<string, FieldPostings>>;
  analyzer: Analyzer;
  /** The restored chunks, in the order the saved postings number them. */
  order: readonly IndexedChunk[];
  /** Internal id of each chunk of `order`. */
  idOf: Int32Array;
  /** Picks (and records) a chunk's language when its text must be analysed after all. */
  choose: (entry: IndexedChunk) => string;
  /** Reads the chunks' languages back from the restored postings. */
  restoreLanguages: () => void;
  /**
   * Called for the chunks `order[from…to)`, in order, once their field lengths are in place (the note table needs
   * them); every chunk is placed once.
   */
  placed: (from: number, to: number) => void;
  /** Chunks between yields when putting postings back. */
  perStep: number;
}

/**
 * Puts the saved postings in whole when they fit the index's fields, else analyses every chunk's text again (an
 * older layout, a damaged file). Returns whether the saved postings were used.
 */
export function* restoreKeywordSteps(keywords: Uint8Array, t: KeywordRestoreTarget): Generator<void, boolean, void> {
  const decoded = yield* decodePostings(keywords, t.idOf, t.order.length);
  const props = Object.keys(t.fields);
  const restored = decoded?.length === props.length && decoded.every((f) => props.includes(f.prop));
  if (decoded && restored) {
    yield* restoreFields(t, decoded);
    t.restoreLanguages();
  } else {
    // Analysing costs far more per chunk than putting it back, so it yields more often (see SyncedIndex's step size).
    yield* analyseChunksSteps(t.fields, t.analyzer, t.order, t.idOf, t.choose, Math.min(t.perStep, 8));
  }
  yield* placeAll(t);
  return restored;
}

/**
 * Saved postings of one segment: `rows[ordinal]` is the position in the restore order of the segment's chunk
 * `ordinal`, -1 for a chunk that is not restored (a dead row). `bytes` undefined: the segment saved no postings.
 */
export interface KeywordPart {
  bytes: Uint8Array | undefined;
  rows: Int32Array;
}

/**
 * `restoreKeywordSteps` over segments: the saved postings of every part go in joined. The chunks no part covers
 * (small segments save none) are analysed first into postings of their own, which join the merge as one more part:
 * analysed into the merged index instead, each of their terms' lists (every common word's) would be decoded and
 * sorted at load, tens of MB and hundreds of ms at 50,000 notes. When the parts can't be used, every chunk is
 * analysed. Returns whether saved postings were used.
 */
export function* restoreKeywordPartsSteps(parts: readonly KeywordPart[], t: KeywordRestoreTarget): Generator<void, boolean, void> {
  const covered = new Uint8Array(t.order.length);
  const usable: PostingPart[] = parts.flatMap((p) => {
    if (!p.bytes) return [];
    const idOf = Int32Array.from(p.rows, (row) => (row >= 0 ? (t.idOf[row] ?? -1) : -1));
    for (const row of p.rows) if (row >= 0) covered[row] = 1;
    return [{ bytes: p.bytes, idOf }];
  });
  let maxId = 0;
  for (const id of t.idOf) maxId = Math.max(maxId, id);
  const rest: number[] = [];
  for (let i = 0; i < covered.length; i++) if (!covered[i]) rest.push(i);
  // With no saved part to join, the analysed postings go straight into the index (nothing to decode there).
  let joined = false;
  if (usable.length > 0 && rest.length > 0) {
    const analysed = yield* analysedPart(t, rest);
    if (analysed) usable.push(analysed);
    joined = analysed !== undefined;
  }
  const merged = usable.length > 0 ? yield* mergePostingParts(usable, maxId) : undefined;
  const props = Object.keys(t.fields);
  const restored = merged?.length === props.length && merged.every((f) => props.includes(f.prop));
  if (merged && restored) {
    yield* restoreFields(t, merged);
    t.restoreLanguages();
  }
  if (!restored || !joined) {
    const order = restored ? rest : t.order.map((_, i) => i);
    const chunks = order.map((i) => t.order[i] as IndexedChunk);
    yield* analyseChunksSteps(t.fields, t.analyzer, chunks, Int32Array.from(order, (i) => t.idOf[i] ?? 0), t.choose, Math.min(t.perStep, 8));
  }
  yield* placeAll(t);
  return restored;
}

/**
 * The chunks `rows` of `t.order`, analysed into postings of their own and encoded as one saved part would be (their
 * languages chosen and recorded on the way); undefined when the fields can't be encoded.
 */
function* analysedPart(t: KeywordRestoreTarget, rows: readonly number[]): Generator<void, PostingPart | undefined, void> {
  const fields: Record<string, FieldPostings> = {};
  for (const prop of Object.keys(t.fields)) fields[prop] = new FieldPostings();
  const order = rows.map((i) => t.order[i] as IndexedChunk);
  const local = Int32Array.from(rows, (_, k) => k);
  // Analysing costs far more per chunk than putting it back, so it yields more often (see SyncedIndex's step size).
  yield* analyseChunksSteps(fields, t.analyzer, order, local, t.choose, Math.min(t.perStep, 8));
  const bytes = yield* encodePostingParts(fields, new Int32Array(rows.length), local, [rows.length]);
  const idOf: Int32Array = Int32Array.from(rows, (i) => t.idOf[i] ?? -1);
  return bytes?.[0] ? { bytes: bytes[0], idOf } : undefined;
}

/**
 * Puts the decoded fields in place: each made ready in steps, then all of them in one go, so that a search between
 * the steps sees none of them restored rather than some.
 */
function* restoreFields(t: KeywordRestoreTarget, decoded: readonly DecodedField[]): Generator<void, void, void> {
  const ready: [FieldPostings, PreparedField][] = [];
  for (const f of decoded) {
    const field = t.fields[f.prop];
    if (field) ready.push([field, yield* FieldPostings.prepare(f.terms, f.lists, f.lengths, f.documentCount)]);
  }
  for (const [field, prepared] of ready) field.adopt(prepared);
}

/** `placed` for every restored chunk, `perStep` chunks a step. */
function* placeAll(t: KeywordRestoreTarget): Generator<void, void, void> {
  for (let from = 0; from < t.order.length; from += t.perStep) {
    if (from > 0) yield;
    t.placed(from, Math.min(t.order.length, from + t.perStep));
  }
}
