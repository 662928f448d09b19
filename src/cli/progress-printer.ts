import type { SyncPhase, SyncProgress } from "../core/sync/control/sync-progress";
import type { OutStream } from "./cli-io";
import { formatProgress, ProgressLine, type ProgressView } from "./progress-line";
import { terminalSafe } from "./terminal-text";

const LABELS: Partial<Record<SyncPhase, string>> = {
  checking: "Checking the embedding model",
  loading: "Loading the index",
  scanning: "Checking notes",
  indexing: "Indexing",
  embedding: "Embedding",
  saving: "Saving",
};

/** The line to show for a progress event, or undefined for phases with nothing to show (idle, paused, error). */
export function progressView(p: SyncProgress): ProgressView | undefined {
  const label = LABELS[p.phase];
  if (label === undefined) return undefined;
  return { label, done: p.done, total: p.total, etaMs: p.etaMs };
}

/** When stderr is not a terminal: one plain progress line at most this often, the first after this long. */
export const PLAIN_PROGRESS_EVERY_MS = 5000;

/**
 * What the sync engine reports, on stderr: a single updating progress line on a terminal; when piped or redirected
 * (a log, a CI job, an agent), a plain line every `PLAIN_PROGRESS_EVERY_MS` instead, so a long run shows that it
 * is alive without carriage returns, and a short one prints nothing extra. Every notice goes on a line of its own.
 */
export class ProgressPrinter {
  private readonly line: ProgressLine | undefined;
  private readonly now: () => number;
  private lastPlain: number;

  constructor(
    private readonly stderr: OutStream,
    now?: () => number,
  ) {
    this.now = now ?? Date.now;
    this.lastPlain = this.now();
    this.line = stderr.isTTY === true ? new ProgressLine(stderr, now) : undefined;
  }

  /** Subscribe this to `IndexService.onProgress`. */
  readonly onProgress = (p: SyncProgress): void => {
    const view = progressView(p);
    if (!this.line) {
      this.plain(view);
      return;
    }
    if (view === undefined) this.line.clear();
    else if (view.total === 0) this.line.update({ ...view, label: `${view.label}…` });
    else this.line.update(view);
  };

  /** A message for the user (e.g. that a corrupt index is being rebuilt): printed once, never overdrawn. */
  readonly notice = (message: string): void => {
    this.line?.clear();
    // Notices can name notes: their paths must not carry escape sequences to the terminal.
    this.stderr.write(`${terminalSafe(message, true)}\n`);
  };

  private plain(view: ProgressView | undefined): void {
    const t = this.now();
    if (view === undefined || view.total === 0 || t - this.lastPlain < PLAIN_PROGRESS_EVERY_MS) return;
    this.lastPlain = t;
    this.stderr.write(`${formatProgress(view)}\n`);
  }

  /** Removes the progress line before the command prints its own output. */
  finish(): void {
    this.line?.clear();
  }
}
