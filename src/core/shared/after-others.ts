/**
 * Resolves after the work already queued (timers, I/O, messages) had its turn: `setImmediate` in Node, else
 * `setTimeout(0)`. For work a caller leaves for later, a slice at a time, so that none of it runs ahead of what is
 * waiting (a search's answer, a scan).
 */
export function afterOthers(): Promise<void> {
  const g = globalThis as { setImmediate?: (fn: () => void) => unknown };
  const immediate = g.setImmediate;
  return new Promise((resolve) => (typeof immediate === "function" ? void immediate(resolve) : void setTimeout(resolve, 0)));
}
