/** Runs a sliced job to its end, counting the pauses it made (a job meant to yield must show some). */
export function drainSteps<T>(steps: Generator<void, T, void>): { value: T; yields: number } {
  let yields = 0;
  for (;;) {
    const s = steps.next();
    if (s.done) return { value: s.value, yields };
    yields++;
  }
}
