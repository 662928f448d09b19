import { readdirSync, readFileSync } from "node:fs";

/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS_PER_S = 100;

/**
 * The CPU time (ms, user + system) used so far by every live process under `root` (its children, theirs and so on,
 * not `root` itself), from /proc: a launched browser's processes. Linux only; 0 elsewhere.
 */
export function descendantsCpuMs(root: number): number {
  let entries: string[];
  try {
    entries = readdirSync("/proc").filter((e) => /^\d+$/.test(e));
  } catch {
    return 0;
  }
  const stats = new Map<number, { ppid: number; ticks: number }>();
  for (const e of entries) {
    try {
      const text = readFileSync(`/proc/${e}/stat`, "utf8");
      // The command name may hold spaces and parentheses: the fields start after its last ")".
      const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
      stats.set(Number(e), { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // The process ended while we read.
    }
  }
  const children = new Map<number, number[]>();
  for (const [pid, s] of stats) children.set(s.ppid, [...(children.get(s.ppid) ?? []), pid]);
  let ticks = 0;
  const stack = [...(children.get(root) ?? [])];
  for (let pid = stack.pop(); pid !== undefined; pid = stack.pop()) {
    ticks += stats.get(pid)?.ticks ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return (ticks * 1000) / TICKS_PER_S;
}
