import type { ChunkIndex } from "../index/chunk-index";
import type { Embedder } from "../ollama/embedder";
import type { FileStore } from "../persist/file-store";
import type { Result } from "../result";
import { calibrateVectorScale, type Calibration } from "./weight-calibration";
import { canonicalModelName, sameModelName } from "../ollama/model-name";

/** A calibration as saved beside the index, with what it was measured on. */
export interface StoredCalibration {
  model: string;
  /** Notes in the index when it was measured. */
  notes: number;
  calibration: Calibration;
}

/** Share by which the note count may drift before the vector weight is measured again. Default 0.25. */
export const RECALIBRATE_DRIFT = 0.25;

/**
 * Keeps the index's calibration and measures it again only when it is stale (another model, or the vault grew or
 * shrank by a quarter), so a restart with nothing changed makes no embedding request for it either.
 */
export class CalibrationKeeper {
  private stored: StoredCalibration | undefined;
  /** The file's read started by `prefetch`, taken by the next `load`. */
  private reading: Promise<Result<Uint8Array | null>> | undefined;

  constructor(
    private readonly store: FileStore,
    /** File path inside the store, e.g. "<plugin dir>/calibration.json". */
    private readonly file: string,
  ) {}

  /**
   * Starts reading the file now, for the next `load`: a server loading its index reads it meanwhile, and its first
   * answer, which waits for the calibration, then waits for no file read once the index is in.
   */
  prefetch(): void {
    this.reading ??= this.store.read(this.file);
  }

  /** The saved calibration for `model`, if any; read once. */
  async load(model: string): Promise<Calibration | undefined> {
    const reading = this.reading ?? this.store.read(this.file);
    this.reading = undefined;
    const raw = await reading;
    if (raw.ok && raw.value) {
      try {
        const parsed = JSON.parse(new TextDecoder().decode(raw.value)) as StoredCalibration;
        if (typeof parsed.calibration.scale === "number" && Number.isFinite(parsed.calibration.scale)) this.stored = parsed;
      } catch {
        this.stored = undefined;
      }
    }
    return this.stored && sameModelName(this.stored.model, model) ? this.stored.calibration : undefined;
  }

  /** True when there is no calibration for `model` or the index drifted too far from the one it was made on. */
  isStale(model: string, notes: number): boolean {
    const s = this.stored;
    if (!s || !sameModelName(s.model, model)) return true;
    return Math.abs(notes - s.notes) > RECALIBRATE_DRIFT * Math.max(s.notes, 1);
  }

  /**
   * Measures again when stale; returns the calibration to use (undefined when it can't be measured). `pause` is
   * awaited between slices of each vector scan (see `calibrateVectorScale`).
   */
  async refresh(index: ChunkIndex, embedder: Embedder, signal?: AbortSignal, pause?: () => Promise<void>): Promise<Calibration | undefined> {
    const notes = [...index.notePaths()].length;
    if (!this.isStale(embedder.model, notes)) return this.stored?.calibration;
    const calibration = await calibrateVectorScale(index, embedder, undefined, signal, pause);
    if (!calibration) return this.stored && sameModelName(this.stored.model, embedder.model) ? this.stored.calibration : undefined;
    this.stored = { model: canonicalModelName(embedder.model), notes, calibration };
    await this.store.write(this.file, new TextEncoder().encode(JSON.stringify(this.stored)));
    return calibration;
  }
}
