import type { ChunkIndex } from "../index/chunk-index";
import { warmFilterCaches } from "../search/filter-warmup";
import { runSliced } from "../shared/slices";
import type { SyncPhase } from "../sync/control/sync-progress";

/** What `FilterWarmth` reads of its session. */
export interface FilterWarmthDeps {
  /** The live index now; a rebuild replaces it. */
  index: () => ChunkIndex;
  /** True once the session stops: no pass starts, and one running gives up. */
  stopped: () => boolean;
  /**
   * True while notes are being read into the index (`notesSettled` false): a pass would be thrown away, so a poke
   * waits for the next one. Default never.
   */
  busy?: () => boolean;
  /** Yields to the host between slices (the plugin's UI scheduler, a timer in the CLI). */
  pause: () => Promise<void>;
  /** A pass failed unexpectedly: searches still work, they only pay for the caches themselves. Default: not told. */
  failed?: (cause: unknown) => void;
}

/**
 * Phases in which notes are still being read into the index: its revision is about to change again, so a pass would
 * be thrown away. Embedding, saving or waiting change no note's text.
 */
const NOTES_CHANGING: ReadonlySet<SyncPhase> = new Set(["loading", "scanning", "indexing"]);

/** True when a progress report in `phase` may follow a change of the index's text that is now complete. */
export function notesSettled(phase: SyncPhase): boolean {
  return !NOTES_CHANGING.has(phase);
}

/**
 * Keeps the filter caches (filter-warmup.ts) of a session's live index built for its current revision, so that the
 * first filtered search after an edit does not pay for them either. Told by `poke` that something may have changed
 * (the notes were indexed, the index was replaced), it runs one pass in slices unless the revision is already warm;
 * a pass gives up as soon as the revision or the index changes or the session stops, and the next poke starts again.
 * It never runs on a search's path, and a revision whose pass completed is not warmed twice.
 */
export class FilterWarmth {
  private warmed: { index: ChunkIndex; revision: number } | undefined;
  private running: Promise<number> | undefined;
  private again = false;
  /** False while pokes wait for a first query that filters (`untilFiltered`). */
  private wanted = true;

  constructor(private readonly deps: FilterWarmthDeps) {}

  /**
   * Pokes do nothing until a query asks for a filter (`sawQuery`). The caches hold about as much memory as the
   * notes' texts (some 18 MB at 10,000 notes) and take CPU after every edit: in Obsidian, where most people never
   * type a filter, only those who do pay for them, from their second filtered search on.
   */
  untilFiltered(): void {
    this.wanted = false;
  }

  /** A search was asked: when it is the first that filters (`path:`, `tag:`, a phrase, an exclusion), warming starts. */
  sawQuery(query: string): void {
    if (this.wanted || !asksForFilters(query)) return;
    this.wanted = true;
    this.poke();
  }

  /** Something may have changed: warms the live index's revision unless it is warm or a pass is running. */
  poke(): void {
    if (!this.wanted) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.passes()
      .catch((cause: unknown) => {
        this.deps.failed?.(cause);
        return 0;
      })
      .finally(() => (this.running = undefined));
  }

  /** Warms the live index's revision now (whether warm or not), in slices; resolves with the notes whose text was folded. */
  async once(): Promise<number> {
    const index = this.deps.index();
    const revision = index.revision;
    const stale = (): boolean => this.deps.stopped() || this.deps.index() !== index || index.revision !== revision;
    // The vocabulary of misses (filter-misses.ts) is gathered for a new index only: after an edit it is a whole-vault
    // pass in one slice for a notice few searches need.
    const folded = await runSliced(warmFilterCaches(index, stale, undefined, this.warmed?.index !== index), this.deps.pause);
    if (!stale()) this.warmed = { index, revision };
    return folded;
  }

  /** Resolves once no pass is running (a pass a poke started, and the ones it led to). */
  async settled(): Promise<void> {
    while (this.running) await this.running;
  }

  /** True when the live index's current revision was warmed by a pass that completed. */
  get warm(): boolean {
    const index = this.deps.index();
    return this.warmed?.index === index && this.warmed.revision === index.revision;
  }

  private async passes(): Promise<number> {
    let folded = 0;
    do {
      this.again = false;
      if (this.deps.stopped() || this.deps.busy?.() === true) return folded;
      if (!this.warm) folded += await this.once();
      // A change during the pass made it give up: the poke it came with asked for another.
    } while (this.again);
    return folded;
  }
}

/**
 * True when the query may use the filter caches: a quote, `path:` or `tag:`, or a `-` that starts a token. It errs on
 * the side of yes (an `e-mail` does not count, a `-` before a space does), which only starts the warming earlier.
 */
export function asksForFilters(query: string): boolean {
  return /["“„]|(?:^|\s)-[^\s-]|(?:path|tag):\S/iu.test(query);
}
