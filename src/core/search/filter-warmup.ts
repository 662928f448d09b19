import type { ChunkIndex } from "../index/chunk-index";
import type { Steps } from "../shared/slices";
import { warmFilterVocabulary } from "./filter-misses";
import { buildTextCatalogSteps } from "./note-texts";
import { warmPlaceCatalog } from "./place-catalog";

/**
 * Notes whose text is folded per slice: about 2 ms on an idle machine at the sizes of a typical vault, so a search
 * that arrives meanwhile waits one slice at most.
 */
export const WARM_NOTES_PER_SLICE = 200;

/**
 * Does ahead of time, in slices, what the first filtered search would otherwise pay for while an agent waits: the
 * place catalog (`path:`, `tag:`), the folder and tag vocabulary (the notice of a filter that matches nothing), and
 * every note's folded text, joined into the revision's text catalog (phrases and exclusions; a rare phrase checked
 * every note of the vault, 100–250 ms at 10,000 notes on a first run, and 10–50 ms on later ones, see note-texts.ts).
 * All of it is kept per note or per index revision by the code that uses it, so the answers are those it would give
 * anyway; only when the cost is paid changes. The folded texts take about as much memory as the notes' one-byte
 * texts, which the first rare phrase would take as well. Returns the notes whose text was folded; stops early when
 * `stop()` says so (the index was replaced, the host is closing).
 */
export function* warmFilterCaches(
  index: ChunkIndex,
  stop: () => boolean = () => false,
  perSlice = WARM_NOTES_PER_SLICE,
  /**
   * Also the folder and tag vocabulary, which only a filter that matches nothing reads, in one slice of about the
   * place catalog's length. Default true; a pass after each edit leaves it to that first miss.
   */
  withVocabulary = true,
): Steps<number> {
  warmPlaceCatalog(index);
  yield;
  if (stop()) return 0;
  if (withVocabulary) warmFilterVocabulary(index);
  return yield* buildTextCatalogSteps(index, stop, perSlice);
}
