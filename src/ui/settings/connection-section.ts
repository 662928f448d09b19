import type { DropdownComponent } from "obsidian";
import { normalizeOllamaUrl } from "../../core/ollama/ollama-url";
import { err, ok } from "../../core/result";
import { LIMITS } from "../../core/settings/setting-limits";
import { checkConnection, type ConnectionReport } from "./connection-check";
import { sameModel } from "./embedding-models";
import { numberRows } from "./row-builders";
import { bindField } from "./setting-fields";
import type { SettingGroup } from "./setting-rows";
import type { SettingsContext } from "./settings-context";
import { SETTING_LABELS } from "../../core/errors/setting-labels";
import { endpointEntry } from "../../core/ollama/endpoint-chain";
import { listRow, splitLines } from "./indexing-section";

/**
 * Connection: the Ollama URL with "Test connection", the embedding model (from the server's embedding models),
 * and the batch size. The model list loads quietly when the tab opens; the test shows everything it found.
 */
export function connectionGroup(ctx: SettingsContext): SettingGroup {
  let typedUrl = ctx.get().ollamaUrl;
  let installed: string[] = [];
  let models: DropdownComponent | undefined;
  let report: HTMLElement | undefined;

  const runCheck = async (show: boolean) => {
    const signal = ctx.signal;
    if (show && report) showReport(report, { state: "ok", lines: [`Contacting ${typedUrl}…`], embeddingModels: [] });
    const result = await checkConnection(ctx.deps.connect(typedUrl), ctx.get().embedModel, signal);
    if (signal.aborted) return;
    if (show && report) showReport(report, result);
    if (result.embeddingModels.length === 0) return;
    installed = result.embeddingModels;
    if (models) fillModels(models, installed, ctx.get().embedModel);
  };

  return {
    heading: "Connection",
    rows: [
      {
        name: SETTING_LABELS.ollamaUrl,
        desc: "Ollama listens here. Note text is sent to this address only, to be embedded.",
        render: (setting) => {
          setting.addText((text) => {
            text.setPlaceholder("127.0.0.1:11434");
            text.inputEl.addClass("hvs-url-input");
            typedUrl = ctx.get().ollamaUrl;
            bindField(setting, text.inputEl, {
              get: () => ctx.get().ollamaUrl,
              format: (v) => v,
              parse: (s) => {
                const url = normalizeOllamaUrl(s);
                return url === undefined ? err(`"${s.trim()}" is not a URL. Use one like http://127.0.0.1:11434.`) : ok(url);
              },
              commit: (url) => ctx.update((d) => void (d.ollamaUrl = url)),
              when: "change",
            });
            text.onChange((v) => void (typedUrl = normalizeOllamaUrl(v) ?? v.trim()));
          });
          setting.addButton((b) =>
            b
              .setButtonText("Test connection")
              .setClass("hvs-test-connection")
              .onClick(() => void runCheck(true)),
          );
          report = setting.infoEl.createDiv({ cls: "hvs-connection-result hvs-hidden", attr: { "aria-live": "polite" } });
        },
      },
      {
        name: SETTING_LABELS.embedModel,
        desc: "The installed models that make embeddings. Changing it rebuilds the index.",
        render: (setting) => {
          setting.addDropdown((dropdown) => {
            models = dropdown;
            dropdown.selectEl.addClass("hvs-model-dropdown");
            fillModels(dropdown, installed, ctx.get().embedModel);
            dropdown.onChange((value) => {
              if (sameModel(value, ctx.get().embedModel)) return;
              const change = ctx.update((d) => void (d.embedModel = value));
              void change.then((kept) => {
                if (!kept) fillModels(dropdown, installed, ctx.get().embedModel);
              });
            });
            void runCheck(false);
          });
        },
      },
      listRow(
        ctx,
        {
          name: SETTING_LABELS.ollamaFallbacks,
          desc: "Servers to embed with, in order, when the one above does not answer: URL for the same model, or URL@MODEL. Only servers with the index's model are used; vectors of two models never mix. One a line.",
          placeholder: "http://192.168.1.20:11434\nhttp://127.0.0.1:11434@nomic-embed-text",
        },
        "ollamaFallbacks",
        (e) => endpointEntry(e) ?? "",
        splitLines,
      ),
      ...numberRows(ctx, [
        {
          name: SETTING_LABELS.batchSize,
          desc: "Passages per embedding request. Larger batches index faster but keep the server busy longer.",
          limit: LIMITS.batchSize,
          read: (s) => s.batchSize,
          write: (d, v) => void (d.batchSize = v),
        },
      ]),
    ],
  };
}

/** The dropdown lists the installed embedding models; the saved model stays listed even when it is missing. */
function fillModels(dropdown: DropdownComponent, installed: readonly string[], current: string): void {
  dropdown.selectEl.empty();
  const names = [...installed];
  if (!names.some((n) => sameModel(n, current))) names.unshift(current);
  for (const name of names) {
    const missing = installed.length > 0 && !installed.includes(name);
    dropdown.addOption(name, missing ? `${name} (not installed)` : name);
  }
  dropdown.setValue(names.find((n) => sameModel(n, current)) ?? current);
}

function showReport(el: HTMLElement, report: ConnectionReport): void {
  el.empty();
  el.removeClass("hvs-hidden");
  el.setAttr("data-state", report.state);
  for (const line of report.lines) el.createDiv({ cls: "hvs-connection-line", text: line });
}
