import type { Embedder } from "../../ollama/embedder";
import { ok, type AppError, type Result } from "../../result";

/** Delay before asking again about a model that was missing or could not embed (the user may pull it meanwhile). */
export const MODEL_RECHECK_MS = 60_000;

/**
 * Asks whether `embedder`'s model can be used, before anything built with another model is discarded. Only a
 * definite answer fails (the model is not installed, or makes no embeddings); Ollama being unreachable or erroring
 * is not an answer about the model, and is left to the retries of embedding itself.
 */
export async function checkModel(embedder: Embedder | undefined): Promise<Result<void>> {
  if (!embedder?.check) return ok(undefined);
  const checked = await embedder.check();
  return checked.ok || !isWrongModel(checked.error) ? ok(undefined) : checked;
}

function isWrongModel(e: AppError): boolean {
  return e.code === "OLLAMA_MODEL_MISSING" || e.code === "OLLAMA_NOT_EMBEDDING_MODEL";
}
