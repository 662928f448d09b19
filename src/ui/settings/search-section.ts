import { LIMITS } from "../../core/settings/setting-limits";
import { numberRows, toggleRow, type NumberSettingSpec } from "./row-builders";
import type { SettingGroup } from "./setting-rows";
import type { SettingsContext } from "./settings-context";
import { SETTING_LABELS } from "../../core/errors/setting-labels";
import { signalRows } from "./signals-section";

const SEARCH_NUMBERS: readonly NumberSettingSpec[] = [
  {
    name: SETTING_LABELS.bm25Weight,
    desc: "How much exact word matches (BM25) count in hybrid results. 0 leaves them out.",
    limit: LIMITS.weight,
    read: (s) => s.search.weights.bm25,
    write: (d, v) => void (d.search.weights.bm25 = v),
  },
  {
    name: SETTING_LABELS.vectorWeight,
    desc: "How much matches by meaning (the query embedding) count in hybrid results.",
    limit: LIMITS.weight,
    read: (s) => s.search.weights.vector,
    write: (d, v) => void (d.search.weights.vector = v),
  },
  {
    name: SETTING_LABELS.hydeWeight,
    desc: "How much the HyDE list counts when it is on. Keep it below the meaning weight.",
    limit: LIMITS.weight,
    read: (s) => s.search.weights.hyde,
    write: (d, v) => void (d.search.weights.hyde = v),
  },
  {
    name: SETTING_LABELS.rrfK,
    desc: "Small values let each list's top hits decide; large values favour notes several lists agree on.",
    limit: LIMITS.rrfK,
    read: (s) => s.search.rrfK,
    write: (d, v) => void (d.search.rrfK = v),
  },
  {
    name: SETTING_LABELS.keywordQueryBoost,
    desc: "For one- or two-word queries and quoted phrases, the keyword weight is multiplied by this, so exact names come first.",
    limit: LIMITS.keywordQueryBoost,
    read: (s) => s.search.keywordQueryBoost,
    write: (d, v) => void (d.search.keywordQueryBoost = v),
  },
  {
    name: SETTING_LABELS.typoTolerance,
    desc: "Edits a misspelt word may be from a word of your notes: 0 off, 1, or 2 (for words of 8 letters or more). Words of 3 letters or fewer are never corrected. Above 0, a word no note holds also finds its other forms (naczynia finds naczyniami).",
    limit: LIMITS.typoTolerance,
    read: (s) => s.search.typoTolerance,
    write: (d, v) => void (d.search.typoTolerance = v),
  },
  {
    name: SETTING_LABELS.limit,
    desc: "Notes listed in the search window.",
    limit: LIMITS.limit,
    read: (s) => s.search.limit,
    write: (d, v) => void (d.search.limit = v),
  },
  {
    name: SETTING_LABELS.minScore,
    desc: "Hide results below this share (0 to 1) of the best possible score. 0 hides nothing.",
    limit: LIMITS.minScore,
    read: (s) => s.search.minScore,
    write: (d, v) => void (d.search.minScore = v),
  },
];

/** Search: list weights, RRF k, result count, minimum score and calibration, each saying what it changes. */
export function searchGroup(ctx: SettingsContext): SettingGroup {
  return {
    heading: "Search",
    rows: [
      ...numberRows(ctx, SEARCH_NUMBERS),
      toggleRow(
        ctx,
        {
          name: SETTING_LABELS.autoWeights,
          desc: "Measure how well the embedding model does on this vault and scale the meaning weights to match.",
        },
        (s) => s.search.autoWeights,
        (d, v) => void (d.search.autoWeights = v),
      ),
      ...signalRows(ctx),
    ],
  };
}

/** Related notes: how many, whether notes already linked are shown, and whether the list follows the cursor's section. */
export function relatedGroup(ctx: SettingsContext): SettingGroup {
  return {
    heading: "Related notes",
    rows: [
      ...numberRows(ctx, [
        {
          name: SETTING_LABELS.relatedLimit,
          desc: "How many related notes the side panel lists.",
          limit: LIMITS.relatedLimit,
          read: (s) => s.related.limit,
          write: (d, v) => void (d.related.limit = v),
        },
      ]),
      toggleRow(
        ctx,
        {
          name: SETTING_LABELS.hideLinked,
          desc: "Leave out notes the active note already links to, to find connections not made yet.",
        },
        (s) => s.related.hideLinked,
        (d, v) => void (d.related.hideLinked = v),
      ),
      toggleRow(
        ctx,
        {
          name: SETTING_LABELS.followSection,
          desc: "List notes related to the section under the cursor, following it once it rests, instead of the whole note.",
        },
        (s) => s.related.followSection,
        (d, v) => void (d.related.followSection = v),
      ),
    ],
  };
}
