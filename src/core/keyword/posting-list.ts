import { sortPairs } from "./sort-pairs";

/** Where a list restored from saved postings reads them, on first use (see `PostingList.deferred`). */
export interface PostingSource {
  /** The postings of list `slot` (at most `size` of them): arrays the list takes over, and how many were read. */
  read(slot: number, size: number): { ids: Int32Array; counts: Int32Array; length: number };
}

/** The arrays of a list made over arrays it takes over (`from`, `deferred`) until then: no allocation per list. */
const NONE = new Int32Array(0);

/**
 * The documents one term occurs in, with the term's count in each, as two parallel typed arrays. Scoring walks
 * them front to back, which is several times faster than iterating a Set and looking each count up in an object.
 *
 * Ids are kept ascending whenever that is cheap (new documents get ever larger ids, so appends keep the order); a
 * list restored from a saved index arrives in another order and is sorted only when a change first needs it.
 */
export class PostingList {
  private idArray: Int32Array;
  private countArray: Int32Array;
  private size = 0;
  private sorted = true;
  /** Where the postings are still to be read from (a deferred list), and which of its lists this is. */
  private source: PostingSource | undefined = undefined;
  private slot = 0;

  constructor(capacity = 2) {
    this.idArray = capacity > 0 ? new Int32Array(capacity) : NONE;
    this.countArray = capacity > 0 ? new Int32Array(capacity) : NONE;
  }

  /** A list over these arrays, in any id order (taken over, not copied); `ids` must hold distinct ids. */
  static from(ids: Int32Array, counts: Int32Array): PostingList {
    const list = new PostingList(0);
    list.idArray = ids;
    list.countArray = counts;
    list.size = Math.min(ids.length, counts.length);
    list.sorted = list.size < 2;
    return list;
  }

  /**
   * A list of `size` documents whose postings stay in `source` until something reads them: a load restores every
   * term's document frequency at once, but the postings only of the terms searched or changed (a save reads the rest).
   */
  static deferred(size: number, source: PostingSource, slot: number): PostingList {
    const list = new PostingList(0);
    list.size = size;
    list.source = size > 0 ? source : undefined;
    list.slot = slot;
    return list;
  }

  /** Number of documents. */
  get length(): number {
    return this.size;
  }

  /** Document ids; only the first `length` entries are meaningful. */
  get ids(): Int32Array {
    if (this.source) this.read();
    return this.idArray;
  }

  /** `counts[i]` is the term's count in document `ids[i]`; only the first `length` entries are meaningful. */
  get counts(): Int32Array {
    if (this.source) this.read();
    return this.countArray;
  }

  /**
   * Reads and sorts the postings now if the next `add` or `remove` would have to: a caller that yields between lists
   * keeps that work out of one long synchronous change. Returns the postings handled (0: nothing to do).
   */
  settle(): number {
    if (!this.source && this.sorted) return 0;
    this.sort();
    return this.size + 1;
  }

  /**
   * The positions `[start, end)` that may hold documents `from` to `to` (inclusive): those ids' run when the list is in
   * id order, else the whole list (any position may). A save reads each list there instead of whole: the chunks it
   * saves were indexed together, so their ids are close, and most lists hold none of them.
   */
  rangeOf(from: number, to: number): [number, number] {
    this.read();
    if (!this.sorted) return [0, this.size];
    const last = this.size > 0 ? (this.idArray[this.size - 1] ?? 0) : -1;
    // Most lists of a large index end before the newest documents: one comparison tells.
    if (last < from) return [this.size, this.size];
    return [this.lowerBound(from), last <= to ? this.size : this.lowerBound(to + 1)];
  }

  /** Records `count` occurrences in document `id`, replacing an earlier count for it. */
  add(id: number, count: number): void {
    this.sort();
    const last = this.size > 0 ? (this.idArray[this.size - 1] ?? 0) : -1;
    const at = id > last ? this.size : this.lowerBound(id);
    if (at < this.size && this.idArray[at] === id) {
      this.countArray[at] = count;
      return;
    }
    this.reserve();
    if (at < this.size) {
      this.idArray.copyWithin(at + 1, at, this.size);
      this.countArray.copyWithin(at + 1, at, this.size);
    }
    this.idArray[at] = id;
    this.countArray[at] = count;
    this.size++;
  }

  /** Drops document `id`; false when it was not listed. */
  remove(id: number): boolean {
    this.sort();
    const at = this.lowerBound(id);
    if (at >= this.size || this.idArray[at] !== id) return false;
    this.idArray.copyWithin(at, at + 1, this.size);
    this.countArray.copyWithin(at, at + 1, this.size);
    this.size--;
    return true;
  }

  private lowerBound(id: number): number {
    let lo = 0;
    let hi = this.size;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.idArray[mid] ?? 0) < id) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** A deferred list's postings, read now; in saved order, which is not by id. */
  private read(): void {
    const source = this.source;
    if (!source) return;
    this.source = undefined;
    const { ids, counts, length } = source.read(this.slot, this.size);
    this.idArray = ids;
    this.countArray = counts;
    this.size = length;
    this.sorted = length < 2;
  }

  private sort(): void {
    this.read();
    if (this.sorted) return;
    const ids = new Int32Array(this.idArray.length);
    const counts = new Int32Array(this.countArray.length);
    sortPairs(this.idArray, this.countArray, this.size, ids, counts);
    this.idArray = ids;
    this.countArray = counts;
    this.sorted = true;
  }

  private reserve(): void {
    if (this.size < this.idArray.length) return;
    const capacity = Math.max(4, this.idArray.length * 2);
    const ids = new Int32Array(capacity);
    const counts = new Int32Array(capacity);
    ids.set(this.idArray.subarray(0, this.size));
    counts.set(this.countArray.subarray(0, this.size));
    this.idArray = ids;
    this.countArray = counts;
  }
}
