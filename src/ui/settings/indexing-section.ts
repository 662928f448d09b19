import { Platform } from "obsidian";
import { ok } from "../../core/result";
import { normalizeFolder, normalizeGlob, normalizeList, normalizeTag, splitListInput } from "../../core/settings/list-settings";
import { LIMITS } from "../../core/settings/setting-limits";
import { LANGUAGE_NAMES, LANGUAGES } from "../../core/text/languages";
import { numberRows, type NumberSettingSpec } from "./row-builders";
import { bindField } from "./setting-fields";
import type { SettingGroup, SettingRow } from "./setting-rows";
import type { SettingsContext } from "./settings-context";
import { SETTING_LABELS } from "../../core/errors/setting-labels";

const INDEXING_NUMBERS: readonly NumberSettingSpec[] = [
  {
    name: SETTING_LABELS.maxTokens,
    desc: "Longest passage, in tokens, that gets its own embedding. Changing it rebuilds the index.",
    limit: LIMITS.maxTokens,
    read: (s) => s.chunk.maxTokens,
    write: (d, v) => void (d.chunk.maxTokens = v),
    when: "change",
  },
  {
    name: SETTING_LABELS.overlapRatio,
    desc: "Percent of a passage repeated at the start of the next one, so no sentence is cut off. Changing it rebuilds the index.",
    limit: { ...LIMITS.overlapRatio, min: LIMITS.overlapRatio.min * 100, max: LIMITS.overlapRatio.max * 100 },
    read: (s) => Math.round(s.chunk.overlapRatio * 1000) / 10,
    write: (d, v) => void (d.chunk.overlapRatio = v / 100),
    when: "change",
  },
  {
    name: SETTING_LABELS.debounceMs,
    desc: "Milliseconds to wait after an edit before the note is indexed again. Longer delays send fewer requests while you type.",
    limit: LIMITS.debounceMs,
    read: (s) => s.debounceMs,
    write: (d, v) => void (d.debounceMs = v),
  },
  {
    name: SETTING_LABELS.minNoteChars,
    desc: "Notes with fewer characters are not indexed. 0 indexes every note.",
    limit: LIMITS.minNoteChars,
    read: (s) => s.minNoteChars,
    write: (d, v) => void (d.minNoteChars = v),
    when: "change",
  },
];

type ListKey = "excludeFolders" | "excludeGlobs" | "excludeTags" | "extraFolders" | "ollamaFallbacks";

/** Splits a field into its lines only: paths and URLs may hold commas. */
export const splitLines = (text: string): string[] => text.split("\n").map((l) => l.trim()).filter((l) => l !== "");

/**
 * A list setting typed as lines or commas (or as `split` says); kept when the field loses focus, so half-typed
 * entries cost nothing.
 */
export function listRow(
  ctx: SettingsContext,
  text: { name: string; desc: string; placeholder: string },
  key: ListKey,
  normalize: (s: string) => string,
  split: (text: string) => string[] = splitListInput,
): SettingRow {
  return {
    name: text.name,
    desc: text.desc,
    render: (setting) => {
      setting.addTextArea((t) => {
        t.setPlaceholder(text.placeholder);
        t.inputEl.addClass("hvs-list-input");
        t.inputEl.rows = 3;
        bindField(setting, t.inputEl, {
          get: () => ctx.get()[key],
          format: (items) => items.join("\n"),
          parse: (s) => ok(normalizeList(split(s), normalize)),
          commit: (items) => ctx.update((d) => void (d[key] = items)),
          when: "change",
        });
      });
    },
  };
}

/** Indexing: chunking, the re-index delay, the minimum length and the exclusions. Excluded notes never reach Ollama. */
export function indexingGroup(ctx: SettingsContext): SettingGroup {
  return {
    heading: "Indexing",
    rows: [
      ...numberRows(ctx, INDEXING_NUMBERS),
      {
        name: SETTING_LABELS.defaultLanguage,
        desc: "Stems and stop words for notes whose language can't be told from their words or a lang property. Changing it analyses those notes again; nothing is embedded again.",
        render: (setting) => {
          setting.addDropdown((dropdown) => {
            for (const lang of LANGUAGES) dropdown.addOption(lang.code, LANGUAGE_NAMES[lang.code] ?? lang.code);
            dropdown.setValue(ctx.get().defaultLanguage);
            dropdown.onChange((value) => void ctx.update((d) => void (d.defaultLanguage = value)));
          });
        },
      },
      {
        name: SETTING_LABELS.vectorPrecision,
        desc: "Compact keeps each vector in a quarter of the memory and disk space, with nearly the same results. Changing it converts the stored vectors; nothing is embedded again.",
        render: (setting) => {
          setting.addDropdown((dropdown) => {
            dropdown.addOption("int8", "Compact (8-bit)");
            dropdown.addOption("float32", "Full (32-bit)");
            dropdown.setValue(ctx.get().vectorPrecision);
            dropdown.onChange((value) => void ctx.update((d) => void (d.vectorPrecision = value === "float32" ? "float32" : "int8")));
          });
        },
      },
      listRow(
        ctx,
        { name: SETTING_LABELS.excludeFolders, desc: "Notes in these folders are not indexed. One folder a line.", placeholder: "Private\nArchive/old" },
        "excludeFolders",
        normalizeFolder,
      ),
      listRow(
        ctx,
        { name: SETTING_LABELS.excludeGlobs, desc: "Glob patterns of paths that are not indexed. One a line.", placeholder: "**/*.excalidraw.md" },
        "excludeGlobs",
        normalizeGlob,
      ),
      listRow(
        ctx,
        { name: SETTING_LABELS.excludeTags, desc: "Notes with any of these tags are not indexed. Separate them with commas.", placeholder: "private, journal" },
        "excludeTags",
        normalizeTag,
      ),
      // Only the desktop app can read folders outside the vault.
      ...(Platform.isDesktopApp
        ? [
            listRow(
              ctx,
              {
                name: SETTING_LABELS.extraFolders,
                desc: "Folders outside the vault whose Markdown notes are searched too, read-only: they show as .extra/<folder name>/… and open in the default app. Absolute paths, one a line. Desktop only.",
                placeholder: "/home/me/work-notes",
              },
              "extraFolders",
              (f) => f.trim(),
              splitLines,
            ),
          ]
        : []),
    ],
  };
}
