import { ARENA_BATCH, type Int8Arena } from "./int8-arena";
import { ArenaRows } from "./arena-rows";
import { NoteSlots } from "./note-slots";
import { SlotTable } from "./slot-table";
import { normOfCodes, normOfValues } from "./vector-math";
import { VectorPages, type VectorPage } from "./vector-pages";
import { dequantizeInt8, quantizeInt8, type Int8Rows, type VectorPrecision } from "./vector-precision";

/**
 * Rows whose norms `normSteps` takes in one call: a run of consecutive ones goes to the arena's kernel whole (as many
 * as it takes at once). At 64 a call, the calls' own costs were most of the work once the kernel summed integers.
 */
const NORM_BATCH = ARENA_BATCH;

export type { Float32Page, Int8Page, VectorPage } from "./vector-pages";

/**
 * The one owner of an index's vectors: contiguous pages of fixed slots (vector-pages.ts), so a scan reads memory in
 * order and the kernel copies a whole batch at once. Each slot keeps its chunk id, its note, a tie key and its norm,
 * computed once (slot-table.ts). Removing a chunk frees its slot for the next vector, after a quarantine: a slot
 * freed now is reused only after `recycle()` (called at the start of the next insertion), so views handed out before
 * an edit stay valid while that edit runs, and never while `hold()` is in force (a save is reading the views).
 *
 * An int8 store (see `VectorPrecision`) keeps a quarter of the bytes: `set` quantizes, and `get` gives a dequantized
 * copy instead of a view. Nothing of the float32 input is kept.
 */
export class VectorStore {
  readonly notes = new NoteSlots();
  private readonly rows: VectorPages;
  /** Room for a batch of norms (`takeNorms`). */
  private readonly normsOut = new Float64Array(NORM_BATCH);
  private readonly table: SlotTable;

  /**
   * `dims`: floats per vector, greater than 0. `tieKey`: a chunk's rank among equal scores (smaller first), taken
   * when its vector is stored.
   */
  constructor(
    readonly dims: number,
    private readonly tieKey: (id: string) => number,
    /** How vectors are kept. Default "float32". */
    readonly precision: VectorPrecision = "float32",
    /**
     * Chunk `id`'s tie key if it has one, without giving it one. When given, tie keys must be distinct integers ≥ 0
     * (an index's internal ids), and a chunk's slot is found by its key in an array instead of by its id in a map: a
     * map entry per chunk was 7 MB at 150,000 chunks. Default none.
     */
    findKey?: (id: string) => number | undefined,
  ) {
    this.rows = new VectorPages(dims, precision);
    this.table = new SlotTable(findKey);
  }

  /** Vectors stored. */
  get size(): number {
    return this.table.size;
  }

  /** The pages, in slot order; the last ones may be partly used. */
  get pages(): readonly VectorPage[] {
    return this.rows.list;
  }

  /** Where an int8 store keeps its codes for the bound kernel to read in place (see int8-arena.ts), if anywhere. */
  get arena(): Int8Arena | undefined {
    return this.rows.arena;
  }

  /** Slots in all pages, used or not. */
  get slots(): number {
    return this.rows.slots;
  }

  /**
   * The vector of chunk `id`: in a float32 store a view into the store, valid until the chunk is removed (copy it to
   * keep it); in an int8 store a dequantized copy.
   */
  get(id: string): Float32Array | undefined {
    const slot = this.table.slotOfId(id);
    return slot === undefined ? undefined : this.vectorAt(slot);
  }

  /** Slot of chunk `id`'s vector, undefined when it has none. */
  slotOfId(id: string): number | undefined {
    return this.table.slotOfId(id);
  }

  /**
   * The vector in slot `slot` as `get` gives it. A slot freed since it was looked up still gives the vector it held
   * until the slot is reused (never while a `hold()` is in force): a save reads slots it listed before.
   */
  vectorAt(slot: number): Float32Array | undefined {
    if (slot < 0 || slot >= this.slots) return undefined;
    if (this.precision === "float32") return this.rows.view(slot);
    const { codes, scales, row } = this.rows.int8Row(slot);
    return dequantizeInt8(codes, scales[row]!);
  }

  /**
   * Euclidean norm of slot `slot`'s vector (a running sum in order); 0 for a free slot. A claimed row's norm is
   * taken here on first use (or by `normSteps`): a load claims every saved row, and its first answer reads none.
   */
  norm(slot: number): number {
    const norm = this.table.norm(slot);
    return Number.isNaN(norm) ? this.takeNorm(slot) : norm;
  }

  /**
   * Takes the norms claimed rows are still without, about `perStep` rows a step, after moving adopted int8 pages into
   * the arena (see arena-page.ts): what a load leaves to be done after its first answer. A search meanwhile takes
   * those it reads itself (`norm`), the same values.
   */
  *normSteps(perStep: number): Generator<void, void, void> {
    // Adopted int8 pages move into the arena first, one a step (a 1,500-row page is about 1 MB).
    while (this.rows.moveOne()) yield;
    let done = 0;
    // `NORM_BATCH` rows at a time (`VectorPages.int8Norms`), all taken before each yield: a slot listed before one
    // could be freed by the time the step goes on.
    const batch: number[] = [];
    for (let slot = this.table.nextWithoutNorm(0); slot >= 0; slot = this.table.nextWithoutNorm(slot + 1)) {
      batch.push(slot);
      if (batch.length === NORM_BATCH) this.takeNorms(batch);
      if (++done % perStep === 0) {
        this.takeNorms(batch);
        yield;
      }
    }
    this.takeNorms(batch);
  }

  /** `takeNorm` of each of `slots`, which it then empties. */
  private takeNorms(slots: number[]): void {
    if (slots.length === 0) return;
    const norms = this.normsOut;
    this.rows.int8Norms(slots, norms);
    for (let k = 0; k < slots.length; k++) this.table.setNorm(slots[k]!, norms[k]!);
    slots.length = 0;
  }

  /** Whether some live row's norm is still to be taken, or an adopted page to move into the arena (`normSteps`). */
  get normsPending(): boolean {
    return this.rows.movesPending || this.table.nextWithoutNorm(0) >= 0;
  }

  private takeNorm(slot: number): number {
    const norm = this.rows.int8Norm(slot);
    this.table.setNorm(slot, norm);
    return norm;
  }

  /** Chunk id of slot `slot`, undefined when it is free. */
  idAt(slot: number): string | undefined {
    return this.table.idAt(slot);
  }

  /** The slot's tie key: of two equal scores, the smaller key ranks first. */
  key(slot: number): number {
    return this.table.key(slot);
  }

  /** Copies slot `slot`'s int8 codes into `codes` and returns its scale; undefined in a float32 store. See `vectorAt`. */
  int8At(slot: number, codes: Int8Array): number | undefined {
    if (this.precision !== "int8" || slot < 0 || slot >= this.slots) return undefined;
    const row = this.rows.int8Row(slot);
    codes.set(row.codes);
    return row.scales[row.row];
  }

  /**
   * Stores (or replaces) chunk `id`'s vector, of note `path`, and returns the stored view (undefined in an int8
   * store, which has none: read it back with `get`). A vector that is itself an unclaimed row of an adopted array is
   * taken where it lies, without a copy.
   */
  set(id: string, path: string, vector: Float32Array): Float32Array | undefined {
    let slot = this.table.slotOfId(id);
    if (slot !== undefined && this.notes.pathOf(this.notes.noteOfSlot(slot)) !== path) {
      this.delete(id);
      slot = undefined;
    }
    const row = slot === undefined ? this.rows.slotOfRow(vector) : undefined;
    const adopted = row !== undefined && this.table.isUnclaimed(row) ? row : undefined;
    const key = this.tieKey(id);
    if (slot === undefined) {
      slot = adopted ?? this.takeSlot();
      this.table.assign(slot, id, key);
      this.notes.place(slot, path);
    }
    if (this.precision === "int8") {
      const { codes, scales, row: at } = this.rows.int8Row(slot);
      scales[at] = quantizeInt8(vector.subarray(0, this.dims), codes);
      this.table.setLive(slot, key, normOfCodes(codes, scales[at]));
      return undefined;
    }
    const view = this.rows.view(slot) as Float32Array;
    if (adopted === undefined) view.set(vector.subarray(0, this.dims));
    this.table.setLive(slot, key, normOfValues(view));
    return view;
  }

  /** Drops chunk `id`'s vector; its slot is reused after the next `recycle()`. */
  delete(id: string): boolean {
    const slot = this.table.release(id);
    if (slot === undefined) return false;
    this.notes.release(slot);
    return true;
  }

  /** Slots freed so far become reusable, unless a `hold()` is in force. */
  recycle(): void {
    this.table.recycle();
  }

  /** Keeps freed slots from being reused (their views from changing) until the returned function is called. */
  hold(): () => void {
    return this.table.hold();
  }

  /**
   * Takes `rows` (`dims` floats a row, e.g. a loaded vectors file) as a page of its own, without copying it: `set`
   * with a view of one of its rows claims that row in place. `settle()` frees the rows nobody claimed.
   */
  adopt(rows: Float32Array): void {
    if (this.precision !== "float32") return;
    const count = Math.floor(rows.length / this.dims);
    if (count === 0) return;
    const first = this.rows.addFloat32(rows.subarray(0, count * this.dims));
    this.grown();
    this.table.markUnclaimed(first, first + count);
  }

  /**
   * Takes int8 rows (e.g. a loaded int8 vectors file's codes and scales) as a page of its own, without copying or
   * dequantizing them, and returns the slot of row 0: `claim` gives each row to its chunk, and `settle()` frees the
   * rows nobody claimed. Undefined (nothing taken) in a float32 store.
   */
  adoptInt8(rows: Int8Rows): number | undefined {
    const count = rows.scales.length;
    if (this.precision !== "int8" || count === 0 || rows.codes.length < count * this.dims) return undefined;
    // Rows a load read into an arena are taken where they lie (the store's arena becomes theirs, see `ArenaRows`).
    const inPlace = rows instanceof ArenaRows ? this.rows.addArenaRows(rows) : undefined;
    const first = inPlace ?? this.rows.addInt8(rows.codes.subarray(0, count * this.dims), rows.scales);
    this.grown();
    this.table.markUnclaimed(first, first + count);
    return first;
  }

  /**
   * Makes slot `slot`, an unclaimed row of an adopted int8 page (`adoptInt8`), chunk `id`'s vector, of note `path`,
   * as it lies. Its norm, the one `set` would have given the same codes, is taken on first use (`norm`). False (nothing changed) when the slot is not
   * an unclaimed adopted row or the chunk has a vector already. `key`: the chunk's tie key when the caller has it at
   * hand (a restore, from the chunk's insert), which must then also be `findKey`'s answer for it (the chunk is found by
   * it, not by its id); by default asked of `tieKey`.
   */
  claim(id: string, path: string, slot: number, key?: number): boolean {
    if (this.precision !== "int8" || !this.table.isUnclaimed(slot)) return false;
    if ((key === undefined ? this.table.slotOfId(id) : this.table.slotOfKeyed(id, key)) !== undefined) return false;
    const tie = key ?? this.tieKey(id);
    this.table.assign(slot, id, tie);
    this.notes.place(slot, path);
    this.table.setLive(slot, tie, NaN);
    return true;
  }

  /**
   * Room for `slots` slots in the per-slot tables, sized exactly: what a load adopts is known before its first page,
   * and growing page by page doubled the tables past it. Default growth covers any slot beyond. `arenaRows`: how
   * many of the new slots' rows the arena needs room for (not those of rows that lie in an arena already, see
   * `ArenaRows`). Default all of them.
   */
  reserve(slots: number, arenaRows = slots - this.slots): void {
    this.table.grow(slots);
    this.notes.grow(slots);
    // The arena too: grown once for the whole load instead of page by page (an engine may copy on each growth).
    this.rows.arena?.reserve(arenaRows * this.dims);
  }

  /** Rows of adopted arrays that no chunk claimed become free slots. */
  settle(): void {
    this.table.settle(this.slots);
  }

  private takeSlot(): number {
    const reused = this.table.takeFree();
    if (reused !== undefined) return reused;
    const first = this.rows.addFresh();
    this.grown();
    this.table.addFree(first + 1, this.slots);
    return first;
  }

  /** The per-slot tables follow the pages' slot count. */
  private grown(): void {
    this.table.grow(this.slots);
    this.notes.grow(this.slots);
  }
}
