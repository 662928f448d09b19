import type { Int8Arena } from "./int8-arena";
import type { Int8Page } from "./vector-pages";

/**
 * An int8 page whose codes belong in an arena (int8-arena.ts), at `offset`. A page a load adopts keeps the loaded
 * array until `move()` copies it into the arena: copying a 50,000-note index's 114 MB at once held the load's
 * thread for about 70 ms, so the store moves pages a slice at a time after the load (`VectorStore.normSteps`).
 * Until then the page is read and written where it was loaded, and the bound kernel copies it per search as before.
 */
export class ArenaPage implements Int8Page {
  private view: Int8Array;

  constructor(
    readonly first: number,
    readonly count: number,
    readonly scales: Float32Array,
    private readonly offset: number,
    private readonly arena: Int8Arena,
    /** The loaded codes, while they are not in the arena yet. */
    private loaded?: Int8Array,
  ) {
    this.view = loaded ?? arena.bytes(offset, count * arena.dims);
  }

  /** Where the codes lie in the arena, once they lie there. */
  get at(): number | undefined {
    return this.loaded ? undefined : this.offset;
  }

  /** Whether the codes are still the loaded array's, waiting for `move()`. */
  get waiting(): boolean {
    return this.loaded !== undefined;
  }

  get codes(): Int8Array {
    // A view of the arena is detached (length 0) after its memory grew: take it again.
    if (!this.loaded && this.view.length === 0 && this.count > 0) this.view = this.arena.bytes(this.offset, this.count * this.arena.dims);
    return this.view;
  }

  /** Copies the loaded codes (edits made since included) into the arena and lets go of the loaded array. */
  move(): void {
    if (!this.loaded) return;
    const bytes = this.count * this.arena.dims;
    this.view = this.arena.bytes(this.offset, bytes);
    this.view.set(this.loaded.subarray(0, bytes));
    this.loaded = undefined;
  }
}
