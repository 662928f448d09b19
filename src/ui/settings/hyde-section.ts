import type { DropdownComponent } from "obsidian";
import { err, ok } from "../../core/result";
import { generationModels, sameModel } from "./embedding-models";
import { toggleRow } from "./row-builders";
import { bindField } from "./setting-fields";
import type { SettingGroup } from "./setting-rows";
import type { SettingsContext } from "./settings-context";
import { SETTING_LABELS } from "../../core/errors/setting-labels";

/** Hypothetical answers (HyDE): the switch, the generation model and the prompt. */
export function hydeGroup(ctx: SettingsContext): SettingGroup {
  return {
    heading: "Hypothetical answers",
    rows: [
      toggleRow(
        ctx,
        {
          name: SETTING_LABELS.hydeEnabled,
          desc: "A generation model writes a short answer to each query (HyDE), and that answer is searched too. Slower; skipped for one- or two-word queries.",
        },
        (s) => s.hyde.enabled,
        (d, v) => void (d.hyde.enabled = v),
      ),
      {
        name: SETTING_LABELS.hydeModel,
        desc: "An installed Ollama model that writes text (not an embedding model). Hypothetical answers stay off until one is chosen.",
        render: (setting) => {
          setting.addDropdown((dropdown) => {
            dropdown.selectEl.addClass("hvs-hyde-model-dropdown");
            fillGenerationModels(dropdown, [], ctx.get().hyde.model);
            dropdown.onChange((value) => void ctx.update((d) => void (d.hyde.model = value)));
            void listGenerationModels(ctx).then((names) => {
              if (names) fillGenerationModels(dropdown, names, ctx.get().hyde.model);
            });
          });
        },
      },
      {
        name: SETTING_LABELS.hydePrompt,
        desc: "What the model is asked. {query} is replaced by the search; without it, the search is added at the end.",
        render: (setting) => {
          setting.addTextArea((t) => {
            t.inputEl.addClass("hvs-prompt-input");
            t.inputEl.rows = 5;
            bindField(setting, t.inputEl, {
              get: () => ctx.get().hyde.promptTemplate,
              format: (v) => v,
              parse: (s) => (s.trim() === "" ? err("The prompt cannot be empty.") : ok(s)),
              commit: (v) => ctx.update((d) => void (d.hyde.promptTemplate = v)),
              when: "change",
            });
          });
        },
      },
    ],
  };
}

/** The installed text-writing models at the saved URL; undefined when Ollama can't be asked (the tab was closed too). */
export async function listGenerationModels(ctx: SettingsContext): Promise<string[] | undefined> {
  const signal = ctx.signal;
  const conn = ctx.deps.connect(ctx.get().ollamaUrl);
  const listed = await conn.listModels(signal);
  if (!listed.ok || signal.aborted) return undefined;
  const names = await generationModels(conn, listed.value, signal);
  return signal.aborted ? undefined : names;
}

/** "None" first, then the installed models; the saved model stays listed even when it is not installed. */
export function fillGenerationModels(
  dropdown: DropdownComponent,
  installed: readonly string[],
  current: string,
  none = "None (hypothetical answers off)",
): void {
  dropdown.selectEl.empty();
  dropdown.addOption("", none);
  const names = [...installed];
  if (current !== "" && !names.some((n) => sameModel(n, current))) names.unshift(current);
  for (const name of names) {
    const missing = installed.length > 0 && !installed.includes(name);
    dropdown.addOption(name, missing ? `${name} (not installed)` : name);
  }
  dropdown.setValue(names.find((n) => sameModel(n, current)) ?? current);
}
