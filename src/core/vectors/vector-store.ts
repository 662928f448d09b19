import { NoteSlots } from "./note-slots";
import { normOfCodes, normOfValues } from "./vector-math";
import { dequantizeInt8, quantizeInt8, type Int8Rows, type VectorPrecision } from "./vector-precision";

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
}

/** Slots a page grows by: 1,024 rows are 3 MB at 768 dimensions, so growing never copies what is stored. */
const PAGE_SLOTS = 1024;

const FREE = 0;
const LIVE = 1;
/** A row of an adopted array that no chunk has claimed yet (see `adopt` and `adoptInt8`). */
const UNCLAIMED = 2;

/**
 * The one owner of an index's vectors: contiguous Float32 pages of fixed slots, so a scan reads memory in order and
 * the kernel copies a whole batch at once. Each slot keeps its chunk id, its note, a tie key and its norm, computed
 * once. Removing a chunk frees its slot for the next vector, after a quarantine: a slot freed now is reused only
 * after `recycle()` (called at the start of the next insertion), so views handed out before an edit stay valid
 * while that edit runs, and never while `hold()` is in force (a save is reading the views).
 *
 * An int8 store (see `VectorPrecision`) keeps a quarter of the bytes: `set` quantizes, and `get` gives a dequantized
 * copy instead of a view. Nothing of the float32 input is kept.
 */
export class VectorStore {
  readonly notes = new NoteSlots();
  private readonly pageList: VectorPage[] = [];
  private capacity = 0;
  private state = new Uint8Array(0);
  private normOf = new Float64Array(0);
  private keyOf = new Float64Array(0);
  private views: (Float32Array | undefined)[] = [];
  private idOf: (string | undefined)[] = [];
  private readonly slotOf = new Map<string, number>();
  private free: number[] = [];
  private quarantined: number[] = [];
  private holds = 0;

  /**
   * `dims`: floats per vector, greater than 0. `tieKey`: a chunk's rank among equal scores (smaller first), taken
   * when its vector is stored.
   */
  constructor(
    readonly dims: number,
    private readonly tieKey: (id: string) => number,
    /** How vectors are kept. Default "float32". */
    readonly precision: VectorPrecision = "float32",
  ) {}

  /** Vectors stored. */
  get size(): number {
    return this.slotOf.size;
  }

  /** The pages, in slot order; the last ones may be partly used. */
  get pages(): readonly VectorPage[] {
    return this.pageList;
  }

  /** Slots in all pages, used or not. */
  get slots(): number {
    return this.capacity;
  }

  /**
   * The vector of chunk `id`: in a float32 store a view into the store, valid until the chunk is removed (copy it to
   * keep it); in an int8 store a dequantized copy.
   */
  get(id: string): Float32Array | undefined {
    const slot = this.slotOf.get(id);
    return slot === undefined ? undefined : this.vectorAt(slot);
  }

  /** Slot of chunk `id`'s vector, undefined when it has none. */
  slotOfId(id: string): number | undefined {
    return this.slotOf.get(id);
  }

  /**
   * The vector in slot `slot` as `get` gives it. A slot freed since it was looked up still gives the vector it held
   * until the slot is reused (never while a `hold()` is in force): a save reads slots it listed before.
   */
  vectorAt(slot: number): Float32Array | undefined {
    if (slot < 0 || slot >= this.capacity) return undefined;
    if (this.precision === "float32") return this.views[slot];
    const { page, row } = this.pageOf(slot) as { page: Int8Page; row: number };
    const dims = this.dims;
    return dequantizeInt8(page.codes.subarray(row * dims, (row + 1) * dims), page.scales[row]!);
  }

  /** Euclidean norm of slot `slot`'s vector (a running sum in order); 0 for a free slot. */
  norm(slot: number): number {
    return this.state[slot] === LIVE ? (this.normOf[slot] ?? 0) : 0;
  }

  /** Chunk id of slot `slot`, undefined when it is free. */
  idAt(slot: number): string | undefined {
    return this.state[slot] === LIVE ? this.idOf[slot] : undefined;
  }

  /** The slot's tie key: of two equal scores, the smaller key ranks first. */
  key(slot: number): number {
    return this.keyOf[slot] ?? 0;
  }

  /** Copies slot `slot`'s int8 codes into `codes` and returns its scale; undefined in a float32 store. See `vectorAt`. */
  int8At(slot: number, codes: Int8Array): number | undefined {
    if (this.precision !== "int8" || slot < 0 || slot >= this.capacity) return undefined;
    const { page, row } = this.pageOf(slot) as { page: Int8Page; row: number };
    codes.set(page.codes.subarray(row * this.dims, (row + 1) * this.dims));
    return page.scales[row];
  }

  /**
   * Stores (or replaces) chunk `id`'s vector, of note `path`, and returns the stored view (undefined in an int8
   * store, which has none: read it back with `get`). A vector that is itself an unclaimed row of an adopted array is
   * taken where it lies, without a copy.
   */
  set(id: string, path: string, vector: Float32Array): Float32Array | undefined {
    const dims = this.dims;
    let slot = this.slotOf.get(id);
    if (slot !== undefined && this.notes.pathOf(this.notes.noteOfSlot(slot)) !== path) {
      this.delete(id);
      slot = undefined;
    }
    const adopted = slot === undefined ? this.adoptedSlotOf(vector) : undefined;
    if (slot === undefined) {
      slot = adopted ?? this.takeSlot();
      this.slotOf.set(id, slot);
      this.idOf[slot] = id;
      this.notes.place(slot, path);
    }
    this.state[slot] = LIVE;
    this.keyOf[slot] = this.tieKey(id);
    if (this.precision === "int8") {
      const { page, row } = this.pageOf(slot) as { page: Int8Page; row: number };
      const codes = page.codes.subarray(row * dims, (row + 1) * dims);
      page.scales[row] = quantizeInt8(vector.subarray(0, dims), codes);
      this.normOf[slot] = normOfCodes(codes, page.scales[row]);
      return undefined;
    }
    const view = this.views[slot] as Float32Array;
    if (adopted === undefined) view.set(vector.subarray(0, dims));
    this.normOf[slot] = normOfValues(view);
    return view;
  }

  /** Drops chunk `id`'s vector; its slot is reused after the next `recycle()`. */
  delete(id: string): boolean {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return false;
    this.slotOf.delete(id);
    this.notes.release(slot);
    this.state[slot] = FREE;
    this.idOf[slot] = undefined;
    this.normOf[slot] = 0;
    this.quarantined.push(slot);
    return true;
  }

  /** Slots freed so far become reusable, unless a `hold()` is in force. */
  recycle(): void {
    if (this.holds > 0 || this.quarantined.length === 0) return;
    this.free.push(...this.quarantined);
    this.quarantined = [];
  }

  /** Keeps freed slots from being reused (their views from changing) until the returned function is called. */
  hold(): () => void {
    this.holds++;
    let held = true;
    return () => {
      if (held) this.holds--;
      held = false;
    };
  }

  /**
   * Takes `rows` (`dims` floats a row, e.g. a loaded vectors file) as a page of its own, without copying it: `set`
   * with a view of one of its rows claims that row in place. `settle()` frees the rows nobody claimed.
   */
  adopt(rows: Float32Array): void {
    if (this.precision !== "float32") return;
    const count = Math.floor(rows.length / this.dims);
    if (count === 0) return;
    const first = this.capacity;
    this.addPage(rows.subarray(0, count * this.dims), count);
    this.state.fill(UNCLAIMED, first, first + count);
  }

  /**
   * Takes int8 rows (e.g. a loaded int8 vectors file's codes and scales) as a page of its own, without copying or
   * dequantizing them, and returns the slot of row 0: `claim` gives each row to its chunk, and `settle()` frees the
   * rows nobody claimed. Undefined (nothing taken) in a float32 store.
   */
  adoptInt8(rows: Int8Rows): number | undefined {
    const count = rows.scales.length;
    if (this.precision !== "int8" || count === 0 || rows.codes.length < count * this.dims) return undefined;
    const first = this.capacity;
    this.pageList.push({ first, count, codes: rows.codes.subarray(0, count * this.dims), scales: rows.scales });
    this.grow(count);
    this.state.fill(UNCLAIMED, first, first + count);
    return first;
  }

  /**
   * Makes slot `slot`, an unclaimed row of an adopted int8 page (`adoptInt8`), chunk `id`'s vector, of note `path`,
   * as it lies. Its norm is the one `set` would have given the same codes. False (nothing changed) when the slot is not
   * an unclaimed adopted row or the chunk has a vector already.
   */
  claim(id: string, path: string, slot: number): boolean {
    if (this.precision !== "int8" || this.state[slot] !== UNCLAIMED || this.slotOf.has(id)) return false;
    this.slotOf.set(id, slot);
    this.idOf[slot] = id;
    this.notes.place(slot, path);
    this.state[slot] = LIVE;
    this.keyOf[slot] = this.tieKey(id);
    const { page, row } = this.pageOf(slot) as { page: Int8Page; row: number };
    this.normOf[slot] = normOfCodes(page.codes.subarray(row * this.dims, (row + 1) * this.dims), page.scales[row]!);
    return true;
  }

  /** Rows of adopted arrays that no chunk claimed become free slots. */
  settle(): void {
    for (let slot = 0; slot < this.capacity; slot++) {
      if (this.state[slot] === UNCLAIMED) {
        this.state[slot] = FREE;
        this.free.push(slot);
      }
    }
  }

  private adoptedSlotOf(v: Float32Array): number | undefined {
    if (this.precision !== "float32") return undefined;
    const rowBytes = this.dims * 4;
    if (v.length !== this.dims) return undefined;
    for (const page of this.pageList) {
      if (page.rows?.buffer !== v.buffer) continue;
      const offset = v.byteOffset - page.rows.byteOffset;
      if (offset < 0 || offset % rowBytes !== 0 || offset / rowBytes >= page.count) continue;
      const slot = page.first + offset / rowBytes;
      return this.state[slot] === UNCLAIMED ? slot : undefined;
    }
    return undefined;
  }

  private takeSlot(): number {
    const reused = this.free.pop();
    if (reused !== undefined) return reused;
    const first = this.capacity;
    if (this.precision === "int8") this.addInt8Page(PAGE_SLOTS);
    else this.addPage(new Float32Array(PAGE_SLOTS * this.dims), PAGE_SLOTS);
    for (let slot = this.capacity - 1; slot > first; slot--) this.free.push(slot);
    return first;
  }

  private addPage(rows: Float32Array, count: number): void {
    const first = this.capacity;
    this.pageList.push({ first, count, rows });
    this.grow(count);
    for (let i = 0; i < count; i++) this.views[first + i] = rows.subarray(i * this.dims, (i + 1) * this.dims);
  }

  private addInt8Page(count: number): void {
    this.pageList.push({ first: this.capacity, count, codes: new Int8Array(count * this.dims), scales: new Float32Array(count) });
    this.grow(count);
  }

  private grow(count: number): void {
    this.capacity += count;
    this.state = grown(this.state, this.capacity);
    this.normOf = grown(this.normOf, this.capacity);
    this.keyOf = grown(this.keyOf, this.capacity);
    this.notes.grow(this.capacity);
  }

  /** The page holding `slot`, and the slot's row in it (pages are in slot order, so a binary search finds it). */
  private pageOf(slot: number): { page: VectorPage; row: number } {
    const list = this.pageList;
    let lo = 0;
    let hi = list.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (list[mid]!.first <= slot) lo = mid;
      else hi = mid - 1;
    }
    const page = list[lo]!;
    return { page, row: slot - page.first };
  }
}

function grown<T extends Uint8Array | Float64Array>(a: T, size: number): T {
  if (a.length >= size) return a;
  const next = new (a.constructor as new (n: number) => T)(Math.max(size, a.length * 2));
  next.set(a);
  return next;
}
