import { formatCount } from "./count-format";
import type { SyncProgress } from "../core/sync/control/sync-progress";
import type { EmbeddingSource } from "./open-vault";
import { sameModelName } from "../core/ollama/model-name";
import type { OllamaEndpoint } from "../core/ollama/endpoint-chain";

/** "1 note", "1,234 notes". */
export function plural(n: number, noun: string): string {
  return `${formatCount(n)} ${noun}${n === 1 ? "" : "s"}`;
}

/** "812 KB", "1.4 MB". */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${Math.round(n / 1024)} KB`;
  return `${(n / (1024 * 1024)).toFixed(1)} MB`;
}

/** One sentence on what the index holds and where its vectors stand, e.g. "22 notes, 41 chunks, all embedded with m." */
export function describeIndex(
  s: Pick<SyncProgress, "notes" | "chunks" | "pendingEmbeddings"> & { vectorsModel?: string },
  e: EmbeddingSource,
  /** The server that embedded last; named when it is a fallback, not the first `--ollama`. */
  inUse?: OllamaEndpoint,
): string {
  const line = describeVectors(s, e);
  return e.kind === "ollama" && inUse && inUse.url !== e.url ? `${line} Embedding through the fallback ${inUse.url} (${e.url} does not answer).` : line;
}

function describeVectors(s: Pick<SyncProgress, "notes" | "chunks" | "pendingEmbeddings"> & { vectorsModel?: string }, e: EmbeddingSource): string {
  const size = `${plural(s.notes, "note")}, ${plural(s.chunks, "chunk")}`;
  if (e.kind === "ollama" && s.vectorsModel !== undefined && !sameModelName(s.vectorsModel, e.model)) {
    const kept = s.vectorsModel === "" ? "no vectors" : `its vectors of ${s.vectorsModel}`;
    return `Index: ${size}; it keeps ${kept}, because ${e.model} can't be used.`;
  }
  switch (e.kind) {
    case "none":
      return `Keyword index: ${size}.`;
    case "offline":
      return s.pendingEmbeddings === 0
        ? `Index: ${size}, all embedded with ${e.model}.`
        : `Index: ${size}; ${plural(s.pendingEmbeddings, "chunk")} wait for embeddings with ${e.model} (run with --ollama URL --model ${e.model}).`;
    case "ollama":
      return s.pendingEmbeddings === 0
        ? `Index: ${size}, all embedded with ${e.model}.`
        : `Index: ${size}; ${plural(s.pendingEmbeddings, "chunk")} not embedded yet.`;
  }
}
