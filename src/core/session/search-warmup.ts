import { warmKeystrokeSteps, warmupQueries } from "../search/keystroke-warmup";
import { afterOthers } from "../shared/after-others";
import { runSliced } from "../shared/slices";
import { notesSettled } from "./filter-warmth";
import type { VaultSearch } from "./vault-search";

/** What a warm-up reads of its session. */
export type WarmedSession = Pick<VaultSearch, "index" | "service" | "searchKeyword">;

/** Options of `warmSearches`. */
export interface WarmSearchOptions {
  /** Told of a failure (searches then simply pay for those parts themselves, as they did before). Default: not told. */
  failed?: (cause: unknown) => void;
  /** Awaited before each slice. Default `afterOthers`: a slice runs after the work already queued. */
  pause?: () => Promise<void>;
  /**
   * Also run the search modal's keystroke path on a few queries typed key by key (see keystroke-warmup.ts): for a
   * host where someone types (the plugin), not for one whose requests come whole (the MCP server). Default false.
   */
  typing?: boolean;
}

/**
 * Builds ahead, in slices between requests, what the first search with a word the index does not hold (a typo, a
 * rare inflected form, a word of another language) would pay for (see keyword-warmup.ts), and with `typing` what the
 * first keys typed would pay for compiling the keystroke path (see keystroke-warmup.ts). Each slice waits for the
 * work already queued (`pause`), so a request that arrives meanwhile waits one slice at most, never the whole
 * warm-up. Gives up when the session stops or its index is replaced or changes (the next session, or the first
 * search after an edit, builds its own). Resolves true when it ran to the end; never rejects.
 */
export async function warmSearches(session: WarmedSession, opts: WarmSearchOptions = {}): Promise<boolean> {
  const pause = opts.pause ?? afterOthers;
  const index = session.index;
  const revision = index.revision;
  const stale = (): boolean => session.service.stopped || session.index !== index || index.revision !== revision;
  try {
    await pause();
    if (stale()) return false;
    await runSliced(index.warmKeywordSteps(stale), pause);
    if (opts.typing === true && !stale()) {
      await runSliced(warmKeystrokeSteps((req) => session.searchKeyword(req), warmupQueries(index), stale), pause);
    }
    return !stale();
  } catch (cause) {
    opts.failed?.(cause);
    return false;
  } finally {
    index.dropScratch();
  }
}

/**
 * Runs `warmSearches` with `typing` once the session's notes are settled (the index loaded or built, no note being
 * read into it), and again at the next settling while one gives up, until one runs to the end: compiled code stays
 * compiled, so a session is warmed once. Returns a function that stops following the session.
 */
export function keepSearchesWarm(session: WarmedSession, opts: Omit<WarmSearchOptions, "typing"> = {}): () => void {
  let running = false;
  let done = false;
  let unfollow: (() => void) | undefined;
  const poke = (): void => {
    // An empty index (not loaded yet) has no words to type: the settling after its load or first scan pokes again.
    if (running || done || session.service.stopped || session.index.size === 0 || !notesSettled(session.service.status().phase)) return;
    running = true;
    void warmSearches(session, { ...opts, typing: true }).then((complete) => {
      running = false;
      done = complete;
      if (done) unfollow?.();
    });
  };
  unfollow = session.service.onProgress((p) => (notesSettled(p.phase) ? poke() : undefined));
  poke();
  return () => unfollow?.();
}
