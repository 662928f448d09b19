import { ByteWriter } from "../persist/varint";
import type { Steps } from "../shared/slices";
import type { FieldPostings } from "./field-postings";
import { POSTINGS_LAYOUT } from "./postings-codec";

/** Postings handled between two yields. */
const PER_SLICE = 20_000;

/**
 * The postings of several disjoint sets of chunks (the segments of one save), each in the layout `encodePostings`
 * writes for a whole index, made in ONE pass over the vocabulary: a pass per set would cost a full walk of the
 * postings each. `partOf[internalId]` is the set a document belongs to (-1: none), `ordinalOf[internalId]` its
 * position inside its set, `counts[p]` the size of set p. Undefined when a field is missing.
 *
 * Each list is read only between the smallest and the largest id of the sets' members (see `PostingList.rangeOf`): a
 * checkpoint saves chunks indexed together, whose ids are close, and reading every posting of the index for them made
 * the checkpoints of a first index quadratic in the vault's size.
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
  const member = (part: number): boolean => part >= 0 && part < counts.length;
  const firstId = partOf.findIndex(member);
  let lastId = partOf.length - 1;
  while (lastId > firstId && !member(partOf[lastId] ?? -1)) lastId--;
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
      const [start, end] = firstId < 0 ? [0, 0] : list.rangeOf(firstId, lastId);
      const [listIds, listCounts] = [list.ids, list.counts];
      for (let k = start; k < end; k++) {
        const id = listIds[k] ?? 0;
        const part = partOf[id] ?? -1;
        const bucket = ids[part];
        if (!bucket) continue;
        if (bucket.length === 0) touched.push(part);
        bucket.push(ordinalOf[id] ?? 0);
        tf[part]?.push(listCounts[k] ?? 0);
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
      work += end - start + 1;
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
      for (const term of own) {
        out.string(term);
        if (++work >= PER_SLICE) {
          work = 0;
          yield;
        }
      }
      out.bytes(lists[p]?.view() ?? new Uint8Array(0));
      work += (lengths[p]?.length ?? 0) + 1;
      yield;
    }
    yield;
  }
  return outs.map((out) => out.view());
}
