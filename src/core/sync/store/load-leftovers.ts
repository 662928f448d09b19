import type { ChunkIndex } from "../../index/chunk-index";
import { afterOthers } from "../../shared/after-others";
import type { VectorPool } from "../embedding/vector-pool";

/** Loaded chunks the vector pool records per slice (see `VectorPool.defer`): about 1 ms of work. */
export const POOL_CHUNKS_PER_STEP = 1024;

/**
 * Int8 rows whose norm is taken per slice after a load: 0.6–1.0 ms of work at 768 dimensions (`bench/norm-slices.ts`,
 * p50 on 2 cores at 2.45 GHz; 8,192 rows took 1.3–3.0 ms).
 */
const NORMS_PER_SLICE = 4096;

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

/** Pools `settlePoolLater` is at work on: the loop goes idle again meanwhile, and one run is enough. */
const settling = new WeakSet<VectorPool>();

/**
 * Records the loaded chunks `pool` deferred (see `VectorPool.defer`), a slice at a time after what is waiting: once
 * the sync loop is idle after a load, so that neither the load nor the first edit pays for them. A change before
 * this is done records the rest itself first (`SyncedIndex.put`). Stops once `current` says the index was replaced.
 */
export async function settlePoolLater(pool: VectorPool, current: () => boolean): Promise<void> {
  if (!pool.deferring || settling.has(pool)) return;
  settling.add(pool);
  try {
    const steps = pool.settleSteps(POOL_CHUNKS_PER_STEP);
    do await afterOthers();
    while (current() && !steps.next().done);
  } finally {
    settling.delete(pool);
  }
}
