import type { OllamaModelSummary } from "../../core/ollama/model-info";
import type { ConnectionPort } from "../ports";
import { sameModelName } from "../../core/ollama/model-name";

/** Names of embedding model families, for Ollama versions that do not report capabilities. */
const EMBEDDING_NAME = /embed|(^|[^a-z])(bge|e5|gte|minilm|mxbai|arctic|paraphrase|jina|sentence|snowflake|nomic)([^a-z]|$)/i;

/** Whether a model makes embeddings: by its reported capabilities, else by its name. */
export function isEmbeddingModel(name: string, capabilities: readonly string[]): boolean {
  if (capabilities.length > 0) return capabilities.includes("embedding");
  return EMBEDDING_NAME.test(name);
}

/** "nomic-embed-text:latest" and "nomic-embed-text" name the same model (see `canonicalModelName`). */
export const sameModel = sameModelName;

/** The installed models that can embed, in the server's order. A model whose details fail is judged by name. */
export function embeddingModels(
  conn: ConnectionPort,
  models: readonly OllamaModelSummary[],
  signal?: AbortSignal,
): Promise<string[]> {
  return modelsWhere(conn, models, isEmbeddingModel, signal);
}

/**
 * The installed models that write text, for hypothetical answers: those reporting the "completion" capability, or,
 * on Ollama versions that report none, those whose name is not an embedding model's.
 */
export function generationModels(
  conn: ConnectionPort,
  models: readonly OllamaModelSummary[],
  signal?: AbortSignal,
): Promise<string[]> {
  const writes = (name: string, capabilities: readonly string[]) =>
    capabilities.length > 0 ? capabilities.includes("completion") : !EMBEDDING_NAME.test(name);
  return modelsWhere(conn, models, writes, signal);
}

/** The names of `models` that pass `test` on their reported capabilities (none when their details fail). */
async function modelsWhere(
  conn: ConnectionPort,
  models: readonly OllamaModelSummary[],
  test: (name: string, capabilities: readonly string[]) => boolean,
  signal?: AbortSignal,
): Promise<string[]> {
  const verdicts = await Promise.all(
    models.map(async (m) => {
      const info = await conn.showModel(m.name, signal);
      return test(m.name, info.ok ? info.value.capabilities : []);
    }),
  );
  return models.filter((_, i) => verdicts[i]).map((m) => m.name);
}
