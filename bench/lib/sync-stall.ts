/**
 * Measures event-loop stalls while it runs: a timer asks to fire every `intervalMs`, and any extra delay is time
 * some task kept the loop busy, which is what a user feels as a frozen Obsidian window. Each stall is booked under
 * the label `phase()` returns when the stall ends (e.g. the sync phase), so a report can say where it happened.
 */
export class StallProbe {
  private timer: ReturnType<typeof setInterval> | undefined;
  private last = 0;
  private readonly maxByPhase = new Map<string, number>();

  constructor(
    /** Labels the current moment; default: one label for everything. */
    private readonly phase: () => string = () => "all",
    /** Probe interval in ms; stalls much shorter than this are not seen. Default 5. */
    private readonly intervalMs = 5,
  ) {}

  start(): void {
    this.maxByPhase.clear();
    this.last = performance.now();
    this.timer = setInterval(() => {
      const now = performance.now();
      const stall = Math.max(0, now - this.last - this.intervalMs);
      this.last = now;
      const label = this.phase();
      if (stall > (this.maxByPhase.get(label) ?? 0)) this.maxByPhase.set(label, stall);
    }, this.intervalMs);
  }

  /** Stops probing; returns the longest stall seen (ms) and the longest per label. */
  stop(): { max: number; byPhase: Record<string, number> } {
    clearInterval(this.timer);
    this.timer = undefined;
    const byPhase: Record<string, number> = {};
    let max = 0;
    for (const [label, ms] of this.maxByPhase) {
      byPhase[label] = Math.round(ms * 10) / 10;
      max = Math.max(max, ms);
    }
    return { max: Math.round(max * 10) / 10, byPhase };
  }
}
