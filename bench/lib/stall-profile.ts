import { Session } from "node:inspector";
import { PerformanceObserver, constants } from "node:perf_hooks";

/** A long stall and what ran during it, from V8's sampling profiler. */
export interface ProfiledStall {
  /** Wall length of the stall (ms), its CPU bound (see `StallProbe`) and the phase it ended in. */
  ms: number;
  cpuMs: number;
  phase: string;
  /** Main-thread samples inside the stall times the interval: the JS thread's own CPU time in it (ms). */
  sampledMs: number;
  /** The frames seen in most of its samples (inclusive), "name file:line samples-ms". */
  top: string[];
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/**
 * Starts V8's sampling profiler in this process (every `intervalUs`), so that long stalls can be matched with the
 * functions that ran during them: the profile's clock and `process.hrtime` are both the monotonic clock.
 */
export async function startStallProfile(intervalUs = 250): Promise<{
  stop: (stalls: readonly { startUs: number; endUs: number; ms: number; cpuMs: number; phase: string }[], keep?: number) => Promise<ProfiledStall[]>;
  /** The longest garbage-collection pauses of the main thread so far (ms, kind). */
  gcPauses: () => { ms: number; kind: string }[];
}> {
  const pauses: { ms: number; kind: string }[] = [];
  const kinds: Record<number, string> = { [constants.NODE_PERFORMANCE_GC_MAJOR]: "major", [constants.NODE_PERFORMANCE_GC_MINOR]: "minor", [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: "incremental", [constants.NODE_PERFORMANCE_GC_WEAKCB]: "weakcb" };
  const gc = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const kind = (e as unknown as { detail?: { kind?: number } }).detail?.kind ?? 0;
      if (e.duration >= 5) pauses.push({ ms: Math.round(e.duration * 10) / 10, kind: kinds[kind] ?? String(kind) });
    }
  });
  gc.observe({ entryTypes: ["gc"] });
  const stop = await startCpuProfile(intervalUs);
  return {
    gcPauses: () => [...pauses].sort((a, b) => b.ms - a.ms).slice(0, 10),
    stop: async (stalls, keep = 12) => {
      gc.disconnect();
      return attribute((await stop()) as Profile, stalls, keep, intervalUs);
    },
  };
}

function attribute(profile: Profile, stalls: readonly { startUs: number; endUs: number; ms: number; cpuMs: number; phase: string }[], keep: number, intervalUs: number): ProfiledStall[] {
  const parent = new Map<number, number>();
  const byId = new Map<number, ProfileNode>();
  for (const n of profile.nodes) {
    byId.set(n.id, n);
    for (const c of n.children ?? []) parent.set(c, n.id);
  }
  const times: number[] = [];
  let t = profile.startTime;
  for (const d of profile.timeDeltas) times.push((t += d));
  const label = (n: ProfileNode): string => `${n.callFrame.functionName || "(anon)"} ${n.callFrame.url.split("/").slice(-2).join("/")}:${n.callFrame.lineNumber + 1}`;
  const longest = [...stalls].sort((a, b) => b.ms - a.ms).slice(0, keep);
  return longest.map((s) => {
    const counts = new Map<string, number>();
    let samples = 0;
    for (let i = 0; i < times.length; i++) {
      if (times[i]! < s.startUs || times[i]! > s.endUs) continue;
      const leaf = byId.get(profile.samples[i]!);
      if (!leaf || leaf.callFrame.functionName === "(idle)") continue;
      samples++;
      const seen = new Set<string>();
      for (let id: number | undefined = leaf.id; id !== undefined; id = parent.get(id)) {
        const n = byId.get(id)!;
        if (n.callFrame.url === "" && n.callFrame.functionName.startsWith("(")) {
          if (id === leaf.id) seen.add(n.callFrame.functionName);
          continue;
        }
        seen.add(label(n));
      }
      for (const k of seen) counts.set(k, (counts.get(k) ?? 0) + 1);
    }
    const top = [...counts.entries()]
      .filter(([k]) => !k.includes("node:internal") && !k.startsWith("(anon) ") && !/^(processImmediate|listOnTimeout|processTimers|processTicksAndRejections|run|step|kick)\s/.test(k))
      .sort((a, b) => b[1] - a[1])
      .slice(0, 14)
      .map(([k, c]) => `${k} ${((c * intervalUs) / 1000).toFixed(1)}`);
    return { ms: s.ms, cpuMs: s.cpuMs, phase: s.phase, sampledMs: Math.round((samples * intervalUs) / 100) / 10, top };
  });
}

/** Starts V8's sampling profiler (every `intervalUs`); the returned function stops it and gives the whole profile. */
export async function startCpuProfile(intervalUs = 500): Promise<() => Promise<unknown>> {
  const session = new Session();
  session.connect();
  const post = (method: string, params?: object): Promise<unknown> =>
    new Promise((resolve, reject) => session.post(method, params ?? {}, (err, res) => (err ? reject(err) : resolve(res))));
  await post("Profiler.enable");
  await post("Profiler.setSamplingInterval", { interval: intervalUs });
  await post("Profiler.start");
  return async () => {
    const { profile } = (await post("Profiler.stop")) as { profile: unknown };
    session.disconnect();
    return profile;
  };
}

/**
 * Starts V8's sampling heap profiler, counting objects the collector has already freed too (so a load's short-lived
 * garbage shows beside what it keeps) unless `withFreed` is false (then: what is still alive when it stops); the
 * function it returns stops it and gives the profile (`.heapprofile`).
 */
export async function startAllocationProfile(intervalBytes = 16 * 1024, withFreed = true): Promise<() => Promise<unknown>> {
  const session = new Session();
  session.connect();
  const post = (method: string, params?: object): Promise<unknown> =>
    new Promise((resolve, reject) => session.post(method, params ?? {}, (err, res) => (err ? reject(err) : resolve(res))));
  await post("HeapProfiler.enable");
  await post("HeapProfiler.startSampling", { samplingInterval: intervalBytes, includeObjectsCollectedByMajorGC: withFreed, includeObjectsCollectedByMinorGC: withFreed });
  return async () => {
    const { profile } = (await post("HeapProfiler.stopSampling")) as { profile: unknown };
    session.disconnect();
    return profile;
  };
}
