import type { PluginSettings } from "../../core/settings/plugin-settings";
import type { NumberLimit } from "../../core/settings/setting-limits";
import { numberField } from "./setting-fields";
import type { SettingRow } from "./setting-rows";
import type { SettingsContext } from "./settings-context";

/** One numeric setting: its text, its range, and where it lives in the settings. */
export interface NumberSettingSpec {
  name: string;
  /** One line on what the value changes. */
  desc: string;
  limit: NumberLimit;
  read(s: PluginSettings): number;
  write(draft: PluginSettings, value: number): void;
  /** When the value is kept; default "input" (every valid keystroke). */
  when?: "input" | "change";
}

/** Rows for numeric settings, each validated as typed and saved through the context. */
export function numberRows(ctx: SettingsContext, specs: readonly NumberSettingSpec[]): SettingRow[] {
  return specs.map((spec) => ({
    name: spec.name,
    desc: spec.desc,
    render: (setting) =>
      numberField(
        setting,
        { ...spec.limit, label: spec.name },
        () => spec.read(ctx.get()),
        (v) => ctx.update((d) => spec.write(d, v)),
        spec.when,
      ),
  }));
}

/** A row with an on/off switch, saved when flipped. */
export function toggleRow(
  ctx: SettingsContext,
  text: { name: string; desc: string },
  read: (s: PluginSettings) => boolean,
  write: (draft: PluginSettings, value: boolean) => void,
): SettingRow {
  return {
    ...text,
    render: (setting) => {
      setting.addToggle((t) =>
        t.setValue(read(ctx.get())).onChange((v) => {
          void ctx.update((d) => write(d, v));
        }),
      );
    },
  };
}
