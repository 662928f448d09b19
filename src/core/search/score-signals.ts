import { normalizeFolder } from "../shared/vault-folder";
import type { NoteSignalSource } from "./note-signals";

/** A folder whose notes' fused scores are multiplied by `weight` (see `SearchOptions.folderWeights`). */
export interface FolderWeight {
  /** Vault folder (or note path), `/`-separated, no leading or trailing slash; matched ignoring case. */
  folder: string;
  /** Multiplies the fused score of every note under `folder`: below 1 sinks them, above 1 lifts them. */
  weight: number;
}

/**
 * The most recency can multiply a score by, less one: a note modified just now scores at most 10% more. RRF scores
 * of neighbouring ranks differ by more than that at the top (rank 1 against rank 2 is 1/(k+1) against 1/(k+2), 17%
 * at k = 5), so recency reorders near ties and never overturns a clear lead.
 */
export const RECENCY_MAX_BOOST = 0.1;

const DAY_MS = 86_400_000;

/** What the signals did to one note's score. */
export interface ScoreFactor {
  /** The product of the factors below; the fused score is multiplied by it. */
  factor: number;
  /** The weight of the folder the note is in, when one of `folderWeights` holds it. */
  folder?: number;
  /** The recency factor, 1 to 1 + RECENCY_MAX_BOOST, when the boost is on. */
  recency?: number;
}

/** Multiplier of a note's score for modification `ageMs` ago with the given half-life: 1 + 0.1 · 2^(−age/half-life). */
export function recencyFactor(ageMs: number, halfLifeDays: number): number {
  if (!(halfLifeDays > 0)) return 1;
  const age = Math.max(0, ageMs);
  return 1 + RECENCY_MAX_BOOST * Math.pow(0.5, age / (halfLifeDays * DAY_MS));
}

/** The weight of the longest of `weights` that holds `path` (itself or a parent folder); undefined for none. */
export function folderWeightOf(path: string, weights: readonly FolderWeight[]): number | undefined {
  const key = path.normalize("NFC").toLowerCase();
  let best: { length: number; weight: number } | undefined;
  for (const w of weights) {
    const folder = normalizeFolder(w.folder).normalize("NFC").toLowerCase();
    if (folder === "" || !Number.isFinite(w.weight) || w.weight < 0) continue;
    const holds = key === folder || (key.startsWith(folder) && key.charAt(folder.length) === "/");
    if (holds && (best === undefined || folder.length > best.length)) best = { length: folder.length, weight: w.weight };
  }
  return best?.weight;
}

/**
 * The score factor of each note by path, or undefined when neither folder weights nor the recency boost are set
 * (fusion then runs exactly as without them). `now` is what a note's age counts from.
 */
export function scoreAdjuster(
  opts: { folderWeights: readonly FolderWeight[]; recencyHalfLifeDays: number },
  notes: NoteSignalSource | undefined,
  now: number,
): ((path: string) => ScoreFactor) | undefined {
  const weights = opts.folderWeights;
  const halfLife = notes && opts.recencyHalfLifeDays > 0 ? opts.recencyHalfLifeDays : 0;
  if (weights.length === 0 && halfLife === 0) return undefined;
  return (path) => {
    const folder = weights.length > 0 ? folderWeightOf(path, weights) : undefined;
    const modified = halfLife > 0 ? notes?.get(path)?.mtime : undefined;
    const recency = modified !== undefined ? recencyFactor(now - modified, halfLife) : undefined;
    return {
      factor: (folder ?? 1) * (recency ?? 1),
      ...(folder !== undefined ? { folder } : {}),
      ...(recency !== undefined ? { recency } : {}),
    };
  };
}
