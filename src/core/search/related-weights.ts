import type { ChunkIndex } from "../index/chunk-index";
import type { FileStore } from "../persist/file-store";
import type { Result } from "../result";
import { runSliced } from "../shared/slices";
import { RECALIBRATE_DRIFT } from "./calibration-keeper";
import { calibrateRelatedSteps, type RelatedCalibration } from "./related-calibration";
import type { RelatedWeights } from "./related-fusion";

/**
 * The related lists' weights learnt for each index, read by every related list and written only by
 * `RelatedWeightsKeeper`: learning reads a few dozen related lists, far too slow for the call that shows one.
 */
const learnt = new WeakMap<ChunkIndex, RelatedCalibration>();

/** The weights learnt for `index` at RRF constant `k`; undefined until learnt (the lists then weigh equally). */
export function learntRelatedWeights(index: ChunkIndex, k: number): RelatedWeights | undefined {
  const c = learnt.get(index);
  return c && c.k === k ? c.weights : undefined;
}

/** Notes sampled when learning, and the fewest that make the learnt weights count. */
const SAMPLES = 32;
const MIN_SAMPLES = 8;

/**
 * Learns the related lists' weights from the vault's own links (see `calibrateRelated`) in the background, one
 * sampled note per slice, saves them beside the vector calibration and hands them to the index's related lists. A
 * restart loads them; they are learnt again only when the RRF constant changes or the note count drifts by a quarter.
 */
export class RelatedWeightsKeeper {
  private stored: RelatedCalibration | undefined;
  /** The file's read started by `prefetch`, taken by the next `load` (see `CalibrationKeeper.prefetch`). */
  private reading: Promise<Result<Uint8Array | null>> | undefined;

  constructor(
    private readonly store: FileStore,
    /** File path inside the store, e.g. "<plugin dir>/related-weights.json". */
    private readonly file: string,
  ) {}

  /** Starts reading the saved weights now, for the next `load` (see `CalibrationKeeper.prefetch`). */
  prefetch(): void {
    if (!this.stored) this.reading ??= this.store.read(this.file);
  }

  /** Reads the saved weights (once) and gives them to `index`'s related lists. */
  async load(index: ChunkIndex): Promise<RelatedCalibration | undefined> {
    if (!this.stored) {
      const reading = this.reading ?? this.store.read(this.file);
      this.reading = undefined;
      const raw = await reading;
      this.stored = raw.ok && raw.value ? parse(new TextDecoder().decode(raw.value)) : undefined;
    }
    if (this.stored) learnt.set(index, this.stored);
    return this.stored;
  }

  /** True when there are no weights for `k`, or the index drifted by more than a quarter from the one they were learnt on. */
  isStale(notes: number, k: number): boolean {
    const s = this.stored;
    return !s || s.k !== k || Math.abs(notes - s.notes) > RECALIBRATE_DRIFT * Math.max(1, s.notes);
  }

  /**
   * Learns the weights again when stale, yielding with `pause` between sampled notes; stops without saving when
   * `signal` aborts. Returns the weights in force.
   */
  async refresh(index: ChunkIndex, k: number, pause?: () => Promise<void>, signal?: AbortSignal): Promise<RelatedCalibration | undefined> {
    await this.load(index);
    const notes = countNotes(index);
    if (!this.isStale(notes, k)) return this.stored;
    const steps = calibrateRelatedSteps(index, { samples: SAMPLES, minSamples: MIN_SAMPLES, k });
    const stop = async () => {
      if (signal?.aborted) throw new Error("aborted");
      if (pause) await pause();
    };
    let calibration: RelatedCalibration;
    try {
      calibration = await runSliced(steps, stop);
    } catch {
      return this.stored;
    }
    this.stored = calibration;
    learnt.set(index, calibration);
    await this.store.write(this.file, new TextEncoder().encode(JSON.stringify(calibration)));
    return calibration;
  }
}

function parse(text: string): RelatedCalibration | undefined {
  try {
    const c = JSON.parse(text) as Partial<RelatedCalibration>;
    const w = c.weights;
    const ok = (x: unknown) => typeof x === "number" && Number.isFinite(x) && x >= 0;
    if (!w || !ok(w.vector) || !ok(w.bm25) || !ok(w.body) || !ok(c.k) || !ok(c.notes)) return undefined;
    return c as RelatedCalibration;
  } catch {
    return undefined;
  }
}

function countNotes(index: ChunkIndex): number {
  let n = 0;
  for (let it = index.notePaths(), step = it.next(); !step.done; step = it.next()) n++;
  return n;
}
