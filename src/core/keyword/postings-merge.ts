import { ByteReader, MalformedBytes } from "../persist/varint";
import type { Steps } from "../shared/slices";
import { PostingList } from "./posting-list";
import { POSTINGS_LAYOUT, Slab, type DecodedField } from "./postings-codec";

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
 * Each field is read twice. The first pass reads the parts' terms and counts each term's postings, and the
 * distinct terms, sorted once, give every term its place (`mergeTerms`); the second decodes each list straight into
 * the place of its merged list. No list is decoded into a part's own arrays and copied again, and nothing is made
 * per term and part: those copies and short-lived objects were most of a segmented restore's keyword time.
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
      readers.push({ bytes, input, idOf, kept, holes: kept < idOf.length, terms: [], keptOf: none, slotOf: none, listsAt: 0, listsEnd: 0 });
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
  const scratch = new Scratch();
  const lengths = new Int32Array(maxId + 1);
  let prop: string | undefined;
  let documentCount = 0;
  // Pass 1: the field's lengths and terms, and the postings each term keeps.
  for (const r of readers) {
    const name = r.input.string();
    if (prop !== undefined && name !== prop) return undefined;
    prop = name;
    readLengths(r, lengths);
    documentCount += r.kept;
    if (!readTerms(r)) return undefined;
    r.keptOf = new Int32Array(r.terms.length);
    r.listsAt = r.input.offset;
    for (let t = 0; t < r.terms.length; yield) t = countLists(r, t, scratch);
    r.listsEnd = r.input.offset;
  }
  const { terms, lists } = mergeTerms(readers);
  yield;
  // Pass 2: each part's lists, decoded into their merged lists, parts in order.
  const filled = new Int32Array(lists.length);
  for (const r of readers) {
    const input = new ByteReader(r.bytes.subarray(r.listsAt, r.listsEnd));
    for (let t = 0; t < r.slotOf.length; yield) t = decodeLists(r, input, t, lists, filled, scratch);
    if (!input.done) return undefined;
    r.terms = [];
  }
  return { prop: prop ?? "", terms, lists, lengths, documentCount };
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

/** Pass 1 over a part's lists from term `from`, for about `PER_SLICE` postings: counts what each term keeps. */
function countLists(r: PartReader, from: number, scratch: Scratch): number {
  const { input, idOf, keptOf } = r;
  const chunkCount = idOf.length;
  let work = 0;
  let t = from;
  for (; t < keptOf.length && work < PER_SLICE; t++) {
    const n = input.count(chunkCount);
    if (r.holes) keptOf[t] = scratch.read(input, n, chunkCount, idOf);
    else {
      input.skipUints(2 * n);
      keptOf[t] = n;
    }
    work += n + 1;
  }
  return t;
}

/** Pass 2 over a part's lists from term `from`, for about `PER_SLICE` postings: decodes them into their merged lists. */
function decodeLists(r: PartReader, input: ByteReader, from: number, lists: readonly PostingList[], filled: Int32Array, scratch: Scratch): number {
  const { idOf, slotOf } = r;
  const chunkCount = idOf.length;
  let work = 0;
  let t = from;
  for (; t < slotOf.length && work < PER_SLICE; t++) {
    const n = input.count(chunkCount);
    const slot = slotOf[t]!;
    const list = lists[slot];
    if (!list) {
      scratch.read(input, n, chunkCount, idOf);
    } else if (r.holes) {
      filled[slot] = scratch.copyKept(input, n, chunkCount, idOf, list, filled[slot]!);
    } else {
      const ids = list.ids;
      const at = filled[slot]!;
      input.uintPairs(n, chunkCount - 1, ids, list.counts, at);
      for (let k = at; k < at + n; k++) ids[k] = idOf[ids[k]!]!;
      filled[slot] = at + n;
    }
    work += n + 1;
  }
  return t;
}

/**
 * Joins the parts' terms: gives each part's term its merged term (`slotOf`), and each merged term, in ascending
 * order, a list sized for every part's kept postings, in slabs (one typed array per list would cost the collector).
 * A term no part keeps a posting of is left out. Terms are grouped by a map and only the distinct ones sorted: a
 * k-way merge compared strings several times per term of every part, and cost twice as much.
 */
function mergeTerms(readers: readonly PartReader[]): { terms: string[]; lists: PostingList[] } {
  const slotByTerm = new Map<string, number>();
  const found: string[] = [];
  const sizes: number[] = [];
  for (const r of readers) {
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
  // The default sort orders strings by UTF-16 code units, as `<` does (and every save its terms), without calling
  // a comparator per pair. First-seen order is a few long ascending runs (each part's new terms), which it merges.
  const terms = found.sort();
  const rankOf = new Int32Array(terms.length);
  const slab = new Slab();
  const lists: PostingList[] = [];
  for (const [rank, term] of terms.entries()) {
    const slot = slotByTerm.get(term)!;
    rankOf[slot] = rank;
    const { ids, counts } = slab.take(sizes[slot]!);
    lists.push(PostingList.from(ids, counts));
  }
  for (const r of readers) {
    const slotOf = r.slotOf;
    for (let t = 0; t < slotOf.length; t++) if (slotOf[t]! >= 0) slotOf[t] = rankOf[slotOf[t]!]!;
  }
  return { terms, lists };
}

/** A reusable pair of arrays for lists that are read only to count, or to copy without the chunks left out. */
class Scratch {
  private ids = new Int32Array(256);
  private counts = new Int32Array(256);

  /** Reads `n` postings; returns how many belong to chunks kept. */
  read(input: ByteReader, n: number, chunkCount: number, idOf: Int32Array): number {
    this.fill(input, n, chunkCount);
    let kept = 0;
    for (let k = 0; k < n; k++) if (idOf[this.ids[k]!]! >= 0) kept++;
    return kept;
  }

  /** Reads `n` postings into `list` from `at` on, numbered by internal id, dropping those left out; returns the end. */
  copyKept(input: ByteReader, n: number, chunkCount: number, idOf: Int32Array, list: PostingList, at: number): number {
    this.fill(input, n, chunkCount);
    const ids = list.ids;
    const counts = list.counts;
    let end = at;
    for (let k = 0; k < n; k++) {
      const id = idOf[this.ids[k]!]!;
      if (id < 0) continue;
      ids[end] = id;
      counts[end++] = this.counts[k]!;
    }
    return end;
  }

  private fill(input: ByteReader, n: number, chunkCount: number): void {
    if (n > this.ids.length) {
      const size = Math.max(n, this.ids.length * 2);
      this.ids = new Int32Array(size);
      this.counts = new Int32Array(size);
    }
    input.uintPairs(n, chunkCount - 1, this.ids, this.counts);
  }
}
