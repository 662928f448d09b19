import { readFile } from "node:fs/promises";
import { normalizeSettings } from "../../core/settings/normalize-settings";
import type { PluginSettings } from "../../core/settings/plugin-settings";
import type { VaultLayout } from "./vault-config";

/** The plugin's settings as the CLI uses them, and what was wrong with the saved file. */
export interface CliSettings {
  settings: PluginSettings;
  /** One line per value the plugin's own reader had to correct; empty when the file is clean or absent. */
  problems: string[];
}

/**
 * Reads the plugin's settings (`data.json` in its folder), so the CLI indexes with the same chunking and
 * exclusions as Obsidian and the two never rebuild each other's index. A missing file means the defaults.
 */
export async function readPluginSettings(layout: VaultLayout): Promise<CliSettings> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(`${layout.pluginDir}/data.json`, "utf8"));
  } catch (cause) {
    const missing = typeof cause === "object" && cause !== null && "code" in cause && cause.code === "ENOENT";
    if (missing) return { settings: normalizeSettings(undefined).settings, problems: [] };
    raw = "unreadable";
  }
  const { settings, errors } = normalizeSettings(raw);
  return { settings, problems: errors };
}

