import { ByteReader, ByteWriter, MalformedBytes } from "../persist/varint";
import type { Steps } from "../persist/slices";
import type { FieldPostings } from "./field-postings";
import { PostingList } from "./posting-list";

/** Layout version of the postings section; decoding refuses any other. */
const POSTINGS_LAYOUT = 1;

/** Postings written or read between two yields. */
const POSTINGS_PER_SLICE = 20_000;

/** One field's inverted index as decoded, with document ids already translated for the receiving index. */
export interface DecodedField {
  prop: string;
  /** Ascending. */
  terms: string[];
  /** `lists[i]` belongs to `terms[i]`. */
  lists: PostingList[];
  /** Field length by document id. */
  lengths: Int32Array;
  documentCount: number;
}

/**
 * Encodes the text fields' inverted indexes with documents numbered by snapshot order: `ordinalOf[id]` is the
 * position of document `id` among the `chunkCount` saved chunks. Returns undefined when a listed document has no
 * position (the index and the snapshot disagree), so that nothing inconsistent is ever saved.
 *
 * Layout, all unsigned LEB128 (see `ByteWriter`): layout | chunkCount | fieldCount | per field: name | chunkCount
 * lengths by position | termCount | terms ascending | per term: n | n × (position, count).
 */
export function* encodePostings(
  fields: Readonly<Record<string, FieldPostings>>,
  ordinalOf: Int32Array,
  chunkCount: number,
): Steps<Uint8Array | undefined> {
  const out = new ByteWriter(1 << 16);
  out.uint(POSTINGS_LAYOUT);
  out.uint(chunkCount);
  const props = Object.keys(fields);
  out.uint(props.length);
  for (const prop of props) {
    const field = fields[prop];
    if (!field) return undefined;
    out.string(prop);
    const lengths = new Int32Array(chunkCount);
    ordinalOf.forEach((ordinal, id) => {
      if (ordinal >= 0) lengths[ordinal] = field.lengthOf(id);
    });
    for (const n of lengths) out.uint(n);
    const terms = field.vocabulary.terms();
    out.uint(terms.length);
    for (const term of terms) out.string(term);
    let sinceYield = 0;
    for (const term of terms) {
      const list = field.postings(term);
      if (!list) return undefined;
      out.uint(list.length);
      for (let k = 0; k < list.length; k++) {
        const ordinal = ordinalOf[list.ids[k] ?? -1] ?? -1;
        if (ordinal < 0) return undefined;
        out.uint(ordinal);
        out.uint(list.counts[k] ?? 0);
      }
      sinceYield += list.length + 1;
      if (sinceYield >= POSTINGS_PER_SLICE) {
        sinceYield = 0;
        yield;
      }
    }
  }
  return out.view();
}

/**
 * Decodes what `encodePostings` wrote for `chunkCount` chunks, numbering documents `idOf[position]` for the
 * receiving index. Returns undefined for anything that doesn't fit (other layout, other chunk count, positions out
 * of range, bytes left over): the caller then indexes the texts again instead.
 */
export function* decodePostings(bytes: Uint8Array, idOf: Int32Array, chunkCount: number): Steps<DecodedField[] | undefined> {
  const input = new ByteReader(bytes);
  try {
    if (input.uint() !== POSTINGS_LAYOUT || input.uint() !== chunkCount || idOf.length < chunkCount) return undefined;
    let maxId = 0;
    for (const id of idOf) maxId = Math.max(maxId, id);
    const fieldCount = input.count(64);
    const fields: DecodedField[] = [];
    for (let f = 0; f < fieldCount; f++) {
      const prop = input.string();
      const lengths = new Int32Array(maxId + 1);
      for (let i = 0; i < chunkCount; i++) lengths[idOf[i] ?? 0] = input.uint();
      const termCount = input.count(bytes.length);
      const terms: string[] = [];
      for (let t = 0; t < termCount; t++) {
        const term = input.string();
        // Ascending order is what lets the restored vocabulary skip a sort; anything else is not our file.
        if (t > 0 && !((terms[t - 1] ?? "") < term)) return undefined;
        terms.push(term);
      }
      const lists: PostingList[] = [];
      let sinceYield = 0;
      for (let t = 0; t < termCount; t++) {
        const n = input.count(chunkCount);
        const ids = new Int32Array(n);
        const counts = new Int32Array(n);
        for (let k = 0; k < n; k++) {
          ids[k] = idOf[input.count(chunkCount - 1)] ?? 0;
          counts[k] = input.uint();
        }
        lists.push(PostingList.from(ids, counts));
        sinceYield += n + 1;
        if (sinceYield >= POSTINGS_PER_SLICE) {
          sinceYield = 0;
          yield;
        }
      }
      fields.push({ prop, terms, lists, lengths, documentCount: chunkCount });
    }
    return input.done ? fields : undefined;
  } catch (e) {
    if (e instanceof MalformedBytes) return undefined;
    throw e;
  }
}
