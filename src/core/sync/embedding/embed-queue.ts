/** One text to embed. */
export interface EmbedJob {
  /** Hash of `text` (the embed hash). */
  hash: string;
  /** Exactly what the embedder receives (see `embeddingInput`). */
  text: string;
}

/**
 * Texts waiting for a vector, first come first served, each at most once however many chunks share it, and never
 * sent twice at the same time.
 */
export class EmbedQueue {
  private readonly waiting = new Map<string, string>();
  private readonly sent = new Set<string>();

  /** Texts waiting, including those in flight. */
  get size(): number {
    return this.waiting.size;
  }

  /** Texts in flight. */
  get inFlight(): number {
    return this.sent.size;
  }

  add(job: EmbedJob): void {
    if (!this.waiting.has(job.hash)) this.waiting.set(job.hash, job.text);
  }

  /** No chunk needs this text any more. A request in flight for it still settles normally. */
  drop(hash: string): void {
    this.waiting.delete(hash);
  }

  /** Up to `max` waiting texts not in flight, now marked as in flight. */
  take(max: number): EmbedJob[] {
    const jobs: EmbedJob[] = [];
    for (const [hash, text] of this.waiting) {
      if (jobs.length >= max) break;
      if (this.sent.has(hash)) continue;
      this.sent.add(hash);
      jobs.push({ hash, text });
    }
    return jobs;
  }

  /** A request ended: its texts are no longer in flight; those that got their vector stop waiting. */
  settle(jobs: readonly EmbedJob[], delivered: boolean): void {
    for (const job of jobs) {
      this.sent.delete(job.hash);
      if (delivered) this.waiting.delete(job.hash);
    }
  }

  clear(): void {
    this.waiting.clear();
    this.sent.clear();
  }
}
