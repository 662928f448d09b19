/**
 * Times named phases of a benchmark, each call's figure appended to its phase's list. With `cpu` the figure is the
 * process's CPU milliseconds (main thread and GC helpers) instead of wall time: on a shared machine a call's wall
 * time mostly says how long it waited for a core.
 */
export function phaseTimer(cpu: boolean): { phases: Record<string, number[]>; time: <T>(name: string, f: () => T) => T } {
  const phases: Record<string, number[]> = {};
  const time = <T>(name: string, f: () => T): T => {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    const r = f();
    const c = process.cpuUsage(c0);
    (phases[name] ??= []).push(cpu ? (c.user + c.system) / 1000 : performance.now() - t0);
    return r;
  };
  return { phases, time };
}
