import type { SyncPhase, SyncProgress } from "../core/sync/sync-progress";
import type { OutStream } from "./cli-io";
import { ProgressLine, type ProgressView } from "./progress-line";

const LABELS: Partial<Record<SyncPhase, string>> = {
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

/**
 * What the sync engine reports, on stderr: a single updating progress line on a terminal (nothing when piped or
 * redirected, so scripts and logs stay clean), and every notice on a line of its own.
 */
export class ProgressPrinter {
  private readonly line: ProgressLine | undefined;

  constructor(
    private readonly stderr: OutStream,
    now?: () => number,
  ) {
    this.line = stderr.isTTY === true ? new ProgressLine(stderr, now) : undefined;
  }

  /** Subscribe this to `IndexService.onProgress`. */
  readonly onProgress = (p: SyncProgress): void => {
    const view = progressView(p);
    if (!this.line) return;
    if (view === undefined) this.line.clear();
    else if (view.total === 0) this.line.update({ ...view, label: `${view.label}…` });
    else this.line.update(view);
  };

  /** A message for the user (e.g. that a corrupt index is being rebuilt): printed once, never overdrawn. */
  readonly notice = (message: string): void => {
    this.line?.clear();
    this.stderr.write(`${message}\n`);
  };

  /** Removes the progress line before the command prints its own output. */
  finish(): void {
    this.line?.clear();
  }
}
