import { indexSettingsOf, type PluginSettings } from "../settings/plugin-settings";
import { sameModelName } from "../ollama/model-name";
import { chunksHash, type IndexCost, type IndexSettings } from "../sync/rules/index-settings";
import { sameList } from "../shared/same-list";

/**
 * What a settings change costs the running session; every flag false means "apply the new options and go on". The
 * one place that decides it: the session performs it, the sync actor is handed the index part (`IndexCost`), and the
 * settings tab shows `reasons` before a change that rebuilds.
 */
export interface SettingsCost extends IndexCost {
  /** The embedding model, the Ollama URL or the batch size changed: a new embedder takes over. */
  newEmbedder: boolean;
  /** The vector weight calibration is measured again: auto-calibrate was turned on, or the embedder changed. */
  recalibrate: boolean;
  /** Why the index is rebuilt or re-embedded, in words for the user; empty when it is neither. */
  reasons: string[];
}

/** The index settings on both sides of a change; the default derives them without the host's filters. */
export interface IndexSides {
  before: IndexSettings;
  after: IndexSettings;
}

/** Decides what going from `prev` to `next` costs; `VaultSearch.applySettings` performs it. */
export function settingsCost(prev: PluginSettings, next: PluginSettings, index?: IndexSides): SettingsCost {
  const sameModel = sameModelName(prev.embedModel, next.embedModel);
  const newEmbedder = !sameModel || prev.ollamaUrl !== next.ollamaUrl || !sameList(prev.ollamaFallbacks, next.ollamaFallbacks) || prev.batchSize !== next.batchSize;
  const sides = index ?? { before: indexSettingsOf(prev, []), after: indexSettingsOf(next, []) };
  return {
    newEmbedder,
    ...indexCost(sides.before, sides.after),
    recalibrate: newEmbedder || (!prev.search.autoWeights && next.search.autoWeights),
    reasons: rebuildReasons(prev, next),
  };
}

/**
 * The index part of a change. A new model alone is not a rebuild: the sync actor checks the new model and re-embeds
 * every note itself (see `IndexService.setEmbedder`).
 */
export function indexCost(before: IndexSettings, after: IndexSettings): IndexCost {
  const same = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((x, i) => x === b[i]);
  const rebuild = chunksHash(before) !== chunksHash(after);
  return {
    rebuild,
    relanguage: !rebuild && before.defaultLanguage !== after.defaultLanguage,
    rescan:
      !same(before.excludeFolders, after.excludeFolders) ||
      !same(before.excludeGlobs, after.excludeGlobs) ||
      !same(before.hostIgnore, after.hostIgnore) ||
      !same(before.excludeTags, after.excludeTags) ||
      before.minNoteChars !== after.minNoteChars,
    convertVectors: before.vectorPrecision !== after.vectorPrecision,
  };
}

function rebuildReasons(prev: PluginSettings, next: PluginSettings): string[] {
  const reasons: string[] = [];
  if (!sameModelName(prev.embedModel, next.embedModel)) {
    reasons.push(`The embedding model changes from ${prev.embedModel} to ${next.embedModel}: every note is embedded again.`);
  }
  if (prev.chunk.maxTokens !== next.chunk.maxTokens || prev.chunk.overlapRatio !== next.chunk.overlapRatio) {
    reasons.push("The chunking changes: every note is split and embedded again.");
  }
  return reasons;
}
