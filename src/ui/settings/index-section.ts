import { Notice, Platform, type ButtonComponent } from "obsidian";
import { rebuildWithConfirmation } from "../commands";
import type { IndexStatusPort } from "../ports";
import { indexStatusLines } from "../status/status-text";
import type { SettingGroup, SettingRow } from "./setting-rows";
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
      locationRow(ctx),
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

/** Desktop: the dropdown. Mobile: where the index is and why, since a phone has no folder outside the vault. */
function locationRow(ctx: SettingsContext): SettingRow {
  const shared =
    "In the vault: saved in the plugin's folder and synced with your notes, so your other devices (a phone without Ollama too) and the command-line tool use its embeddings. This device only: saved in this computer's data folder and never synced; each computer builds its own.";
  if (!Platform.isDesktopApp) {
    return {
      name: SETTING_LABELS.indexLocation,
      desc: `${shared} On phones and tablets the index always stays in the vault: that is how this device gets the embeddings your computer made, since it usually can't run Ollama.`,
      render: () => undefined,
    };
  }
  return {
    name: SETTING_LABELS.indexLocation,
    desc: `${shared} The choice syncs with the plugin's settings. It applies when Obsidian next starts, which copies the index over: nothing is embedded again.`,
    render: (setting) => {
      setting.addDropdown((dropdown) => {
        dropdown.addOption("vault", "In the vault");
        dropdown.addOption("device", "This device only");
        dropdown.setValue(ctx.get().indexLocation);
        dropdown.onChange((value) => {
          void ctx.update((d) => void (d.indexLocation = value === "device" ? "device" : "vault")).then((saved) => {
            if (saved) new Notice("The index moves when Obsidian next starts (or the plugin is turned off and on). Nothing is embedded again.");
          });
        });
      });
    },
  };
}

function togglePause(status: IndexStatusPort): void {
  if (status.paused) status.resume();
  else status.pause();
}
