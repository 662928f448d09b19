import { readFileSync } from "node:fs";

/**
 * The main thread's time on a core and waiting for one, in ms, from Linux's schedstat (nanoseconds, exact); undefined
 * elsewhere. Process CPU (`process.cpuUsage`) also counts the collector's helper threads, so on a busy machine it
 * can't tell a main thread that worked through a stall from one that waited for a core while those threads ran.
 */
function mainThreadTimes(): { runMs: number; waitMs: number } | undefined {
  try {
    const [run, wait] = readFileSync(`/proc/self/task/${process.pid}/schedstat`, "utf8").split(" ").map(Number);
    return run === undefined || wait === undefined || !Number.isFinite(run) || !Number.isFinite(wait) ? undefined : { runMs: run / 1e6, waitMs: wait / 1e6 };
  } catch {
    return undefined;
  }
}

/**
 * Measures event-loop stalls while it runs: a timer asks to fire every `intervalMs`, and any extra delay is time
 * some task kept the loop busy, which is what a user feels as a frozen Obsidian window. Each stall is booked under
 * the label `phase()` returns when the stall ends (e.g. the sync phase), so a report can say where it happened.
 * On a shared machine a stall can also be this process waiting for a core: `cpuMax` bounds each stall by the CPU
 * time the process used meanwhile (all its threads, so an upper bound on its own part), which tells the two apart.
 * Where Linux tells (see `mainThreadTimes`), `mainByPhase` bounds each stall by the main thread's own time on a
 * core instead, and `waitByPhase` gives the longest time it waited for one within a stall.
 */
export class StallProbe {
  private timer: ReturnType<typeof setInterval> | undefined;
  private last = 0;
  private readonly maxByPhase = new Map<string, number>();
  private cpu = process.cpuUsage();
  private cpuMax = 0;
  private main = mainThreadTimes();
  private readonly mainByPhase = new Map<string, number>();
  private readonly waitByPhase = new Map<string, number>();
  /** Stalls of at least `keepMs`, with where they happened on the monotonic clock (µs), for `stall-profile.ts`. */
  readonly long: { startUs: number; endUs: number; ms: number; cpuMs: number; phase: string; endMs: number; mainMs?: number }[] = [];

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
    this.mainByPhase.clear();
    this.waitByPhase.clear();
    this.cpuMax = 0;
    this.main = mainThreadTimes();
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
      const main = this.main && mainThreadTimes();
      let ran: number | undefined;
      if (this.main && main) {
        ran = Math.min(stall, main.runMs - this.main.runMs);
        const waited = Math.min(stall, main.waitMs - this.main.waitMs);
        if (ran > (this.mainByPhase.get(label) ?? 0)) this.mainByPhase.set(label, ran);
        if (waited > (this.waitByPhase.get(label) ?? 0)) this.waitByPhase.set(label, waited);
        this.main = main;
      }
      if (stall >= this.keepMs) {
        const endUs = Number(process.hrtime.bigint() / 1000n);
        const mainMs = ran === undefined ? {} : { mainMs: Math.round(ran * 10) / 10 };
        this.long.push({ startUs: endUs - (stall + this.intervalMs) * 1000, endUs, ms: Math.round(stall * 10) / 10, cpuMs: Math.round(cpuMs * 10) / 10, phase: label, endMs: Math.round(now), ...mainMs });
      }
      if (stall > (this.maxByPhase.get(label) ?? 0)) this.maxByPhase.set(label, stall);
    }, this.intervalMs);
  }

  /**
   * Stops probing; returns the longest stall seen (ms), the longest per label, the longest bounded by CPU time, and
   * where Linux tells, per label, the longest bounded by the main thread's time on a core and the longest wait for one.
   */
  stop(): { max: number; byPhase: Record<string, number>; cpuMax: number; mainByPhase?: Record<string, number>; waitByPhase?: Record<string, number> } {
    clearInterval(this.timer);
    this.timer = undefined;
    const byPhase: Record<string, number> = {};
    let max = 0;
    for (const [label, ms] of this.maxByPhase) {
      byPhase[label] = Math.round(ms * 10) / 10;
      max = Math.max(max, ms);
    }
    const rounded = (m: Map<string, number>): Record<string, number> => Object.fromEntries([...m].map(([k, v]) => [k, Math.round(v * 10) / 10]));
    const main = this.main ? { mainByPhase: rounded(this.mainByPhase), waitByPhase: rounded(this.waitByPhase) } : {};
    return { max: Math.round(max * 10) / 10, byPhase, cpuMax: Math.round(this.cpuMax * 10) / 10, ...main };
  }
}
