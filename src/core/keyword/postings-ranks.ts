import { ByteReader, ByteWriter, MalformedBytes } from "../persist/varint";

/**
 * The save-wide term order that the parts of one save share, kept after a part's postings (see `encodePostingParts`).
 * Each part lists its terms as strings, ascending; the trailer adds, per field, each term's rank among the distinct
 * terms of every part the save wrote. A load then joins the parts of one save by rank, reading each term's string
 * once for the save and comparing no strings, instead of reading and grouping every part's terms: the parts of a
 * 10,000-note save hold each term three times over on average.
 *
 * Layout after the postings: key (two uints, random per save) | fieldCount | per field: V (the save's distinct
 * terms) | termCount | each rank as the gap from the previous one (first: rank + 0; then rank − previous − 1) |
 * u32 LE byte length of all that | u32 LE "HVRK". A reader that doesn't know the trailer finds bytes after the
 * postings and refuses the part, as it refuses any unknown layout: it then analyses the texts again.
 */
const MAGIC = 0x4b525648; // "HVRK", little-endian
const FOOTER = 8;

/** One field's ranks in a part: `ranks[t]` is term t's rank among the `size` terms of its save. */
export interface FieldRanks {
  size: number;
  ranks: Int32Array;
}

/** A part's trailer: which save wrote it (`key`), and its fields' ranks in field order. */
export interface PartRanks {
  key: string;
  fields: FieldRanks[];
}

/** A key for one save: two random 32-bit numbers (two saves sharing one would join terms wrongly). */
export function newRanksKey(): [number, number] {
  const words = new Uint32Array(2);
  globalThis.crypto.getRandomValues(words);
  return [words[0]!, words[1]!];
}

/** Appends the trailer for `fields` (in field order) to `out`. */
export function writeRanks(out: ByteWriter, key: readonly [number, number], fields: readonly { size: number; ranks: readonly number[] }[]): void {
  const start = out.length;
  out.uint(key[0]);
  out.uint(key[1]);
  out.uint(fields.length);
  for (const { size, ranks } of fields) {
    out.uint(size);
    out.uint(ranks.length);
    let previous = -1;
    for (const rank of ranks) {
      out.uint(rank - previous - 1);
      previous = rank;
    }
  }
  const footer = new Uint8Array(FOOTER);
  const view = new DataView(footer.buffer);
  view.setUint32(0, out.length - start, true);
  view.setUint32(4, MAGIC, true);
  out.bytes(footer);
}

/**
 * Splits a part's bytes into its postings and its trailer. No trailer (a part written before it existed, or the
 * only part of its save): the bytes are the postings. A trailer that doesn't read (ranks not ascending, or past the
 * save's size) gives `ranks: "bad"`: the part is refused.
 */
export function splitRanks(bytes: Uint8Array): { postings: Uint8Array; ranks: PartRanks | undefined | "bad" } {
  if (bytes.length < FOOTER) return { postings: bytes, ranks: undefined };
  const view = new DataView(bytes.buffer, bytes.byteOffset + bytes.length - FOOTER, FOOTER);
  if (view.getUint32(4, true) !== MAGIC) return { postings: bytes, ranks: undefined };
  const length = view.getUint32(0, true);
  const start = bytes.length - FOOTER - length;
  if (start < 0) return { postings: bytes, ranks: undefined };
  const postings = bytes.subarray(0, start);
  try {
    const input = new ByteReader(bytes.subarray(start, bytes.length - FOOTER));
    const key = `${input.uint()}:${input.uint()}`;
    const count = input.count(64);
    const fields: FieldRanks[] = [];
    for (let f = 0; f < count; f++) {
      const size = input.count(0x7fffffff);
      const n = input.count(size);
      const ranks = new Int32Array(n);
      let rank = -1;
      for (let t = 0; t < n; t++) {
        rank += input.uint() + 1;
        if (rank >= size) return { postings, ranks: "bad" };
        ranks[t] = rank;
      }
      fields.push({ size, ranks });
    }
    return { postings, ranks: input.done ? { key, fields } : "bad" };
  } catch (e) {
    if (e instanceof MalformedBytes) return { postings, ranks: "bad" };
    throw e;
  }
}
