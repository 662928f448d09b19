import { isChainError } from "../../core/ollama/fallback-embedder";
import type { SearchResponse } from "../../core/search/search-result";

/** One line of the status area above the results. */
export interface StatusLine {
  text: string;
  /** Work in progress ("Searching by meaning…") rather than something the user should know. */
  pending?: boolean;
  /** A query the line offers to run instead ("did you mean"); the line is then clickable. */
  suggestion?: string;
  /** The line says Ollama cannot be reached or is stuck: the modal keeps showing it while the next full search runs. */
  outage?: boolean;
}

/** Notices that only describe a choice the engine made well, and would show on almost every query. */
const QUIET = new Set<string>(["HYDE_SKIPPED"]);

/**
 * The lines that say how a response was found: one per notice (any code, so notices the engine adds later show
 * without changes here); a notice that carries a suggested query ("did you mean") makes its line offer it. An
 * unreachable Ollama gets one fixed sentence naming the URL, since the modal keeps working on keywords; it and a
 * stuck one (timed out) are outages, shown in place of "Searching by meaning…" while the next searches run.
 */
export function noticeLines(response: SearchResponse | undefined, ollamaUrl: string): StatusLine[] {
  if (!response) return [];
  const lines: StatusLine[] = [];
  for (const notice of response.notices) {
    if (QUIET.has(notice.code)) continue;
    const suggestion = notice.suggestion?.trim() ? notice.suggestion : undefined;
    if (notice.code === "KEYWORD_FALLBACK" && isUnreachable(notice.error)) {
      lines.push({ text: `Ollama isn't reachable at ${ollamaUrl}: showing keyword results from the index.`, outage: true });
    } else if (notice.code === "KEYWORD_FALLBACK" && (notice.error?.code === "OLLAMA_TIMEOUT" || (notice.error && isChainError(notice.error)))) {
      // A stuck server: the next searches answer from keywords at once, so the line stays while they run.
      lines.push({ text: notice.message, outage: true });
    } else if (!lines.some((l) => l.text === notice.message)) {
      lines.push(suggestion === undefined ? { text: notice.message } : { text: notice.message, suggestion });
    }
  }
  return lines;
}

/**
 * Whether `error` says the embedding server can't be used right now: unreachable, stuck (timed out), or every server
 * of a fallback chain failing. Not "no embedding model is set up", which is a setting to fix, not an outage.
 */
export function isOllamaOutage(error: { code: string; message: string } | undefined): boolean {
  return isUnreachable(error) || error?.code === "OLLAMA_TIMEOUT" || (error !== undefined && isChainError(error));
}

/**
 * The engine also uses OLLAMA_UNREACHABLE when no embedder is set up at all; that case has its own message
 * ("No embedding model is set up…"), which is more useful than blaming the network; so does a fallback chain of
 * servers, whose message names each server and what to do.
 */
function isUnreachable(error: { code: string; message: string } | undefined): boolean {
  return error?.code === "OLLAMA_UNREACHABLE" && !error.message.startsWith("No embedding model") && !isChainError(error);
}
