/**
 * Measures event-loop stalls while it runs: a timer asks to fire every `intervalMs`, and any extra delay is time
 * some task kept the loop busy, which is what a user feels as a frozen Obsidian window. Each stall is booked under
 * the label `phase()` returns when the stall ends (e.g. the sync phase), so a report can say where it happened.
 * On a shared machine a stall can also be this process waiting for a core: `cpuMax` bounds each stall by the CPU
 * time the process used meanwhile (all its threads, so an upper bound on its own part), which tells the two apart.
 */
export class StallProbe {
  private timer: ReturnType<typeof setInterval> | undefined;
  private last = 0;
  private readonly maxByPhase = new Map<string, number>();
  private cpu = process.cpuUsage();
  private cpuMax = 0;
  /** Stalls of at least `keepMs`, with where they happened on the monotonic clock (µs), for `stall-profile.ts`. */
  readonly long: { startUs: number; endUs: number; ms: number; cpuMs: number; phase: string }[] = [];

  constructor(
    /** Labels the current moment; default: one label for everything. */
    private readonly phase: () => string = () => "all",
    /** Probe interval in ms; stalls much shorter than this are not seen. Default 5. */
    private readonly intervalMs = 5,
    /** Stalls at least this long (ms) are kept in `long`. Default: none kept. */
    private readonly keepMs = Infinity,
  ) {}

  start(): void {
    this.maxByPhase.clear();
    this.cpuMax = 0;
    this.last = performance.now();
    this.cpu = process.cpuUsage();
    this.timer = setInterval(() => {
      const now = performance.now();
      const stall = Math.max(0, now - this.last - this.intervalMs);
      this.last = now;
      const used = process.cpuUsage(this.cpu);
      this.cpu = process.cpuUsage();
      const cpuMs = Math.min(stall, (used.user + used.system) / 1000);
      this.cpuMax = Math.max(this.cpuMax, cpuMs);
      const label = this.phase();
      if (stall >= this.keepMs) {
        const endUs = Number(process.hrtime.bigint() / 1000n);
        this.long.push({ startUs: endUs - (stall + this.intervalMs) * 1000, endUs, ms: Math.round(stall * 10) / 10, cpuMs: Math.round(cpuMs * 10) / 10, phase: label });
      }
      if (stall > (this.maxByPhase.get(label) ?? 0)) this.maxByPhase.set(label, stall);
    }, this.intervalMs);
  }

  /** Stops probing; returns the longest stall seen (ms), the longest per label, and the longest bounded by CPU time. */
  stop(): { max: number; byPhase: Record<string, number>; cpuMax: number } {
    clearInterval(this.timer);
    this.timer = undefined;
    const byPhase: Record<string, number> = {};
    let max = 0;
    for (const [label, ms] of this.maxByPhase) {
      byPhase[label] = Math.round(ms * 10) / 10;
      max = Math.max(max, ms);
    }
    return { max: Math.round(max * 10) / 10, byPhase, cpuMax: Math.round(this.cpuMax * 10) / 10 };
  }
}
