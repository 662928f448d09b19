import { contentHash } from "../shared/hash";
import { ShardedMap } from "../shared/sharded-map";
import { runAll, type Steps } from "../shared/slices";

/**
 * Where a chunk's text is read when first needed: the index's own entry of the chunk. Kept as it is, not behind a
 * closure: a closure and its context per chunk were about 100 bytes each, 15 MB at 150,000 chunks.
 */
export interface TextHolder {
  readonly chunk: { readonly path: string; readonly text: string };
}

/** A chunk as the index holds it, from which its text is counted when first needed (see `ChunkTextShare.addHeld`). */
export interface HeldChunk {
  readonly chunk: { readonly id: string; readonly path: string; readonly text: string };
}

/** A text given as a function (or by a holder of another path), as a holder of `path`. */
function lazy(path: string, text: (() => string) | TextHolder): TextHolder {
  const read = typeof text === "function" ? text : () => text.chunk.text;
  return {
    chunk: {
      path,
      get text() {
        return read();
      },
    },
  };
}

/**
 * How many notes hold each chunk text, by a hash of the text with case, spacing and digits evened out, so a template
 * footer, a lone "MOC" line or a bare heading ("Thoughts") counts once per note that repeats it, whatever the date in
 * it. Kept by the index as chunks come and go; related notes weigh a chunk by it, the way IDF weighs a word.
 */
export class ChunkTextShare {
  // Keyed by chunk id, and as many entries as the index has chunks: sharded, so that none grows in one long step
  // (see `ShardedMap`).
  private readonly keyOf = new ShardedMap<string>();
  private readonly notesOf = new Map<string, Map<string, number>>();
  // Chunks added with a text to read later, counted at the first question.
  private readonly pending = new ShardedMap<TextHolder>();
  /** Some chunk `held` gives was added by `addHeld` and is not counted yet. */
  private heldUncounted = false;
  private changes = 0;

  /**
   * `held`: every chunk of the index, for those added by `addHeld`: a restart reads no chunk text it does not need,
   * and keeps no entry per chunk until then (a map of them was 7 MB at 150,000 chunks). Default: none.
   * `heldCount`: how many chunks `held` gives. Default: none.
   */
  constructor(
    private readonly held: () => Iterable<HeldChunk> = () => [],
    private readonly heldCount: () => number = () => 0,
  ) {}

  /** Bumped on every add and remove, for callers that cache what they derive from the counts. */
  get version(): number {
    return this.changes;
  }

  /**
   * Counts chunk `id` of note `path`; a function or a holder (whose `chunk.path` is `path`) is read only when a count is
   * first asked for (see `pending`).
   */
  add(id: string, path: string, text: string | (() => string) | TextHolder): void {
    this.remove(id, path);
    if (typeof text !== "string") {
      this.pending.set(id, typeof text === "function" || text.chunk.path !== path ? lazy(path, text) : text);
      this.changes++;
      return;
    }
    const key = textKey(text);
    this.keyOf.set(id, key);
    let notes = this.notesOf.get(key);
    if (!notes) this.notesOf.set(key, (notes = new Map<string, number>()));
    notes.set(path, (notes.get(path) ?? 0) + 1);
    this.changes++;
  }

  /**
   * Counts chunks that `held` gives and this table does not hold (a restore into an empty index: nothing to take
   * out first), each when a count is first asked for. Chunks `held` gives that were counted (`add`) stay as they are.
   */
  addHeld(): void {
    this.heldUncounted = true;
    this.changes++;
  }

  remove(id: string, path: string): void {
    // A chunk added by `addHeld` and not counted yet goes with its holder's entry: only the version changes.
    if (this.pending.delete(id) || this.heldUncounted) this.changes++;
    const key = this.keyOf.get(id);
    if (key === undefined) return;
    this.keyOf.delete(id);
    const notes = this.notesOf.get(key);
    const left = (notes?.get(path) ?? 1) - 1;
    if (left > 0) notes?.set(path, left);
    else notes?.delete(path);
    if (notes?.size === 0) this.notesOf.delete(key);
    this.changes++;
  }

  /** Number of notes holding chunk `id`'s text (its own included); 0 for an unknown chunk. */
  notesSharing(id: string): number {
    if (!this.settled) runAll(this.settleSteps(Number.POSITIVE_INFINITY));
    const key = this.keyOf.get(id);
    return key === undefined ? 0 : (this.notesOf.get(key)?.size ?? 0);
  }

  /** Whether every chunk is counted, so that `notesSharing` answers at once. */
  get settled(): boolean {
    return this.pending.size === 0 && !this.heldUncounted;
  }

  /** At most how many chunks the next question would count first (`held` counts whole while any of it is due). */
  get uncounted(): number {
    return this.pending.size + (this.heldUncounted ? this.heldCount() : 0);
  }

  /**
   * Counts every chunk not counted yet, yielding after every `perStep`: each one's text is read and hashed, some
   * 1.3 s for 150,000 chunks, which `notesSharing` would otherwise spend in one go on its first question. The chunks
   * may change between steps: a chunk added meanwhile is counted by `add` or joins what is left to count, and one
   * removed is no longer there to count.
   */
  *settleSteps(perStep: number): Steps<void> {
    let done = 0;
    while (this.pending.size > 0) {
      // A copy: `add` takes each one out of `pending`, and a step may add more.
      for (const [id, { chunk }] of [...this.pending]) {
        if (this.pending.get(id)?.chunk !== chunk) continue;
        this.add(id, chunk.path, chunk.text);
        if (++done % perStep === 0) yield;
      }
    }
    if (!this.heldUncounted) return;
    for (const { chunk } of this.held()) {
      if (this.keyOf.has(chunk.id)) continue;
      this.add(chunk.id, chunk.path, chunk.text);
      if (++done % perStep === 0) yield;
    }
    // Chunks `held` gave during the steps were met by the walk (it reads the index as it is), or counted by `add`.
    this.heldUncounted = false;
  }
}

/** Two chunk texts that differ only in case, spacing or digits (a date, a count) are one text. */
function textKey(text: string): string {
  return contentHash(text.toLowerCase().replace(/\p{Nd}+/gu, "0").replace(/\s+/g, " ").trim());
}
