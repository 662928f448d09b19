import { afterOthers } from "../shared/after-others";
import { runSliced } from "../shared/slices";
import type { VaultSearch } from "./vault-search";

/**
 * Builds ahead, in slices between requests, what the first search with a word the index does not hold (a typo, a
 * rare inflected form, a word of another language) would pay for (see keyword-warmup.ts): a server calls it once a
 * session serves. Each slice waits for the work already queued (`pause`, by default `afterOthers`), so a request
 * that arrives meanwhile waits one slice at most, never the whole warm-up. Gives up when the session stops or its
 * index is replaced or changes (the next session, or the first search after an edit, builds its own). Resolves
 * true when it ran to the end; never rejects: a failure is passed to `failed`, and searches then simply pay for
 * those parts themselves, as they did before.
 */
export async function warmSearches(
  session: Pick<VaultSearch, "index" | "service">,
  failed?: (cause: unknown) => void,
  pause: () => Promise<void> = afterOthers,
): Promise<boolean> {
  const index = session.index;
  const revision = index.revision;
  const stale = (): boolean => session.service.stopped || session.index !== index || index.revision !== revision;
  try {
    await pause();
    if (stale()) return false;
    await runSliced(index.warmKeywordSteps(stale), pause);
    return !stale();
  } catch (cause) {
    failed?.(cause);
    return false;
  }
}
