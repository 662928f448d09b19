import { ByteReader, MalformedBytes } from "../persist/varint";
import type { PostingSource } from "./posting-list";
import { Slab } from "./postings-codec";

/** One part's postings of one field, as a merge leaves them for later: its lists' bytes and how to number them. */
export interface DeferredPart {
  /** The field's lists in the part, back to back (a copy: a view would keep the whole segment file alive). */
  bytes: Uint8Array;
  /** Internal id of each of the part's chunks, -1 for a chunk left out. */
  idOf: Int32Array;
  /** Some chunk of the part is left out: its postings are dropped as they are read. */
  holes: boolean;
}

/**
 * The merged lists of one field whose postings have not been read yet: merged list `slot` is the lists of
 * `parts[part[k]]` at byte `at[k]`, for k in [start[slot], start[slot + 1]), joined in part order. Reading one is
 * what the merge's second pass did for every list; done on first use, a load reads only the lists it needs.
 */
export class DeferredLists implements PostingSource {
  private readonly slab = new Slab();
  private readonly scratch = new Scratch();

  constructor(
    private readonly parts: readonly DeferredPart[],
    private readonly start: Int32Array,
    private readonly part: Int32Array,
    private readonly at: Int32Array,
  ) {}

  read(slot: number, size: number): { ids: Int32Array; counts: Int32Array; length: number } {
    const { ids, counts } = this.slab.take(size);
    let length = 0;
    try {
      for (let k = this.start[slot]!; k < this.start[slot + 1]!; k++) {
        const p = this.parts[this.part[k]!]!;
        const input = new ByteReader(p.bytes.subarray(this.at[k]));
        const chunkCount = p.idOf.length;
        const n = input.count(chunkCount);
        if (p.holes || length + n > size) {
          length = this.scratch.copyKept(input, n, chunkCount, p.idOf, ids, counts, length, size);
          continue;
        }
        input.uintPairs(n, chunkCount - 1, ids, counts, length);
        for (let i = length; i < length + n; i++) ids[i] = p.idOf[ids[i]!]!;
        length += n;
      }
    } catch (e) {
      // The merge read every list's layout; only a part whose ids run past its chunks gets here. Keep what was read.
      if (!(e instanceof MalformedBytes)) throw e;
    }
    return { ids, counts, length };
  }
}

/** A reusable pair of arrays for lists copied without the chunks left out. */
export class Scratch {
  private ids = new Int32Array(256);
  private counts = new Int32Array(256);

  /**
   * Reads `n` postings into `ids`/`counts` from `at` on (never past `end`), numbered by internal id, dropping those
   * left out; returns the new end.
   */
  copyKept(input: ByteReader, n: number, chunkCount: number, idOf: Int32Array, ids: Int32Array, counts: Int32Array, at: number, end: number): number {
    this.fill(input, n, chunkCount);
    let to = at;
    for (let k = 0; k < n && to < end; k++) {
      const id = idOf[this.ids[k]!]!;
      if (id < 0) continue;
      ids[to] = id;
      counts[to++] = this.counts[k]!;
    }
    return to;
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
