import type { ButtonComponent } from "obsidian";
import { rebuildWithConfirmation } from "../commands";
import type { IndexStatusPort } from "../ports";
import { indexStatusLines } from "../status/status-text";
import type { SettingGroup } from "./setting-rows";
import type { SettingsContext } from "./settings-context";
import { SETTING_LABELS } from "../../core/errors/setting-labels";

/** Index: live status (notes, chunks, pending embeddings, file size, last error), "Rebuild index" and pause/resume. */
export function indexGroup(ctx: SettingsContext): SettingGroup {
  const status = ctx.deps.status;
  return {
    heading: "Index",
    rows: [
      {
        name: SETTING_LABELS.indexStatus,
        desc: "What the index holds and what it is doing.",
        render: (setting) => {
          const el = setting.infoEl.createDiv({ cls: "hvs-index-status", attr: { "aria-live": "polite" } });
          const render = () => {
            el.empty();
            for (const line of indexStatusLines(status.status(), status.paused)) el.createDiv({ text: line });
          };
          render();
          ctx.onClose(status.onProgress(render));
        },
      },
      {
        name: SETTING_LABELS.rebuild,
        desc: "A rebuild reads and embeds every note again. Pausing stops indexing until it is resumed.",
        render: (setting) => {
          let pause: ButtonComponent | undefined;
          const label = () => {
            pause?.setButtonText(status.paused ? "Resume indexing" : "Pause indexing");
          };
          setting
            .addButton((b) =>
              b
                .setButtonText("Rebuild index")
                .setClass("hvs-rebuild-button")
                .setWarning()
                .onClick(() => void rebuildWithConfirmation(ctx.app, status)),
            )
            .addButton((b) => {
              pause = b;
              b.setClass("hvs-pause-button").onClick(() => {
                togglePause(status);
                label();
              });
            });
          label();
          ctx.onClose(status.onProgress(label));
        },
      },
    ],
  };
}

function togglePause(status: IndexStatusPort): void {
  if (status.paused) status.resume();
  else status.pause();
}
