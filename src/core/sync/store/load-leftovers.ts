import type { ChunkIndex } from "../../index/chunk-index";
import { afterOthers } from "../../shared/after-others";

/** Int8 rows whose norm is taken per slice after a load: 1–2 ms of work at 768 dimensions. */
const NORMS_PER_SLICE = 1024;

/**
 * The restored int8 rows' norms of `index`, a slice at a time after what is waiting: a load's first answer (a keyword
 * search, typically) reads none, and a search that reads vectors before this is done takes those it reads itself
 * (the same values, see `VectorStore.norm`). Stops once `current` says the index was replaced.
 */
export async function takeNormsLater(index: ChunkIndex, current: () => boolean): Promise<void> {
  const store = index.vectorStore;
  if (!store?.normsPending) return;
  const steps = store.normSteps(NORMS_PER_SLICE);
  do await afterOthers();
  while (current() && !steps.next().done);
}
