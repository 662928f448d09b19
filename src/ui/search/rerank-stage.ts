import type { SearchResponse } from "../../core/search/search-result";

/** Reranks a fused answer; resolves `aborted: true` when the signal fires. Never rejects (see VaultSearch.rerank). */
export type RerankFn = (response: SearchResponse, signal: AbortSignal) => Promise<SearchResponse>;

/**
 * The third stage of search-as-you-type: one rerank request at a time. Starting another or cancelling aborts the
 * one running, so a keystroke stops the model's work at once; an answer reaches its callback only while its
 * request is still the latest.
 */
export class RerankStage {
  private controller: AbortController | undefined;

  constructor(private readonly rerank: RerankFn) {}

  /** Reranks `fused`, replacing any earlier request. `onAnswer` gets the reranked response, or the fused one back if the port broke its promise. */
  start(fused: SearchResponse, onAnswer: (response: SearchResponse) => void): void {
    this.cancel();
    const controller = new AbortController();
    this.controller = controller;
    const settle = (response: SearchResponse): void => {
      if (this.controller !== controller || controller.signal.aborted || response.aborted) return;
      this.controller = undefined;
      onAnswer(response);
    };
    let asked: Promise<SearchResponse>;
    try {
      asked = this.rerank(fused, controller.signal);
    } catch {
      asked = Promise.resolve(fused);
    }
    void asked.then(settle, () => settle(fused));
  }

  /** Aborts the running request. */
  cancel(): void {
    this.controller?.abort();
    this.controller = undefined;
  }
}
