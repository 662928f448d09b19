import { err, ok } from "../../core/result";
import { formatFolderWeights, parseFolderWeights } from "../../core/settings/folder-weights";
import { normalizeList, splitListInput } from "../../core/settings/list-settings";
import { SETTING_LABELS } from "../../core/errors/setting-labels";
import { LIMITS } from "../../core/settings/setting-limits";
import { numberRows } from "./row-builders";
import { bindField } from "./setting-fields";
import type { SettingRow } from "./setting-rows";
import type { SettingsContext } from "./settings-context";

/** The rows for dates, folders and superseded notes, shown in the search group. */
export function signalRows(ctx: SettingsContext): SettingRow[] {
  return [
    ...numberRows(ctx, [
      {
        name: SETTING_LABELS.recencyHalfLife,
        desc: "Days after which a recently modified note's boost halves. A note changed today scores up to 10% more, enough to break near ties, never to bury a better match. 0 turns it off.",
        limit: LIMITS.recencyHalfLifeDays,
        read: (s) => s.search.recencyHalfLifeDays,
        write: (d, v) => void (d.search.recencyHalfLifeDays = v),
      },
    ]),
    {
      name: SETTING_LABELS.folderWeights,
      desc: "Multiply the score of notes in a folder: one folder and weight (0 to 10) a line. The longest matching folder counts.",
      render: (setting) => {
        setting.addTextArea((t) => {
          t.setPlaceholder("Archive/ 0.5\nProjects/ 1.2");
          t.inputEl.addClass("hvs-list-input");
          t.inputEl.rows = 3;
          bindField(setting, t.inputEl, {
            get: () => ctx.get().search.folderWeights,
            format: formatFolderWeights,
            parse: (s) => {
              const read = parseFolderWeights(s);
              return read.errors.length > 0 ? err(read.errors[0] ?? "") : ok(read.weights);
            },
            commit: (weights) => ctx.update((d) => void (d.search.folderWeights = [...weights])),
            when: "change",
          });
        });
      },
    },
    {
      name: SETTING_LABELS.supersededStatuses,
      desc: 'Notes whose status property is one of these, or that name a superseded_by note, are left out of results until you turn on "Show superseded". Separate them with commas.',
      render: (setting) => {
        setting.addText((t) => {
          t.setPlaceholder("Superseded, archived");
          bindField(setting, t.inputEl, {
            get: () => ctx.get().search.supersededStatuses,
            format: (items) => items.join(", "),
            parse: (s) => ok(normalizeList(splitListInput(s), (x) => x.trim().toLowerCase())),
            commit: (items) => ctx.update((d) => void (d.search.supersededStatuses = items)),
            when: "change",
          });
        });
      },
    },
  ];
}
