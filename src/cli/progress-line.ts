import { formatCount } from "./count-format";

/** What a progress line shows; the sync engine's progress events are mapped onto this. */
export interface ProgressView {
  /** What is being done, e.g. "Indexing" or "Embedding". */
  label: string;
  done: number;
  total: number;
  /** Estimated time left in ms; undefined while unknown. */
  etaMs: number | undefined;
}

/** "Indexing 1,234 / 6,571 · 2 min left"; just the label while there is nothing to count. */
export function formatProgress(p: ProgressView): string {
  if (p.total <= 0) return p.label;
  const head = `${p.label} ${formatCount(p.done)} / ${formatCount(p.total)}`;
  const eta = p.etaMs === undefined || p.done >= p.total ? "" : formatEta(p.etaMs);
  return eta === "" ? head : `${head} · ${eta}`;
}

/** Rounded up, so a countdown never says "0 s left" while work remains. */
export function formatEta(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return "";
  const s = Math.ceil(ms / 1000);
  if (s < 60) return `${Math.max(1, s)} s left`;
  const min = Math.ceil(s / 60);
  if (min < 60) return `${min} min left`;
  return `${Math.floor(min / 60)} h ${min % 60} min left`;
}

/** The terminal side of a progress line. */
export interface ProgressTerminal {
  write(text: string): void;
  /** Width of the terminal, to cut the line before it wraps. Default 80. */
  columns?: number;
}

/**
 * Keeps one line updated in place with "\r" and "erase line", redrawing at most every `minIntervalMs` so a fast
 * index doesn't spend its time writing to the terminal. Only for terminals: callers make one only on a TTY.
 */
export class ProgressLine {
  private lastDraw = Number.NEGATIVE_INFINITY;
  private shown = false;

  constructor(
    private readonly term: ProgressTerminal,
    private readonly now: () => number = () => Date.now(),
    /** Least time between two redraws, in ms. Default 100. */
    private readonly minIntervalMs = 100,
  ) {}

  update(p: ProgressView): void {
    const t = this.now();
    const finished = p.total > 0 && p.done >= p.total;
    if (!finished && t - this.lastDraw < this.minIntervalMs) return;
    this.lastDraw = t;
    // Unknown (or 0, as under some terminal emulators) means the classic 80 columns.
    const columns = this.term.columns !== undefined && this.term.columns > 0 ? this.term.columns : 80;
    const width = Math.max(20, columns - 1);
    const text = formatProgress(p);
    this.term.write(`\r\x1b[2K${text.length > width ? text.slice(0, width) : text}`);
    this.shown = true;
  }

  /** Erases the line so the next output starts clean. */
  clear(): void {
    if (!this.shown) return;
    this.term.write("\r\x1b[2K");
    this.shown = false;
  }
}
