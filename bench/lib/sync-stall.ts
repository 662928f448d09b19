import { monitorEventLoopDelay, type IntervalHistogram } from "node:perf_hooks";

/**
 * Measures the longest event-loop stall while it runs: how late libuv's sampling timer fired, which is how long
 * some task kept the loop busy. This is what a user feels as a frozen Obsidian window.
 */
export class StallProbe {
  private readonly histogram: IntervalHistogram;

  constructor(
    /** Sampling interval in ms; stalls shorter than this are not seen. Default 5. */
    private readonly resolutionMs = 5,
  ) {
    this.histogram = monitorEventLoopDelay({ resolution: resolutionMs });
  }

  start(): void {
    this.histogram.reset();
    this.histogram.enable();
  }

  /** Stops sampling and returns the longest stall seen, in ms. */
  stop(): number {
    this.histogram.disable();
    const max = this.histogram.max;
    // With no sample taken (a run shorter than one interval) max is a huge sentinel.
    if (this.histogram.count === 0 || !Number.isFinite(max)) return 0;
    // Samples are whole timer intervals (a 100 ms block reads about 105 ms at a 5 ms resolution): take the interval off.
    return Math.max(0, max / 1e6 - this.resolutionMs);
  }
}
