import { rebuildReasons, type PluginSettings } from "../settings/plugin-settings";
import { sameModelName } from "../ollama/model-name";
import { sameList } from "../same-list";

/** What a settings change costs the running session; every flag false means "apply the new options and go on". */
export interface SettingsCost {
  /** The embedding model, the Ollama URL or the batch size changed: a new embedder takes over. */
  newEmbedder: boolean;
  /**
   * The notes must be split and indexed again (see `rebuildReasons`). False when the model changed too: the new
   * embedder already makes the index re-embed every note, and a rebuild on top would do it twice.
   */
  rebuild: boolean;
  /** The vector weight calibration is measured again: auto-calibrate was turned on, or the embedder changed. */
  recalibrate: boolean;
}

/** Decides what going from `prev` to `next` costs; `VaultSearch.applySettings` performs it. */
export function settingsCost(prev: PluginSettings, next: PluginSettings): SettingsCost {
  const sameModel = sameModelName(prev.embedModel, next.embedModel);
  const newEmbedder = !sameModel || prev.ollamaUrl !== next.ollamaUrl || !sameList(prev.ollamaFallbacks, next.ollamaFallbacks) || prev.batchSize !== next.batchSize;
  return {
    newEmbedder,
    rebuild: rebuildReasons(prev, next).length > 0 && sameModel,
    recalibrate: newEmbedder || (!prev.search.autoWeights && next.search.autoWeights),
  };
}
