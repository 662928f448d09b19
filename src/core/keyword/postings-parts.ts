import { ByteReader, ByteWriter, MalformedBytes } from "../persist/varint";
import type { Steps } from "../shared/slices";
import type { FieldPostings } from "./field-postings";
import { PostingList } from "./posting-list";
import { POSTINGS_LAYOUT, Slab, type DecodedField } from "./postings-codec";

/** Postings handled between two yields. */
const PER_SLICE = 20_000;

/**
 * The postings of several disjoint sets of chunks (the segments of one save), each in the layout `encodePostings`
 * writes for a whole index, made in ONE pass over the vocabulary: a pass per set would cost a full walk of the
 * postings each. `partOf[internalId]` is the set a document belongs to (-1: none), `ordinalOf[internalId]` its
 * position inside its set, `counts[p]` the size of set p. Undefined when a field is missing.
 */
export function* encodePostingParts(
  fields: Readonly<Record<string, FieldPostings>>,
  partOf: Int32Array,
  ordinalOf: Int32Array,
  counts: readonly number[],
): Steps<Uint8Array[] | undefined> {
  const props = Object.keys(fields);
  const outs = counts.map((n) => {
    const out = new ByteWriter(1 << 12);
    out.uint(POSTINGS_LAYOUT);
    out.uint(n);
    out.uint(props.length);
    return out;
  });
  let work = 0;
  for (const prop of props) {
    const field = fields[prop];
    if (!field) return undefined;
    const lengths = counts.map((n) => new Int32Array(n));
    partOf.forEach((part, id) => {
      const into = lengths[part];
      if (into) into[ordinalOf[id] ?? 0] = field.lengthOf(id);
    });
    // Per set: its terms, and their lists in a writer of their own (the layout puts every term before any list).
    const terms = counts.map(() => [] as string[]);
    const lists = counts.map(() => new ByteWriter(1 << 12));
    const ids = counts.map(() => [] as number[]);
    const tf = counts.map(() => [] as number[]);
    const touched: number[] = [];
    for (const term of field.vocabulary.terms()) {
      const list = field.postings(term);
      if (!list) return undefined;
      for (let k = 0; k < list.length; k++) {
        const id = list.ids[k] ?? 0;
        const part = partOf[id] ?? -1;
        const bucket = ids[part];
        if (!bucket) continue;
        if (bucket.length === 0) touched.push(part);
        bucket.push(ordinalOf[id] ?? 0);
        tf[part]?.push(list.counts[k] ?? 0);
      }
      for (const part of touched) {
        const [bucket, counted, out] = [ids[part] ?? [], tf[part] ?? [], lists[part] as ByteWriter];
        terms[part]?.push(term);
        out.uint(bucket.length);
        for (let k = 0; k < bucket.length; k++) {
          out.uint(bucket[k] ?? 0);
          out.uint(counted[k] ?? 0);
        }
        bucket.length = 0;
        counted.length = 0;
      }
      touched.length = 0;
      work += list.length + 1;
      if (work >= PER_SLICE) {
        work = 0;
        yield;
      }
    }
    for (const [p, out] of outs.entries()) {
      out.string(prop);
      for (const n of lengths[p] ?? []) out.uint(n);
      const own = terms[p] ?? [];
      out.uint(own.length);
      for (const term of own) out.string(term);
      out.bytes(lists[p]?.view() ?? new Uint8Array(0));
    }
    yield;
  }
  return outs.map((out) => out.view());
}

/** One set's saved postings for the restore: `idOf[ordinal]` is the chunk's internal id, -1 for a chunk left out. */
export interface PostingPart {
  bytes: Uint8Array;
  idOf: Int32Array;
}

/**
 * Decodes every part and joins them into one inverted index per field, numbered by internal id (documents of a
 * part left out are dropped). Undefined when any part doesn't decode or the parts' fields differ: the caller then
 * analyses the texts instead.
 */
export function* mergePostingParts(parts: readonly PostingPart[], maxId: number): Steps<DecodedField[] | undefined> {
  const byProp = new Map<string, { lengths: Int32Array; docs: number; fields: PartField[] }>();
  for (const part of parts) {
    const decoded = yield* decodePart(part);
    if (!decoded) return undefined;
    if (byProp.size > 0 && (decoded.length !== byProp.size || decoded.some((f) => !byProp.has(f.prop)))) return undefined;
    for (const f of decoded) {
      let into = byProp.get(f.prop);
      if (!into) byProp.set(f.prop, (into = { lengths: new Int32Array(maxId + 1), docs: 0, fields: [] }));
      into.docs += f.docs;
      for (let i = 0; i < f.lengths.length; i++) {
        const id = part.idOf[i] ?? -1;
        if (id >= 0 && id <= maxId) into.lengths[id] = f.lengths[i] ?? 0;
      }
      into.fields.push(f);
      yield;
    }
  }
  const out: DecodedField[] = [];
  for (const [prop, f] of byProp) {
    const { terms, lists } = yield* mergeSortedTerms(f.fields);
    out.push({ prop, terms, lists, lengths: f.lengths, documentCount: f.docs });
    yield;
  }
  return out;
}

/**
 * Joins the parts' term lists, each sorted (a part's terms come in vocabulary order), in one k-way merge: a term
 * in several parts gets their lists end to end, in part order, in slabs of the merge's own. No map of every term and no sort of the whole
 * vocabulary, which was most of a restart's keyword time.
 */
function* mergeSortedTerms(fields: readonly PartField[]): Steps<{ terms: string[]; lists: PostingList[] }> {
  const terms: string[] = [];
  const lists: PostingList[] = [];
  const at = new Int32Array(fields.length);
  // A binary heap of part numbers, ordered by their current term (ties by part, so lists join in part order).
  const heap: number[] = [];
  const less = (a: number, b: number): boolean => {
    const ta = fields[a]!.terms[at[a]!]!;
    const tb = fields[b]!.terms[at[b]!]!;
    return ta < tb || (ta === tb && a < b);
  };
  const down = (i: number): void => {
    for (;;) {
      const l = 2 * i + 1;
      if (l >= heap.length) return;
      const c = l + 1 < heap.length && less(heap[l + 1]!, heap[l]!) ? l + 1 : l;
      if (!less(heap[c]!, heap[i]!)) return;
      [heap[c], heap[i]] = [heap[i]!, heap[c]!];
      i = c;
    }
  };
  fields.forEach((f, p) => {
    if (f.terms.length > 0) heap.push(p);
  });
  for (let i = (heap.length >> 1) - 1; i >= 0; i--) down(i);
  const slab = new Slab();
  const same: PostingList[] = [];
  let work = 0;
  while (heap.length > 0) {
    const term = fields[heap[0]!]!.terms[at[heap[0]!]!]!;
    while (heap.length > 0) {
      const p = heap[0]!;
      const f = fields[p]!;
      if (f.terms[at[p]!] !== term) break;
      same.push(f.lists[at[p]!]!);
      if (++at[p]! < f.terms.length) down(0);
      else {
        heap[0] = heap[heap.length - 1]!;
        heap.pop();
        down(0);
      }
    }
    terms.push(term);
    // Copied even from one part: a view would keep the part's whole slab (lists of joined terms too) alive.
    lists.push(joinLists(same, slab));
    same.length = 0;
    if (++work >= PER_SLICE) {
      work = 0;
      yield;
    }
  }
  return { terms, lists };
}

function joinLists(lists: readonly PostingList[], slab: Slab): PostingList {
  const n = lists.reduce((a, l) => a + l.length, 0);
  const { ids, counts } = slab.take(n);
  let at = 0;
  for (const l of lists) {
    ids.set(l.ids.subarray(0, l.length), at);
    counts.set(l.counts.subarray(0, l.length), at);
    at += l.length;
  }
  return PostingList.from(ids, counts);
}

interface PartField {
  prop: string;
  /** Ascending, as the part saved them. */
  terms: string[];
  lists: PostingList[];
  /** The field length of each of the part's chunks, by ordinal (those left out included). */
  lengths: Uint32Array;
  docs: number;
}

function* decodePart(part: PostingPart): Steps<PartField[] | undefined> {
  const input = new ByteReader(part.bytes);
  const chunkCount = part.idOf.length;
  try {
    if (input.uint() !== POSTINGS_LAYOUT || input.uint() !== chunkCount) return undefined;
    const kept = part.idOf.reduce((a, id) => a + (id >= 0 ? 1 : 0), 0);
    const fieldCount = input.count(64);
    const fields: PartField[] = [];
    for (let f = 0; f < fieldCount; f++) {
      const prop = input.string();
      const lengths = new Uint32Array(chunkCount);
      for (let i = 0; i < chunkCount; i++) lengths[i] = input.uint();
      const termCount = input.count(part.bytes.length);
      const all: string[] = [];
      for (let t = 0; t < termCount; t++) all.push(input.string());
      // The merge relies on each part's terms ascending, as every save writes them.
      for (let t = 1; t < termCount; t++) if (!(all[t - 1]! < all[t]!)) return undefined;
      const terms: string[] = [];
      const lists: PostingList[] = [];
      // Lists are views into shared slabs, as in `decodePostings`: one typed array per term costs the collector.
      const slab = new Slab();
      let work = 0;
      for (let t = 0; t < termCount; t++) {
        const n = input.count(chunkCount);
        const { ids, counts } = slab.take(n);
        let m = 0;
        for (let k = 0; k < n; k++) {
          const id = part.idOf[input.count(chunkCount - 1)] ?? -1;
          const count = input.uint();
          if (id < 0) continue;
          ids[m] = id;
          counts[m++] = count;
        }
        if (m > 0) {
          terms.push(all[t] ?? "");
          lists.push(PostingList.from(m === n ? ids : ids.subarray(0, m), m === n ? counts : counts.subarray(0, m)));
        }
        work += n + 1;
        if (work >= PER_SLICE) {
          work = 0;
          yield;
        }
      }
      fields.push({ prop, terms, lists, lengths, docs: kept });
    }
    return input.done ? fields : undefined;
  } catch (e) {
    if (e instanceof MalformedBytes) return undefined;
    throw e;
  }
}
