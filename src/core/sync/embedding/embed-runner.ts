import type { Embedder } from "../../ollama/embedder";
import { ok, type AppError, type Result } from "../../result";
import { failure } from "../../errors/messages";
import type { EmbedJob, EmbedQueue } from "./embed-queue";
import type { IndexSettings } from "../rules/index-settings";
import type { Scheduler } from "../control/scheduler";
import { Waiters } from "../control/scheduler";

/** Vectors that arrived, waiting to be put in the index by the sync loop (the only writer of the index). */
export interface Delivery {
  /** The queue the jobs came from; it marks them done when the vectors are applied. */
  queue: EmbedQueue;
  jobs: EmbedJob[];
  vectors: Float32Array[];
}

/** Where vectors that arrived wait for the sync loop. */
export interface DeliveryInbox {
  nextDelivery(): Delivery | undefined;
  dropDeliveries(): void;
}

/** Longest retry delay: the first one (`embedRetryMs`) doubles with each failure in a row, up to this. */
const MAX_RETRY_MS = 5 * 60_000;

/** How the runner reports back. */
export interface EmbedRunnerHooks {
  clock: () => number;
  scheduler: Scheduler;
  /** A request ended (vectors in the inbox, a failure, or a retry is due): the loop should look again. */
  wake: () => void;
  /** A request failed for a reason other than being cancelled. */
  failed: (e: AppError) => void;
  /**
   * Vectors already saved for these texts (by embed hash) where the index did not load them, e.g. another device's
   * segments (see `ForeignRows`); undefined for a text that must be embedded. Asked before each request. Default:
   * none, everything is embedded.
   */
  saved?: (hashes: readonly string[]) => Promise<(Float32Array | undefined)[]>;
}

/**
 * Runs embedding requests: at most `concurrency` at a time, `batchSize` texts each. A failure (Ollama down, slow,
 * erroring) leaves the texts queued and blocks new requests for a backoff that doubles per failure, or until
 * `unblock` (a new vault event); after `embedRetries` retries in a row failed it waits for `unblock` alone. Results
 * wait in an inbox until the sync loop takes them (`nextDelivery`): nothing here touches the index.
 */
export class EmbedRunner implements DeliveryInbox {
  private readonly inbox: Delivery[] = [];
  private readonly requests = new Set<Promise<void>>();
  private failures = 0;
  private blockedUntil = 0;
  private cancelRetry: (() => void) | undefined;
  private readonly retryDue = new Waiters();
  private policy = { retries: 0, firstMs: 0 };
  private epoch = new AbortController();
  /** Texts whose vector came from `hooks.saved` instead of the embedder. */
  reusedSaved = 0;

  constructor(private readonly hooks: EmbedRunnerHooks) {}

  get inFlight(): number {
    return this.requests.size;
  }

  /** Deliveries wait in the inbox. */
  get delivered(): boolean {
    return this.inbox.length > 0;
  }

  /** The oldest delivery waiting, taken out of the inbox. */
  nextDelivery(): Delivery | undefined {
    return this.inbox.shift();
  }

  /** Drops every delivery waiting (the index they were for is gone). */
  dropDeliveries(): void {
    this.inbox.length = 0;
  }

  /** True while backing off after a failure. */
  get blocked(): boolean {
    return this.hooks.clock() < this.blockedUntil;
  }

  /** A retry is scheduled: work is not finished yet, even with nothing in flight. */
  get retrying(): boolean {
    return this.cancelRetry !== undefined;
  }

  /** The retry budget ran out: nothing is retried until `unblock`. */
  get gaveUp(): boolean {
    return this.blockedUntil === Number.POSITIVE_INFINITY;
  }

  /** Resolves when the scheduled retry is due, or when retrying was called off (`dispose`). */
  whenRetryDue(): Promise<void> {
    return this.retrying ? this.retryDue.wait() : Promise.resolve();
  }

  /** Starts requests for queued texts up to the concurrency limit, unless backing off. */
  pump(embedder: Embedder, queue: EmbedQueue, settings: IndexSettings): void {
    const { embedConcurrency: concurrency, embedBatchSize: batchSize } = settings;
    this.policy = { retries: settings.embedRetries, firstMs: settings.embedRetryMs };
    const signal = this.epoch.signal;
    while (!this.blocked && !signal.aborted && this.requests.size < concurrency) {
      const jobs = queue.take(batchSize);
      if (jobs.length === 0) return;
      // Through a then(), so that an embedder that throws instead of returning an error can't break the loop.
      const request = Promise.resolve()
        .then(() => this.vectorsOf(embedder, jobs, signal))
        .catch((cause: unknown) => errorResult(cause))
        .then((result) => this.settle(queue, jobs, result, signal));
      this.requests.add(request);
      void request.finally(() => this.requests.delete(request));
    }
  }

  /** Aborts every request in flight (the index they were for is gone); later requests run normally. */
  cancelAll(): void {
    this.epoch.abort();
    this.epoch = new AbortController();
  }

  /** Retry now rather than at the end of the backoff (something changed, e.g. a new event arrived). */
  unblock(): void {
    this.blockedUntil = 0;
    this.failures = 0;
  }

  /** Waits until every request in flight has ended. */
  async drain(): Promise<void> {
    while (this.requests.size > 0) await Promise.allSettled([...this.requests]);
  }

  dispose(): void {
    this.cancelRetry?.();
    this.cancelRetry = undefined;
    this.retryDue.resolve();
  }

  /** The jobs' vectors: those saved elsewhere in the folder (`hooks.saved`), the rest from the embedder. */
  private async vectorsOf(embedder: Embedder, jobs: readonly EmbedJob[], signal: AbortSignal): Promise<Result<Float32Array[]>> {
    const saved = this.hooks.saved ? await this.hooks.saved(jobs.map((j) => j.hash)) : [];
    const missing = jobs.flatMap((_, i) => (saved[i] ? [] : [i]));
    this.reusedSaved += jobs.length - missing.length;
    if (missing.length === 0) return ok(saved as Float32Array[]);
    const embedded = await embedder.embedDocuments(
      missing.map((i) => jobs[i]?.text ?? ""),
      signal,
    );
    if (!embedded.ok || missing.length === jobs.length || embedded.value.length !== missing.length) return embedded;
    const all = jobs.map((_, i) => saved[i]);
    missing.forEach((i, k) => (all[i] = embedded.value[k]));
    return ok(all as Float32Array[]);
  }

  private settle(queue: EmbedQueue, jobs: EmbedJob[], result: Result<Float32Array[]>, signal: AbortSignal): void {
    if (result.ok && result.value.length === jobs.length && result.value.every((v) => v.length > 0)) {
      this.failures = 0;
      this.inbox.push({ queue, jobs, vectors: result.value });
    } else {
      queue.settle(jobs, false);
      if (!signal.aborted) this.backOff(result.ok ? badResponse() : result.error);
    }
    this.hooks.wake();
  }

  private backOff(e: AppError): void {
    this.failures++;
    this.dispose();
    this.hooks.failed(e);
    if (this.failures > this.policy.retries) {
      this.blockedUntil = Number.POSITIVE_INFINITY;
      return;
    }
    const delay = Math.min(MAX_RETRY_MS, this.policy.firstMs * 2 ** (this.failures - 1));
    this.blockedUntil = this.hooks.clock() + delay;
    this.cancelRetry = this.hooks.scheduler.setTimer(delay, () => {
      this.cancelRetry = undefined;
      this.blockedUntil = 0;
      this.hooks.wake();
      this.retryDue.resolve();
    });
  }
}

function badResponse(): AppError {
  return failure("embedShortAnswer");
}

function errorResult(cause: unknown): Result<Float32Array[]> {
  return { ok: false, error: failure("embedCrashed", cause) };
}
