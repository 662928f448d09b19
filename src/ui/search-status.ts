import type { SearchResponse } from "../core/search/search-result";

/**
 * The line above the results that says how they were found, or undefined when there is nothing to say.
 * An unreachable Ollama gets one fixed sentence naming the URL, since the modal keeps working on keywords.
 */
export function searchStatusLine(response: SearchResponse | undefined, ollamaUrl: string): string | undefined {
  if (!response) return undefined;
  const fallback = response.notices.find((n) => n.code === "KEYWORD_FALLBACK");
  if (fallback) {
    return isUnreachable(fallback.error) ? `Keyword results only: Ollama unreachable at ${ollamaUrl}` : fallback.message;
  }
  const other = response.notices.find((n) => n.code === "NO_VECTORS" || n.code === "HYDE_FAILED" || n.code === "DID_YOU_MEAN");
  return other?.message;
}

/**
 * The engine also uses OLLAMA_UNREACHABLE when no embedder is set up at all; that case has its own message
 * ("No embedding model is set up…"), which is more useful than blaming the network.
 */
function isUnreachable(error: { code: string; message: string } | undefined): boolean {
  return error?.code === "OLLAMA_UNREACHABLE" && !error.message.startsWith("No embedding model");
}
