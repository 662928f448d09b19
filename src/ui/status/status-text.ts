import { inputsCutMessage } from "../../core/ollama/inputs-cut";
import type { AppError } from "../../core/result";
import { formatBytes, formatCount, formatEta, plural } from "../format";
import type { IndexPhase, IndexProgress } from "../ports";

/** What the status bar shows. */
export interface StatusBarText {
  text: string;
  /** Longer explanation for the tooltip, including what a click does. */
  tooltip: string;
  /** Drives the styling: busy shows progress, error stands out. */
  state: "busy" | "ready" | "paused" | "error";
}

const VERBS: Partial<Record<IndexPhase, string>> = {
  loading: "Loading index",
  scanning: "Indexing",
  indexing: "Indexing",
  embedding: "Embedding",
  saving: "Saving index",
};

/** An Ollama that cannot be reached leaves search keyword-only, whatever else the index is doing. */
export function isOllamaDown(error: AppError | undefined): boolean {
  return error?.code === "OLLAMA_UNREACHABLE" || error?.code === "OLLAMA_TIMEOUT";
}

/**
 * The status bar for a progress report: "Indexing 1,234 / 6,571 · 2 min left", "Index ready · 6,571 notes",
 * "Paused", or the error that matters ("Ollama unreachable: keyword search only").
 */
export function statusBarText(p: IndexProgress, paused: boolean, locale?: string): StatusBarText {
  const t = statusOf(p, paused, locale);
  // Cut chunks stay worth knowing whatever the index is doing: the fix is a setting, not a wait.
  return p.inputsCut ? { ...t, tooltip: `${t.tooltip} ${inputsCutMessage(p.inputsCut)}` } : t;
}

function statusOf(p: IndexProgress, paused: boolean, locale?: string): StatusBarText {
  if (paused || p.phase === "paused") {
    const done = p.total > 0 ? ` ${progressOf(p, locale)} done.` : "";
    return { text: "Paused", tooltip: `Indexing is paused.${done} Click to resume.`, state: "paused" };
  }
  if (isOllamaDown(p.lastError)) {
    return {
      text: "Ollama unreachable: keyword search only",
      tooltip: `${p.lastError?.message ?? ""} Click to pause indexing.`.trim(),
      state: "error",
    };
  }
  if (p.phase === "error") {
    return { text: "Index error", tooltip: `${p.lastError?.message ?? "Indexing stopped."} Click to pause indexing.`, state: "error" };
  }
  if (p.phase === "checking") {
    return {
      text: "Checking model…",
      tooltip: "Asking Ollama whether the chosen embedding model can be used; the index changes only once it answers. Click to pause.",
      state: "busy",
    };
  }
  const verb = VERBS[p.phase];
  if (verb) {
    const eta = formatEta(p.etaMs);
    const count = p.total > 0 ? ` ${progressOf(p, locale)}` : "…";
    const text = `${verb}${count}${eta ? ` · ${eta}` : ""}`;
    const file = p.currentFile ? ` Now: ${p.currentFile}.` : "";
    return { text, tooltip: `${text}.${file} Click to pause.`, state: "busy" };
  }
  const pending = p.pendingEmbeddings > 0 ? ` · ${formatCount(p.pendingEmbeddings, locale)} to embed` : "";
  return {
    text: `Index ready · ${plural(p.notes, "note", "notes", locale)}${pending}`,
    tooltip: `${plural(p.notes, "note", "notes", locale)}, ${plural(p.chunks, "chunk", "chunks", locale)}. Click to pause indexing.`,
    state: "ready",
  };
}

/** The index status as labelled lines, for the "Show index status" command and the settings tab. */
export function indexStatusLines(s: IndexProgress & { fileBytes?: number }, paused: boolean, locale?: string): string[] {
  const lines = [
    `State: ${statusBarText(s, paused, locale).text}`,
    `Notes: ${formatCount(s.notes, locale)}`,
    `Chunks: ${formatCount(s.chunks, locale)}`,
    `Waiting for embeddings: ${formatCount(s.pendingEmbeddings, locale)}`,
  ];
  if (s.fileBytes !== undefined) lines.push(`Index files: ${formatBytes(s.fileBytes, locale)}`);
  lines.push(`Last error: ${s.lastError?.message ?? "none"}`);
  if (s.inputsCut) lines.push(inputsCutMessage(s.inputsCut));
  return lines;
}

function progressOf(p: IndexProgress, locale?: string): string {
  return `${formatCount(p.done, locale)} / ${formatCount(p.total, locale)}`;
}
