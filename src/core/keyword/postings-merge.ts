import { ByteReader, MalformedBytes } from "../persist/varint";
import type { Steps } from "../shared/slices";
import { DeferredLists, type DeferredPart } from "./deferred-lists";
import { PostingList } from "./posting-list";
import { POSTINGS_LAYOUT, type DecodedField } from "./postings-codec";

/** Postings handled between two yields. */
const PER_SLICE = 20_000;

/** One set's saved postings for the restore: `idOf[ordinal]` is the chunk's internal id, -1 for a chunk left out. */
export interface PostingPart {
  bytes: Uint8Array;
  idOf: Int32Array;
}

/** Where the merge stands in one part's bytes, and what it read of the field being merged. */
interface PartReader {
  bytes: Uint8Array;
  input: ByteReader;
  idOf: Int32Array;
  /** Chunks the part kept (ids ≥ 0). */
  kept: number;
  /** Some chunk of the part is left out: its lists are read to count the postings kept. */
  holes: boolean;
  /** The field's terms in this part, ascending. */
  terms: string[];
  /** Postings of each term the part keeps. */
  keptOf: Int32Array;
  /** The merged term each of the part's terms went to; -1 when the part keeps none of its postings. */
  slotOf: Int32Array;
  /** Where each of the part's terms' list starts in its bytes. */
  listAt: Int32Array;
  /** The field's lists in the part's bytes: [listsAt, listsEnd). */
  listsAt: number;
  listsEnd: number;
}

/**
 * Decodes every part's postings (as `encodePostingParts` wrote them, each part in the layout `encodePostings`
 * writes for a whole index) and joins them into one inverted index per field, numbered by internal id: a term in
 * several parts gets their lists end to end, in part order; documents a part leaves out are dropped. Undefined
 * when any part doesn't decode or the parts' fields differ (in name or order): the caller then analyses the texts.
 *
 * Each field's bytes are read once: the parts' terms, and each term's postings counted (and where its list lies).
 * The distinct terms, sorted once, give every term its place (`mergeTerms`), and each merged list is made deferred
 * (`PostingList.deferred`): its postings are decoded from the parts' bytes when something first reads them
 * (`DeferredLists`). A load needs every term and its document frequency, but the postings of few terms; decoding
 * them all was a fifth of a 10,000-note load.
 */
export function* mergePostingParts(parts: readonly PostingPart[], maxId: number): Steps<DecodedField[] | undefined> {
  try {
    const readers: PartReader[] = [];
    let fieldCount = -1;
    for (const { bytes, idOf } of parts) {
      const input = new ByteReader(bytes);
      if (input.uint() !== POSTINGS_LAYOUT || input.uint() !== idOf.length) return undefined;
      const fields = input.count(64);
      if (fieldCount >= 0 && fields !== fieldCount) return undefined;
      fieldCount = fields;
      let kept = 0;
      for (const id of idOf) if (id >= 0) kept++;
      const none = new Int32Array(0);
      readers.push({ bytes, input, idOf, kept, holes: kept < idOf.length, terms: [], keptOf: none, slotOf: none, listAt: none, listsAt: 0, listsEnd: 0 });
    }
    const out: DecodedField[] = [];
    for (let f = 0; f < fieldCount; f++) {
      const field = yield* mergeField(readers, maxId);
      if (!field || out.some((o) => o.prop === field.prop)) return undefined;
      out.push(field);
      yield;
    }
    return readers.every((r) => r.input.done) ? out : undefined;
  } catch (e) {
    if (e instanceof MalformedBytes) return undefined;
    throw e;
  }
}

/**
 * The next field of every part, merged; undefined when the parts name it differently. The loops over terms and
 * postings live in plain functions, run a slice at a time: a load runs this once, and the engine optimizes a
 * function called again and again much sooner than a long loop inside a generator.
 */
function* mergeField(readers: readonly PartReader[], maxId: number): Steps<DecodedField | undefined> {
  const lengths = new Int32Array(maxId + 1);
  let prop: string | undefined;
  let documentCount = 0;
  // The field's lengths and terms, and the postings each term keeps.
  for (const r of readers) {
    const name = r.input.string();
    if (prop !== undefined && name !== prop) return undefined;
    prop = name;
    readLengths(r, lengths);
    documentCount += r.kept;
    if (!readTerms(r)) return undefined;
    r.keptOf = new Int32Array(r.terms.length);
    r.listAt = new Int32Array(r.terms.length);
    r.listsAt = r.input.offset;
    for (let t = 0; t < r.terms.length; yield) t = countLists(r, t);
    r.listsEnd = r.input.offset;
  }
  const { terms, sizes } = yield* mergeTerms(readers);
  yield;
  const source = yield* deferredLists(readers, sizes.length);
  const lists: PostingList[] = [];
  for (let rank = 0; rank < sizes.length; rank++) lists.push(PostingList.deferred(sizes[rank]!, source, rank));
  for (const r of readers) r.terms = [];
  return { prop: prop ?? "", terms, lists, lengths, documentCount };
}

/**
 * Where each merged list of the field just read lies in the parts: per merged term, its lists in part order. The
 * parts' lists are copied out of the file's bytes (a view would keep each whole segment file alive).
 */
function* deferredLists(readers: readonly PartReader[], termCount: number): Steps<DeferredLists> {
  const start = new Int32Array(termCount + 1);
  for (const r of readers) for (const slot of r.slotOf) if (slot >= 0) start[slot + 1]!++;
  for (let t = 0; t < termCount; t++) start[t + 1]! += start[t]!;
  const next = start.slice(0, termCount);
  const part = new Int32Array(start[termCount]!);
  const at = new Int32Array(start[termCount]!);
  const parts: DeferredPart[] = [];
  for (const [p, r] of readers.entries()) {
    parts.push({ bytes: r.bytes.slice(r.listsAt, r.listsEnd), idOf: r.idOf, holes: r.holes });
    placeLists(r, p, next, part, at);
    yield;
  }
  return new DeferredLists(parts, start, part, at);
}

/** Where part `p`'s lists go among the merged ones: `next[slot]` is the next free place of merged list `slot`. */
function placeLists(r: PartReader, p: number, next: Int32Array, part: Int32Array, at: Int32Array): void {
  const { slotOf, listAt } = r;
  for (let t = 0; t < slotOf.length; t++) {
    const slot = slotOf[t]!;
    if (slot < 0) continue;
    const k = next[slot]!++;
    part[k] = p;
    at[k] = listAt[t]! - r.listsAt;
  }
}

/** A part's field lengths, into `lengths` by internal id. */
function readLengths(r: PartReader, lengths: Int32Array): void {
  const { input, idOf } = r;
  const maxId = lengths.length - 1;
  for (let i = 0; i < idOf.length; i++) {
    const n = input.uint();
    const id = idOf[i]!;
    if (id >= 0 && id <= maxId) lengths[id] = n;
  }
}

/** A part's terms into `r.terms`; false when they are not ascending (not a file a save wrote). */
function readTerms(r: PartReader): boolean {
  const input = r.input;
  const termCount = input.count(r.bytes.length);
  const terms: string[] = [];
  for (let t = 0; t < termCount; t++) {
    const term = input.string();
    // The merge relies on each part's terms ascending, as every save writes them.
    if (t > 0 && !(terms[t - 1]! < term)) return false;
    terms.push(term);
  }
  r.terms = terms;
  return true;
}

/** A part's lists's lists from term `from`, for about `PER_SLICE` postings: counts what each term keeps. */
function countLists(r: PartReader, from: number): number {
  const { input, idOf, keptOf, listAt } = r;
  const chunkCount = idOf.length;
  let work = 0;
  let t = from;
  for (; t < keptOf.length && work < PER_SLICE; t++) {
    listAt[t] = input.offset;
    const n = input.count(chunkCount);
    if (r.holes) keptOf[t] = input.countKept(n, chunkCount - 1, idOf);
    else {
      input.skipUints(2 * n);
      keptOf[t] = n;
    }
    work += n + 1;
  }
  return t;
}

/**
 * Joins the parts' terms: gives each part's term its merged term (`slotOf`, the term's rank), and each merged term,
 * in ascending order, the number of postings every part keeps of it (`sizes`). A term no part keeps a posting of is
 * left out. Terms are grouped by a map and only the distinct ones sorted: a
 * k-way merge compared strings several times per term of every part, and cost twice as much.
 */
function* mergeTerms(readers: readonly PartReader[]): Steps<{ terms: string[]; sizes: Int32Array }> {
  const slotByTerm = new Map<string, number>();
  const found: string[] = [];
  const sizes: number[] = [];
  // A part at a time, in plain functions (see `mergeField`): at 50,000 notes each pass over every term took 30 ms
  // and more in one go.
  for (const r of readers) {
    slotTerms(r, slotByTerm, found, sizes);
    yield;
  }
  // The default sort orders strings by UTF-16 code units, as `<` does (and every save its terms), without calling
  // a comparator per pair. First-seen order is a few long ascending runs (each part's new terms), which it merges.
  const terms = found.sort();
  yield;
  const rankOf = new Int32Array(terms.length);
  const sizeOf = new Int32Array(terms.length);
  for (let from = 0; from < terms.length; from += PER_SLICE) {
    rankTerms(terms, slotByTerm, sizes, rankOf, sizeOf, from, Math.min(terms.length, from + PER_SLICE));
    yield;
  }
  for (const r of readers) {
    const slotOf = r.slotOf;
    for (let t = 0; t < slotOf.length; t++) if (slotOf[t]! >= 0) slotOf[t] = rankOf[slotOf[t]!]!;
    yield;
  }
  return { terms, sizes: sizeOf };
}

/** Gives each term part `r` keeps a posting of its merged term (first seen, first numbered), counting its postings. */
function slotTerms(r: PartReader, slotByTerm: Map<string, number>, found: string[], sizes: number[]): void {
  const { terms, keptOf } = r;
  const slotOf = (r.slotOf = new Int32Array(terms.length).fill(-1));
  for (let t = 0; t < terms.length; t++) {
    const kept = keptOf[t]!;
    if (kept === 0) continue;
    const term = terms[t]!;
    let slot = slotByTerm.get(term);
    if (slot === undefined) {
      slot = found.length;
      slotByTerm.set(term, slot);
      found.push(term);
      sizes.push(0);
    }
    sizes[slot]! += kept;
    slotOf[t] = slot;
  }
}

/** The rank of the merged terms `sorted[from…to)`, by first-seen number, and their sizes by rank. */
function rankTerms(sorted: readonly string[], slotByTerm: ReadonlyMap<string, number>, sizes: readonly number[], rankOf: Int32Array, sizeOf: Int32Array, from: number, to: number): void {
  for (let rank = from; rank < to; rank++) {
    const slot = slotByTerm.get(sorted[rank]!)!;
    rankOf[slot] = rank;
    sizeOf[rank] = sizes[slot]!;
  }
}
