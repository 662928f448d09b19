import { LIMITS } from "../../core/settings/setting-limits";
import { SETTING_LABELS } from "../../core/errors/setting-labels";
import { fillGenerationModels, listGenerationModels } from "./hyde-section";
import { numberRows, toggleRow } from "./row-builders";
import type { SettingGroup } from "./setting-rows";
import type { SettingsContext } from "./settings-context";

/** Reranking: the switch, the judge model and how many fused results it reorders. */
export function rerankGroup(ctx: SettingsContext): SettingGroup {
  return {
    heading: "Rerank",
    rows: [
      toggleRow(
        ctx,
        {
          name: SETTING_LABELS.rerankEnabled,
          desc: "A local model judges whether each of the top results answers the query, and the search window reorders them when it is done. Slower; the fused results show first. Type r: before a query to rerank just that one.",
        },
        (s) => s.rerank.enabled,
        (d, v) => void (d.rerank.enabled = v),
      ),
      {
        name: SETTING_LABELS.rerankModel,
        desc: "An installed Ollama model that writes text, such as qwen3:0.6b. It needs Ollama 0.12.11 or later (for token probabilities).",
        render: (setting) => {
          setting.addDropdown((dropdown) => {
            dropdown.selectEl.addClass("hvs-rerank-model-dropdown");
            fillGenerationModels(dropdown, [], ctx.get().rerank.model, "None (no rerank)");
            dropdown.onChange((value) => void ctx.update((d) => void (d.rerank.model = value)));
            void listGenerationModels(ctx).then((names) => {
              if (names) fillGenerationModels(dropdown, names, ctx.get().rerank.model, "None (no rerank)");
            });
          });
        },
      },
      ...numberRows(ctx, [
        {
          name: SETTING_LABELS.rerankCandidates,
          desc: "How many of the top results the model judges, from 10 to 40. More can move a good note up from further down, and take longer.",
          limit: LIMITS.rerankCandidates,
          read: (s) => s.rerank.candidates,
          write: (d, v) => void (d.rerank.candidates = v),
        },
      ]),
    ],
  };
}
