const FREE = 0;
const LIVE = 1;
/** A row of an adopted array that no chunk has claimed yet (see `VectorStore.adopt` and `adoptInt8`). */
const UNCLAIMED = 2;

/**
 * What a vector store knows of each slot apart from its vector: free, live or adopted and unclaimed; its chunk id,
 * norm and tie key; and the free slots. A slot freed now is quarantined and reused only after `recycle()`, and never
 * while a `hold()` is in force, so the views handed out before an edit stay valid while the edit runs.
 */
export class SlotTable {
  private state = new Uint8Array(0);
  private normOf = new Float64Array(0);
  private keyOf = new Float64Array(0);
  private idOf: (string | undefined)[] = [];
  /** Each chunk's slot by id, when there is no `findKey`. */
  private readonly slotOf = new Map<string, number>();
  /** With `findKey`: each chunk's slot + 1 by its key, 0 for none. */
  private slotByKey = new Int32Array(0);
  private live = 0;
  private free: number[] = [];
  private quarantined: number[] = [];
  private holds = 0;

  /** `findKey`: see `VectorStore`'s constructor. Default none: slots are found by chunk id in a map. */
  constructor(private readonly findKey?: (id: string) => number | undefined) {}

  /** Chunks with a slot. */
  get size(): number {
    return this.live;
  }

  slotOfId(id: string): number | undefined {
    if (!this.findKey) return this.slotOf.get(id);
    const key = this.findKey(id);
    const slot = key === undefined ? 0 : (this.slotByKey[key] ?? 0);
    return slot > 0 ? slot - 1 : undefined;
  }

  /**
   * `slotOfId` of the chunk whose key (`findKey`'s answer for it) the caller has at hand: a restore, whose chunk ids
   * are not in the map by id yet (see `DeferredIds`). Without `findKey`, by id.
   */
  slotOfKeyed(id: string, key: number): number | undefined {
    if (!this.findKey) return this.slotOf.get(id);
    const slot = this.slotByKey[key] ?? 0;
    return slot > 0 ? slot - 1 : undefined;
  }

  /** Chunk id of a live slot. */
  idAt(slot: number): string | undefined {
    return this.state[slot] === LIVE ? this.idOf[slot] : undefined;
  }

  /** Norm of a live slot's vector, NaN while it is still to be taken (see `setNorm`); 0 for any other slot. */
  norm(slot: number): number {
    return this.state[slot] === LIVE ? (this.normOf[slot] ?? 0) : 0;
  }

  /** Records a live slot's norm, marked live with NaN for it. */
  setNorm(slot: number, norm: number): void {
    this.normOf[slot] = norm;
  }

  /** The first live slot at or after `from` whose norm is still to be taken; -1 when there is none. */
  nextWithoutNorm(from: number): number {
    const { state, normOf } = this;
    for (let slot = from; slot < state.length; slot++) if (state[slot] === LIVE && Number.isNaN(normOf[slot]!)) return slot;
    return -1;
  }

  key(slot: number): number {
    return this.keyOf[slot] ?? 0;
  }

  isUnclaimed(slot: number): boolean {
    return this.state[slot] === UNCLAIMED;
  }

  /** Room for `capacity` slots. */
  grow(capacity: number): void {
    this.state = grown(this.state, capacity);
    this.normOf = grown(this.normOf, capacity);
    this.keyOf = grown(this.keyOf, capacity);
  }

  /** Gives `slot` to chunk `id`, which has none, of tie key `key` (what `findKey` gives it, when there is one). */
  assign(slot: number, id: string, key: number): void {
    if (this.findKey) {
      if (key >= this.slotByKey.length) this.slotByKey = grown(this.slotByKey, key + 1);
      this.slotByKey[key] = slot + 1;
    } else this.slotOf.set(id, slot);
    this.idOf[slot] = id;
    this.live++;
  }

  /** Marks `slot` live with its vector's tie key and norm (NaN: taken on first use, see `VectorStore.norm`). */
  setLive(slot: number, key: number, norm: number): void {
    this.state[slot] = LIVE;
    this.keyOf[slot] = key;
    this.normOf[slot] = norm;
  }

  /** Frees chunk `id`'s slot into quarantine; returns it, or undefined when the chunk had none. */
  release(id: string): number | undefined {
    const slot = this.slotOfId(id);
    if (slot === undefined) return undefined;
    if (this.findKey) this.slotByKey[this.keyOf[slot]!] = 0;
    else this.slotOf.delete(id);
    this.live--;
    this.state[slot] = FREE;
    this.idOf[slot] = undefined;
    this.normOf[slot] = 0;
    this.quarantined.push(slot);
    return slot;
  }

  /** A reusable slot, if any. */
  takeFree(): number | undefined {
    return this.free.pop();
  }

  /** Slots `from…to` (exclusive) become free at once, the lowest handed out first. */
  addFree(from: number, to: number): void {
    for (let slot = to - 1; slot >= from; slot--) this.free.push(slot);
  }

  /** Slots `from…to` (exclusive) are rows of an adopted array, waiting for their chunks. */
  markUnclaimed(from: number, to: number): void {
    this.state.fill(UNCLAIMED, from, to);
  }

  /** Unclaimed slots among the first `capacity` become free. */
  settle(capacity: number): void {
    for (let slot = 0; slot < capacity; slot++) {
      if (this.state[slot] === UNCLAIMED) {
        this.state[slot] = FREE;
        this.free.push(slot);
      }
    }
  }

  recycle(): void {
    if (this.holds > 0 || this.quarantined.length === 0) return;
    this.free.push(...this.quarantined);
    this.quarantined = [];
  }

  hold(): () => void {
    this.holds++;
    let held = true;
    return () => {
      if (held) this.holds--;
      held = false;
    };
  }
}

function grown<T extends Uint8Array | Int32Array | Float64Array>(a: T, size: number): T {
  if (a.length >= size) return a;
  const next = new (a.constructor as new (n: number) => T)(Math.max(size, a.length * 2));
  next.set(a);
  return next;
}
