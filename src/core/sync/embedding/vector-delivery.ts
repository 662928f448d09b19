import type { DeliveryInbox } from "./embed-runner";
import type { Pause, SyncedIndex } from "../store/synced-index";

/** What applying vectors reports back. */
export interface DeliveryHooks {
  /** The index was rebuilt for the vector size learned from the first vectors. */
  reshaped(): void;
  /** Vectors came back with another size than the index has (the model behind the name changed). */
  sizeChanged(found: number, expected: number): void;
  /** `chunks` chunks got their vector. */
  applied(chunks: number): void;
}

/**
 * Puts vectors that arrived into the index, in order. Vectors for an index that has been replaced meanwhile are
 * dropped. The first vectors of a keyword-only index set its vector size (the index is rebuilt for it); vectors of
 * another size than the index's stop everything and are reported, so two models' vectors never mix.
 */
export async function applyDeliveries(
  inbox: DeliveryInbox,
  synced: SyncedIndex,
  pause: Pause,
  hooks: DeliveryHooks,
): Promise<void> {
  for (let d = inbox.nextDelivery(); d; d = inbox.nextDelivery()) {
    if (d.queue !== synced.queue) continue;
    const dims = d.vectors[0]?.length ?? 0;
    if (synced.index.dims === 0) {
      await synced.reshape(dims, pause);
      hooks.reshaped();
    } else if (dims !== synced.index.dims) {
      inbox.dropDeliveries();
      hooks.sizeChanged(dims, synced.index.dims);
      return;
    }
    let chunks = 0;
    d.jobs.forEach((job, i) => {
      const v = d.vectors[i];
      if (v) chunks += synced.deliver(job.hash, v);
    });
    d.queue.settle(d.jobs, true);
    hooks.applied(chunks);
  }
}
