import type { Int8Arena } from "./int8-arena";
import type { Int8Rows } from "./vector-precision";

/**
 * Int8 rows whose codes a load read straight into an arena (int8-arena.ts) at `at`, instead of into an array of
 * their own that the store would copy into its arena later: a 50,000-note load copied its 114 MB of codes twice
 * that way. The store whose arena it is adopts them where they lie (`VectorStore.adoptInt8`).
 */
export class ArenaRows implements Int8Rows {
  constructor(
    readonly arena: Int8Arena,
    readonly at: number,
    /** One a row; the rows' own copy. */
    readonly scales: Float32Array,
  ) {}

  /** A view of the codes, taken anew each time: a view taken before the arena grew is detached. */
  get codes(): Int8Array {
    return this.arena.bytes(this.at, this.scales.length * this.arena.dims);
  }

  /**
   * `rows` copied into `arena`, or undefined when the arena can't hold them (the caller keeps its own copy then).
   * The arena must be for rows of this length (`dims`).
   */
  static copied(arena: Int8Arena, rows: Int8Rows): ArenaRows | undefined {
    const at = arena.alloc(rows.codes.length);
    if (at === undefined) return undefined;
    arena.bytes(at, rows.codes.length).set(rows.codes);
    return new ArenaRows(arena, at, rows.scales.slice());
  }
}
