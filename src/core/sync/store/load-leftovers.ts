import type { ChunkIndex } from "../../index/chunk-index";
import { afterOthers } from "../../shared/after-others";

/** Restored chunk ids put into the index's map by id per slice after a load: about 1 ms of work. */
const IDS_PER_SLICE = 2048;

/** Int8 rows whose norm is taken per slice after a load: 1–2 ms of work at 768 dimensions. */
const NORMS_PER_SLICE = 1024;

/**
 * What a load of `index` leaves for later, a slice at a time after what is waiting: the restored chunk ids into the
 * index's map by id (a read by id before that puts the rest in at once, see `DeferredIds`), then the int8 rows' norms
 * (a load's first answer, a keyword search typically, reads none, and a search that reads vectors before this is
 * done takes those it reads itself, the same values, see `VectorStore.norm`). Stops once `current` says the index
 * was replaced.
 */
export async function finishLoadLater(index: ChunkIndex, current: () => boolean): Promise<void> {
  const ids = index.idSteps(IDS_PER_SLICE);
  if (ids) {
    do await afterOthers();
    while (current() && !ids.next().done);
  }
  const store = index.vectorStore;
  if (!current() || !store?.normsPending) return;
  const steps = store.normSteps(NORMS_PER_SLICE);
  do await afterOthers();
  while (current() && !steps.next().done);
}
