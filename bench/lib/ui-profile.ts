import type { Page } from "playwright-core";

/** A CPU profile as Chrome's Profiler domain returns it. */
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** What ran in one window of the page's time. */
export interface ProfiledWindow {
  label: string;
  /** Window length (ms, page clock). */
  ms: number;
  /** Samples that were not idle, times the interval (ms). */
  busyMs: number;
  /** Garbage collection inside the window (ms). */
  gcMs: number;
  /** Most sampled frames, inclusive: "name file:line ms". */
  top: string[];
  /** Most sampled frames, self time. */
  self: string[];
}

/**
 * Samples the page's main thread with Chrome's profiler (every `intervalUs`) so slow windows can be matched with what
 * ran in them. The profile's clock is aligned with the page's `performance.now()` by a marker function run right after
 * the start. Scratch tooling for bench:ui.
 */
export async function startPageProfile(page: Page, intervalUs = 200): Promise<{ stop: () => Promise<{ profile: CpuProfile; offsetMs: number }> }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: intervalUs });
  await cdp.send("Profiler.start");
  const marked = await page.evaluate(() => {
    function hvsProfileMarker(): number {
      const t0 = performance.now();
      let x = 0;
      while (performance.now() - t0 < 30) x += Math.sqrt(x + 1);
      return x > 0 ? t0 : -t0;
    }
    return Math.abs(hvsProfileMarker());
  });
  return {
    stop: async () => {
      const { profile } = (await cdp.send("Profiler.stop")) as unknown as { profile: CpuProfile };
      await cdp.detach();
      const times = sampleTimes(profile);
      const marker = new Set(profile.nodes.filter((n) => n.callFrame.functionName === "hvsProfileMarker").map((n) => n.id));
      const parents = parentsOf(profile);
      const first = profile.samples.findIndex((s) => stackOf(s, parents).some((id) => marker.has(id)));
      if (first < 0) throw new Error("The profile marker was not sampled; use a shorter interval.");
      return { profile, offsetMs: times[first]! / 1000 - marked };
    },
  };
}

function sampleTimes(p: CpuProfile): number[] {
  const out: number[] = [];
  let t = p.startTime;
  for (const d of p.timeDeltas) out.push((t += d));
  return out;
}

function parentsOf(p: CpuProfile): Map<number, number> {
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  return parent;
}

function stackOf(leaf: number, parents: Map<number, number>): number[] {
  const out: number[] = [];
  for (let id: number | undefined = leaf; id !== undefined; id = parents.get(id)) out.push(id);
  return out;
}

/** What ran in each window [from, to] (page clock, ms) of the profile. */
export function profileWindows(run: { profile: CpuProfile; offsetMs: number }, windows: readonly { label: string; from: number; to: number }[], keep = 12): ProfiledWindow[] {
  const { profile, offsetMs } = run;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parents = parentsOf(profile);
  const times = sampleTimes(profile).map((t) => t / 1000 - offsetMs);
  const label = (n: ProfileNode): string => `${n.callFrame.functionName || "(anon)"} ${n.callFrame.url.split("/").slice(-1)[0] ?? ""}:${n.callFrame.lineNumber + 1}:${n.callFrame.columnNumber + 1}`;
  const ms = (i: number): number => (i + 1 < times.length ? times[i + 1]! - times[i]! : 0);
  return windows.map((w) => {
    const incl = new Map<string, number>();
    const self = new Map<string, number>();
    let busy = 0;
    let gc = 0;
    for (let i = 0; i < times.length; i++) {
      if (times[i]! < w.from || times[i]! > w.to) continue;
      const leaf = byId.get(profile.samples[i]!);
      if (!leaf || leaf.callFrame.functionName === "(idle)") continue;
      const d = ms(i);
      busy += d;
      if (leaf.callFrame.functionName === "(garbage collector)") gc += d;
      self.set(label(leaf), (self.get(label(leaf)) ?? 0) + d);
      const seen = new Set<string>();
      for (const id of stackOf(leaf.id, parents)) seen.add(label(byId.get(id)!));
      for (const k of seen) incl.set(k, (incl.get(k) ?? 0) + d);
    }
    const top = (m: Map<string, number>): string[] =>
      [...m.entries()]
        .filter(([k]) => !k.startsWith("(root)"))
        .sort((a, b) => b[1] - a[1])
        .slice(0, keep)
        .map(([k, v]) => `${k} ${v.toFixed(1)}`);
    return { label: w.label, ms: Math.round((w.to - w.from) * 10) / 10, busyMs: Math.round(busy * 10) / 10, gcMs: Math.round(gc * 10) / 10, top: top(incl), self: top(self) };
  });
}
