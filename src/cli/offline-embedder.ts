import type { Embedder } from "../core/ollama/embedder";
import { appError, err, type AppError, type Result } from "../core/result";
import type { SavedIndexModel } from "./node/saved-index";

/** Why a CLI run has no embeddings; also the reason given when a search falls back to keywords. */
export const NO_OLLAMA_REASON = "no --ollama given (add --ollama URL --model NAME for semantic search).";

/**
 * Stands in for the model a saved index was built with when the CLI runs without `--ollama`: the index keeps its
 * vectors (instead of being rebuilt keyword-only), new or changed chunks wait for their embeddings, and queries
 * fall back to keywords. It never contacts anything.
 */
export class OfflineEmbedder implements Embedder {
  readonly model: string;
  private readonly dims: number;

  constructor(saved: SavedIndexModel) {
    this.model = saved.model;
    this.dims = saved.dims;
  }

  dimensions(): number {
    return this.dims;
  }

  embedQuery(): Promise<Result<Float32Array>> {
    return Promise.resolve(err(offlineError()));
  }

  embedDocuments(): Promise<Result<Float32Array[]>> {
    return Promise.resolve(err(offlineError()));
  }
}

function offlineError(): AppError {
  return appError("OLLAMA_UNREACHABLE", NO_OLLAMA_REASON);
}
