import { Setting } from "obsidian";

/** One settings row: its name and one-line description, and what adds its controls to it. */
export interface SettingRow {
  name: string;
  desc: string;
  /** Adds the row's controls. Anything else it shows must go inside `setting.settingEl`. */
  render(setting: Setting): void;
}

/** A headed group of rows: one section of the tab. */
export interface SettingGroup {
  heading: string;
  rows: SettingRow[];
}

/**
 * The declarative settings items (Obsidian 1.13+) this tab produces: headed groups whose rows draw their own
 * controls through `render`. Declared here because the installed typings predate the API; only this subset is used.
 */
export interface DeclarativeGroup {
  type: "group";
  heading: string;
  items: { name: string; desc: string; render: (setting: Setting) => void }[];
}

/** Draws the groups the classic way, for Obsidian before 1.13 (display()). */
export function drawGroups(container: HTMLElement, groups: readonly SettingGroup[]): void {
  for (const group of groups) {
    new Setting(container).setName(group.heading).setHeading();
    for (const row of group.rows) row.render(new Setting(container).setName(row.name).setDesc(row.desc));
  }
}

/** The same groups as declarative items, so Obsidian 1.13+ renders them and finds them in its settings search. */
export function toDefinitions(groups: readonly SettingGroup[]): DeclarativeGroup[] {
  return groups.map((g) => ({
    type: "group",
    heading: g.heading,
    items: g.rows.map((row) => ({ name: row.name, desc: row.desc, render: (setting: Setting) => row.render(setting) })),
  }));
}
