import type { ChunkIndex } from "../index/chunk-index";

/** What `RelatedWarmth` reads of its session. */
export interface RelatedWarmthDeps {
  /** The live index now; a rebuild replaces it. */
  index: () => ChunkIndex;
  /** True once the session stops: a pass running gives up. */
  stopped: () => boolean;
  /** Yields to the host between slices (the plugin's UI scheduler, a timer in the CLI). */
  pause: () => Promise<void>;
}

/**
 * Chunks counted between two pauses. Counting one reads and hashes its text, about 9 µs (1.3 s for a 50,000-note
 * vault's 148,000 chunks), so a slice is a few milliseconds.
 */
const CHUNKS_PER_SLICE = 512;

/**
 * Chunks left to count that a related list may count itself: some 20 ms. A cold index or an edit adds a few chunks
 * at a time, and a view that said "preparing" for each would flicker; a restart leaves every chunk to count.
 */
const LEFT_FOR_THE_LIST = 2048;

/**
 * Gets the related list's one-off work done in slices before it is asked for: counting how many notes share each
 * chunk text (`ChunkTextShare`). After a restart or a cold index no chunk is counted yet, and the first related list
 * counted all of them in one go (1.3 s at 50,000 notes, with the app frozen). A view that finds it not `ready` shows
 * that it is preparing and awaits `warm`.
 */
export class RelatedWarmth {
  private running: { index: ChunkIndex; done: Promise<void> } | undefined;

  constructor(private readonly deps: RelatedWarmthDeps) {}

  /** Whether a related list now would find at most a few chunks to count first (see `LEFT_FOR_THE_LIST`). */
  ready(): boolean {
    return this.deps.index().textShare.uncounted <= LEFT_FOR_THE_LIST;
  }

  /**
   * Counts the live index's chunks in slices; resolves when they are all counted, or early when the index is
   * replaced or the session stops (the caller asks `ready` again). Calls while a pass runs share it. Never rejects.
   */
  warm(): Promise<void> {
    const index = this.deps.index();
    if (this.running?.index === index) return this.running.done;
    const done = this.run(index).finally(() => {
      if (this.running?.done === done) this.running = undefined;
    });
    this.running = { index, done };
    return done;
  }

  private async run(index: ChunkIndex): Promise<void> {
    try {
      const steps = index.textShare.settleSteps(CHUNKS_PER_SLICE);
      while (!steps.next().done) {
        await this.deps.pause();
        if (this.deps.stopped() || this.deps.index() !== index) return;
      }
    } catch {
      // A text that can't be read is counted by the list's own question, which reports what went wrong there; a
      // warm-up has no one to tell.
    }
  }
}
