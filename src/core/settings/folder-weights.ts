import type { FolderWeight } from "../search/score-signals";
import { normalizeFolder } from "./list-settings";
import { SETTING_LABELS } from "../errors/setting-labels";
import { LIMITS, describeLimit, withinLimit } from "./setting-limits";

/** Folder weights read from what the user typed, and a message per line that could not be read. */
export interface FolderWeightsInput {
  /** The lines that could be read, in order; a folder listed twice keeps its last weight. */
  weights: FolderWeight[];
  /** One message per line left out, saying what to write instead. */
  errors: string[];
}

const LINE = /^(.*?)\s*[:=\s]\s*([+-]?\d+(?:[.,]\d+)?)$/;

/**
 * Reads one folder and weight a line: `Archive/ 0.5`, `Archive: 0.5` or `Projects/Active = 1.2` (a decimal comma
 * works too). A folder listed twice keeps its last weight. Lines that are not a folder and a weight from 0 to 10
 * are reported and left out.
 */
export function parseFolderWeights(text: string): FolderWeightsInput {
  const weights: FolderWeight[] = [];
  const errors: string[] = [];
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (line === "") continue;
    const m = LINE.exec(line);
    const folder = normalizeFolder(m?.[1] ?? "");
    const weight = Number((m?.[2] ?? "").replace(",", "."));
    if (!m || folder === "" || !withinLimit(weight, LIMITS.folderWeight)) {
      errors.push(`"${line}" is not a folder and a weight ${describeLimit(LIMITS.folderWeight)}. Write one a line, such as "Archive/ 0.5".`);
      continue;
    }
    add(weights, { folder, weight });
  }
  return { weights, errors };
}

/** The folder weights as the settings tab shows them, one a line. */
export function formatFolderWeights(weights: readonly FolderWeight[]): string {
  return weights.map((w) => `${w.folder}/ ${w.weight}`).join("\n");
}

/** Saved folder weights (a list of `{ folder, weight }`, or the text form), checked; what was dropped goes to `errors`. */
export function readFolderWeights(raw: unknown, fallback: readonly FolderWeight[], errors: string[]): FolderWeight[] {
  if (raw === undefined) return [...fallback];
  if (typeof raw === "string") {
    const parsed = parseFolderWeights(raw);
    errors.push(...parsed.errors.map((e) => `${SETTING_LABELS.folderWeights}: ${e}`));
    return parsed.weights;
  }
  if (!Array.isArray(raw)) {
    errors.push(`${SETTING_LABELS.folderWeights} must be a list; the default (none) is used.`);
    return [...fallback];
  }
  const out: FolderWeight[] = [];
  for (const item of raw as unknown[]) {
    const rec = typeof item === "object" && item !== null ? (item as Record<string, unknown>) : {};
    const folder = typeof rec.folder === "string" ? normalizeFolder(rec.folder) : "";
    const weight = rec.weight;
    if (folder === "" || typeof weight !== "number" || !withinLimit(weight, LIMITS.folderWeight)) {
      errors.push(`${SETTING_LABELS.folderWeights}: an entry that is not a folder and a weight ${describeLimit(LIMITS.folderWeight)} was dropped.`);
      continue;
    }
    add(out, { folder, weight });
  }
  return out;
}

function add(list: FolderWeight[], w: FolderWeight): void {
  const at = list.findIndex((x) => x.folder.toLowerCase() === w.folder.toLowerCase());
  if (at >= 0) list.splice(at, 1);
  list.push(w);
}
