/**
 * Encoding and decoding a large index takes hundreds of milliseconds, too long to block Obsidian's UI in one go
 * during a checkpoint. So that work is written as generators that `yield` between bounded slices (a few MB of
 * bytes, or a few thousand chunks), and one code path serves both a plain synchronous call (`runAll`) and a caller
 * that yields to the UI at every step (`runSliced` with its own `pause`).
 */
export type Steps<T> = Generator<void, T, void>;

/**
 * Bytes copied or checksummed per slice: about 1 ms of work on an idle machine. Slices of 16 MB reached 100 ms and
 * more on a busy 2-core one (page faults of freshly allocated file buffers, other processes), well past a frame;
 * each pause only yields once the caller's time budget is used, so small slices cost next to nothing. A multiple
 * of 8 (the checksum has two lanes).
 */
export const SLICE_BYTES = 2 * 1024 * 1024;

/** Chunks or notes handled per slice when each one costs more than a copy (text encoding, building records). */
export const SLICE_ITEMS = 1000;

export function runAll<T>(steps: Steps<T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Runs `steps`, awaiting `pause` between slices; with no `pause` it runs them back to back. */
export async function runSliced<T>(steps: Steps<T>, pause?: () => Promise<void>): Promise<T> {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (pause) await pause();
  }
}
