import type { ConnectionPort } from "../ports";
import { embeddingModels, sameModel } from "./embedding-models";

/** What "Test connection" found. */
export interface ConnectionReport {
  /** "ok": reachable with the model installed; "warning": reachable, but the model is missing; "error": not usable. */
  state: "ok" | "warning" | "error";
  /** What to show: the version and the models, or the exact error and what to do about it. */
  lines: string[];
  /** Installed embedding models, for the model dropdown; empty when the list could not be read. */
  embeddingModels: string[];
}

/** Asks Ollama for its version and models, and checks that `model` is among the embedding models. Never throws. */
export async function checkConnection(conn: ConnectionPort, model: string, signal?: AbortSignal): Promise<ConnectionReport> {
  const version = await conn.version(signal);
  if (!version.ok) return { state: "error", lines: [version.error.message], embeddingModels: [] };
  const listed = await conn.listModels(signal);
  const connected = `Connected to Ollama ${version.value.version} at ${conn.baseUrl}.`;
  if (!listed.ok) return { state: "error", lines: [connected, listed.error.message], embeddingModels: [] };
  const names = listed.value.map((m) => m.name);
  const embedding = await embeddingModels(conn, listed.value, signal);
  const lines = [connected, names.length === 0 ? "No models are installed." : `Installed models: ${names.join(", ")}.`];
  if (embedding.length === 0) {
    lines.push(`None of them makes embeddings. Run \`ollama pull ${model}\`, then test again.`);
    return { state: "warning", lines, embeddingModels: [] };
  }
  lines.push(`Embedding models: ${embedding.join(", ")}.`);
  if (!embedding.some((n) => sameModel(n, model))) {
    lines.push(
      names.some((n) => sameModel(n, model))
        ? `${model} does not make embeddings. Pick an embedding model below.`
        : `The embedding model ${model} is not installed. Run \`ollama pull ${model}\`, or pick an installed one below.`,
    );
    return { state: "warning", lines, embeddingModels: embedding };
  }
  return { state: "ok", lines, embeddingModels: embedding };
}
