import { MIN_CHUNK_TOKENS } from "../chunk/chunk-options";
import { err, ok, type Result } from "../result";
import { FILE_ONLY_SETTINGS, SETTING_LABELS } from "../errors/setting-labels";

/** The accepted range of one numeric setting. */
export interface NumberLimit {
  /** Name used in messages, in sentence case ("Batch size"). */
  label: string;
  min: number;
  max: number;
  /** Only whole numbers are accepted. */
  integer: boolean;
}

const limit = (label: string, min: number, max: number, integer = true): NumberLimit => ({ label, min, max, integer });

/** Ranges of every numeric setting, shared by loading (which clamps) and the settings tab (which refuses). */
export const LIMITS = {
  batchSize: limit(SETTING_LABELS.batchSize, 1, 256),
  rrfK: limit(SETTING_LABELS.rrfK, 1, 1000, false),
  // Each weight is read with its own label (normalize-settings.ts, the settings tab).
  weight: limit("Weight", 0, 10, false),
  limit: limit(SETTING_LABELS.limit, 1, 200),
  depthFactor: limit(FILE_ONLY_SETTINGS.depthFactor, 1, 50),
  keywordQueryBoost: limit(SETTING_LABELS.keywordQueryBoost, 1, 10, false),
  minScore: limit(SETTING_LABELS.minScore, 0, 1, false),
  similarity: limit(FILE_ONLY_SETTINGS.similarity, 0, 1, false),
  chunksPerNote: limit(FILE_ONLY_SETTINGS.chunksPerNote, 1, 10),
  typoTolerance: limit(SETTING_LABELS.typoTolerance, 0, 2),
  recencyHalfLifeDays: limit(SETTING_LABELS.recencyHalfLife, 0, 36_500, false),
  folderWeight: limit(SETTING_LABELS.folderWeights, 0, 10, false),
  maxTokens: limit(SETTING_LABELS.maxTokens, MIN_CHUNK_TOKENS, 4096),
  overlapRatio: limit(SETTING_LABELS.overlapRatio, 0, 0.5, false),
  debounceMs: limit(SETTING_LABELS.debounceMs, 0, 60_000),
  minNoteChars: limit(SETTING_LABELS.minNoteChars, 0, 1_000_000),
  relatedLimit: limit(SETTING_LABELS.relatedLimit, 1, 100),
  rerankCandidates: limit(SETTING_LABELS.rerankCandidates, 10, 40),
} satisfies Record<string, NumberLimit>;

/** "a whole number from 1 to 256" / "a number from 0 to 1": the range as the messages say it. */
export function describeLimit(l: NumberLimit): string {
  return `${l.integer ? "a whole number" : "a number"} from ${l.min} to ${l.max}`;
}

/** Whether `value` is a finite number within the limit (and whole, if it must be). */
export function withinLimit(value: number, l: NumberLimit): boolean {
  return Number.isFinite(value) && value >= l.min && value <= l.max && (!l.integer || Number.isInteger(value));
}

/** The nearest accepted value to a finite number. */
export function clampToLimit(value: number, l: NumberLimit): number {
  const v = l.integer ? Math.round(value) : value;
  return Math.min(l.max, Math.max(l.min, v));
}

/**
 * Reads a number the user typed. A value outside the range is refused with a message rather than silently
 * clamped, so the field never shows one number while another is stored.
 */
export function parseNumberInput(text: string, l: NumberLimit): Result<number, string> {
  const trimmed = text.trim();
  const value = trimmed === "" ? NaN : Number(trimmed);
  if (!withinLimit(value, l)) return err(`${l.label} must be ${describeLimit(l)}.`);
  return ok(value);
}
