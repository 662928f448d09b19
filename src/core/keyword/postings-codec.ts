import { ByteReader, ByteWriter, MalformedBytes } from "../persist/varint";
import type { Steps } from "../shared/slices";
import type { FieldPostings } from "./field-postings";
import { PostingList } from "./posting-list";

/**
 * Layout version of the postings section; decoding refuses any other. It also versions the analyzer: saved terms are
 * what it made of the texts, so a change to it bumps this number, and a saved index then analyses its chunk texts
 * again at load instead of restoring postings. Vectors are saved apart and keyed by chunking, so they are kept.
 * 2: per-language stemming and stop words, language markers, the character-pair field.
 * 3: eleven more languages, French/Italian elision, Hungarian stems, Khmer subscripts kept whole in pairs.
 * 4: Korean (Hangul) words also as character pairs; ł, ø, ß, ı and the other undecomposed letters folded.
 */
export const POSTINGS_LAYOUT = 4;

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
  let work = 0;
  for (const prop of props) {
    const field = fields[prop];
    if (!field) return undefined;
    out.string(prop);
    const lengths = new Int32Array(chunkCount);
    ordinalOf.forEach((ordinal, id) => {
      if (ordinal >= 0) lengths[ordinal] = field.lengthOf(id);
    });
    for (const [i, n] of lengths.entries()) {
      out.uint(n);
      if (i % POSTINGS_PER_SLICE === POSTINGS_PER_SLICE - 1) yield;
    }
    const terms = field.vocabulary.terms();
    yield;
    out.uint(terms.length);
    for (const [i, term] of terms.entries()) {
      out.string(term);
      if (i % (POSTINGS_PER_SLICE / 4) === 0) yield;
    }
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
      work += list.length + 1;
      if (work >= POSTINGS_PER_SLICE) {
        work = 0;
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
      // Every list of the field is a view into one pair of arrays (a list that grows moves out to its own): tens of
      // thousands of small buffers would each cost the garbage collector bookkeeping in every pause.
      const slab = new Slab();
      let sinceYield = 0;
      for (let t = 0; t < termCount; t++) {
        const n = input.count(chunkCount);
        const { ids, counts } = slab.take(n);
        input.uintPairs(n, chunkCount - 1, ids, counts);
        for (let k = 0; k < n; k++) ids[k] = idOf[ids[k]!] ?? 0;
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

/** Postings per pair of arrays: 256 KB each, few enough buffers, little left unused. */
const SLAB_POSTINGS = 65_536;

/** Hands out consecutive pieces of two Int32Arrays, allocating a bigger pair only when one runs out. */
export class Slab {
  private ids = new Int32Array(0);
  private counts = new Int32Array(0);
  private used = 0;

  take(n: number): { ids: Int32Array; counts: Int32Array } {
    if (this.used + n > this.ids.length) {
      const size = Math.max(n, SLAB_POSTINGS);
      this.ids = new Int32Array(size);
      this.counts = new Int32Array(size);
      this.used = 0;
    }
    const at = this.used;
    this.used += n;
    return { ids: this.ids.subarray(at, at + n), counts: this.counts.subarray(at, at + n) };
  }
}
