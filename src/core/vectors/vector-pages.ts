import { ArenaPage } from "./arena-page";
import type { ArenaRows } from "./arena-rows";
import { Int8Arena } from "./int8-arena";
import { normOfCodesAt, normsOfFourAt } from "./vector-math";
import type { VectorPrecision } from "./vector-precision";

/**
 * A run of consecutive slots whose vectors lie back to back: in one Float32Array (`rows`), or, in an int8 store, as
 * codes in one Int8Array with a scale a row (see vector-precision.ts). A free slot's row has no meaning.
 */
export type VectorPage = Float32Page | Int8Page;

interface PageBase {
  /** Slot number of the page's first row. */
  readonly first: number;
  /** Rows in the page. */
  readonly count: number;
}

export interface Float32Page extends PageBase {
  /** `count × dims` floats. */
  readonly rows: Float32Array;
  readonly codes?: undefined;
}

export interface Int8Page extends PageBase {
  readonly rows?: undefined;
  /** `count × dims` codes. */
  readonly codes: Int8Array;
  /** Row i stands for `codes[i·dims…] × scales[i]`. */
  readonly scales: Float32Array;
  /** Where `codes` lie in the store's arena (`VectorPages.arena`), when they lie there. */
  readonly at?: number;
}

/** Slots a page grows by: 1,024 rows are 3 MB at 768 dimensions, so growing never copies what is stored. */
const PAGE_SLOTS = 1024;

/**
 * Where a store's vectors lie: pages in slot order, each a run of rows back to back, and in a float32 store one view
 * a slot. Pages are only ever added (a fresh one, or an array taken as it is, e.g. a loaded vectors file), so a row
 * never moves and a view stays valid; which slots are in use is the store's business (slot-table.ts).
 */
export class VectorPages {
  readonly list: VectorPage[] = [];
  /** Where an int8 store's codes lie (see int8-arena.ts); undefined for float32, or where the kernel can't run. */
  private home: Int8Arena | undefined;
  /** `int8Norms`' output for four rows at a time. */
  private readonly four = new Float64Array(4);
  private capacity = 0;
  /** Adopted pages whose codes have not moved into the arena yet. */
  private waiting = 0;
  private views: (Float32Array | undefined)[] = [];

  constructor(
    readonly dims: number,
    readonly precision: VectorPrecision,
  ) {
    this.home = precision === "int8" ? Int8Arena.create(dims) : undefined;
  }

  /** Where an int8 store's codes lie (see int8-arena.ts); undefined for float32, or where the kernel can't run. */
  get arena(): Int8Arena | undefined {
    return this.home;
  }

  /** Slots in all pages. */
  get slots(): number {
    return this.capacity;
  }

  /** A fresh page of `PAGE_SLOTS` zeroed rows; returns its first slot. */
  addFresh(): number {
    if (this.precision !== "int8") return this.addFloat32(new Float32Array(PAGE_SLOTS * this.dims));
    const at = this.arena?.alloc(PAGE_SLOTS * this.dims);
    if (at === undefined) return this.addInt8(new Int8Array(PAGE_SLOTS * this.dims), new Float32Array(PAGE_SLOTS));
    return this.addPage(new ArenaPage(this.capacity, PAGE_SLOTS, new Float32Array(PAGE_SLOTS), at, this.arena!));
  }

  /** `rows` (whole rows of `dims` floats, not copied) as a page; returns its first slot. */
  addFloat32(rows: Float32Array): number {
    const first = this.capacity;
    const count = Math.floor(rows.length / this.dims);
    this.list.push({ first, count, rows });
    this.capacity += count;
    for (let i = 0; i < count; i++) this.views[first + i] = rows.subarray(i * this.dims, (i + 1) * this.dims);
    return first;
  }

  /**
   * `codes` and `scales` (one a row) as a page; returns its first slot. With an arena, room is kept there and the
   * codes move into it at `moveOne()` (a loaded file's buffer is then freed; the scales are copied now); until then,
   * and without an arena, the arrays are taken as they are.
   */
  addInt8(codes: Int8Array, scales: Float32Array): number {
    const count = scales.length;
    const at = this.arena?.alloc(count * this.dims);
    if (at === undefined) return this.addPage({ first: this.capacity, count, codes, scales });
    this.waiting++;
    return this.addPage(new ArenaPage(this.capacity, count, scales.slice(), at, this.arena!, codes));
  }

  /**
   * `rows` as a page where they lie, in this store's arena or in a load's, which becomes this store's arena while it
   * holds no page yet (its own was empty). Returns the page's first slot; undefined when the rows lie elsewhere.
   */
  addArenaRows(rows: ArenaRows): number | undefined {
    if (rows.arena !== this.home) {
      if (this.list.length > 0 || this.precision !== "int8" || rows.arena.dims !== this.dims) return undefined;
      this.home = rows.arena;
    }
    return this.addPage(new ArenaPage(this.capacity, rows.scales.length, rows.scales, rows.at, rows.arena));
  }

  /** Whether some page's codes are still to move into the arena (`moveOne`). */
  get movesPending(): boolean {
    return this.waiting > 0;
  }

  /** Moves the codes of the first page still waiting into the arena; false when none was waiting. */
  moveOne(): boolean {
    if (this.waiting === 0) return false;
    for (const page of this.list) {
      if (!(page instanceof ArenaPage) || !page.waiting) continue;
      page.move();
      this.waiting--;
      return true;
    }
    return false;
  }

  private addPage(page: Int8Page): number {
    this.list.push(page);
    this.capacity += page.count;
    return page.first;
  }

  /** Slot `slot`'s row in a float32 store (a view), undefined past the pages or in an int8 store. */
  view(slot: number): Float32Array | undefined {
    return this.views[slot];
  }

  /** Slot `slot`'s codes (a view) and its page's scales, with the row's index into them, in an int8 store. */
  int8Row(slot: number): { codes: Int8Array; scales: Float32Array; row: number } {
    const { page, row } = this.pageOf(slot) as { page: Int8Page; row: number };
    return { codes: page.codes.subarray(row * this.dims, (row + 1) * this.dims), scales: page.scales, row };
  }

  /** The slot whose row `v` is (a view of a float32 page's row, e.g. of an adopted array), else undefined. */
  slotOfRow(v: Float32Array): number | undefined {
    const rowBytes = this.dims * 4;
    if (this.precision !== "float32" || v.length !== this.dims) return undefined;
    for (const page of this.list) {
      if (page.rows?.buffer !== v.buffer) continue;
      const offset = v.byteOffset - page.rows.byteOffset;
      if (offset < 0 || offset % rowBytes !== 0 || offset / rowBytes >= page.count) continue;
      return page.first + offset / rowBytes;
    }
    return undefined;
  }

  /** The norm of slot `slot`'s row in an int8 store, as `normOfCodes` gives it for the row's codes and scale. */
  int8Norm(slot: number): number {
    const page = this.list[this.pageIndexOf(slot)] as Int8Page;
    const row = slot - page.first;
    return normOfCodesAt(page.codes, row * this.dims, this.dims, page.scales[row]!);
  }

  /**
   * `int8Norm` of each of `slots` into `out` (as long), the same values: each run of consecutive slots within one page
   * of the arena by its kernel (see `Int8Arena.norms`), the rest four rows of one page at a time where they are (see
   * `normsOfFourAt`). Either sums the codes' squares exactly, so the values agree bit for bit.
   */
  int8Norms(slots: readonly number[], out: Float64Array): void {
    const n = slots.length;
    let k = 0;
    while (k < n) {
      const first = slots[k]!;
      const page = this.list[this.pageIndexOf(first)] as Int8Page;
      const row0 = first - page.first;
      // A batch that crosses from one page into the next (a load's pages are a segment each) is split there.
      let end = k + 1;
      while (end < n && slots[end] === first + (end - k) && row0 + (end - k) < page.count) end++;
      if (page.at !== undefined && this.home && end - k >= 4) {
        this.home.norms(page.at + row0 * this.dims, page.scales.subarray(row0, row0 + end - k), out.subarray(k, end));
        k = end;
        continue;
      }
      // Any four slots: `int8NormsOfFour` reads them together when they share a page, wherever they are in it.
      const group = slots.slice(k, k + 4);
      this.int8NormsOfFour(group, this.four);
      out.set(this.four.subarray(0, group.length), k);
      k += group.length;
    }
  }

  /** `int8Norms` of up to four slots, four rows of one page at a time where they are (see `normsOfFourAt`). */
  private int8NormsOfFour(slots: readonly number[], out: Float64Array): void {
    const page = slots.length === 4 ? (this.list[this.pageIndexOf(slots[0]!)] as Int8Page) : undefined;
    const last = page ? page.first + page.count : 0;
    if (page && slots.every((slot) => slot >= page.first && slot < last)) {
      const dims = this.dims;
      const row = (k: number): number => slots[k]! - page.first;
      const rows = [row(0) * dims, row(1) * dims, row(2) * dims, row(3) * dims] as const;
      const scales = [page.scales[row(0)]!, page.scales[row(1)]!, page.scales[row(2)]!, page.scales[row(3)]!] as const;
      normsOfFourAt(page.codes, dims, rows, scales, out);
      return;
    }
    for (let k = 0; k < slots.length; k++) out[k] = this.int8Norm(slots[k]!);
  }

  /** The page holding `slot`, and the slot's row in it. */
  private pageOf(slot: number): { page: VectorPage; row: number } {
    const page = this.list[this.pageIndexOf(slot)]!;
    return { page, row: slot - page.first };
  }

  /** Where in the list the page holding `slot` is (pages are in slot order, so a binary search finds it). */
  private pageIndexOf(slot: number): number {
    const list = this.list;
    let lo = 0;
    let hi = list.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (list[mid]!.first <= slot) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }
}
