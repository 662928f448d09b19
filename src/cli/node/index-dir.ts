import { realpath } from "node:fs/promises";
import { homedir } from "node:os";
import { resolve } from "node:path";
import { deviceIndexDir, type DeviceFacts } from "../../core/persist/index-location";
import { settleIndexPlace, type IndexPlace } from "../../core/persist/index-place";
import type { PluginSettings } from "../../core/settings/plugin-settings";
import { NodeFileStore } from "./node-file-store";
import type { VaultLayout } from "./vault-config";

/** What `placeIndex` decided. */
export interface PlacedIndex {
  /** The layout with `dataDir` set to the index's folder. */
  layout: VaultLayout;
  /** A line for the user (the index was copied, or could not be, or the device folder is unknown). */
  notice?: string;
}

/**
 * Puts the layout's index where the plugin keeps it: `indexDir` (`--index-dir`) when given, as it is; else the "Index
 * location" setting's folder (the plugin's folder in the vault, or this device's data folder found from the vault's
 * real path, as the plugin finds it). A folder that has no index yet gets a copy of the one at the other location, so
 * a change of the setting embeds nothing again (see `settleIndexPlace`).
 */
export async function placeIndex(
  layout: VaultLayout,
  settings: PluginSettings,
  env: Readonly<Record<string, string | undefined>>,
  indexDir?: string,
): Promise<PlacedIndex> {
  if (indexDir !== undefined) return { layout: { ...layout, dataDir: slashes(resolve(indexDir)) } };
  const store = new NodeFileStore();
  const vault: IndexPlace = { store, dir: layout.pluginDir };
  const device = await deviceDir(layout.vaultDir, env);
  const label = (p: IndexPlace) => (p.dir === layout.pluginDir ? "the vault's plugin folder" : p.dir);
  if (device === undefined) {
    const notice = settings.indexLocation === "device" ? "This device's data folder can't be told (no home folder), so the index stays in the vault's plugin folder." : undefined;
    return { layout, ...(notice ? { notice } : {}) };
  }
  const other: IndexPlace = { store, dir: device };
  const [chosen, previous] = settings.indexLocation === "device" ? [other, vault] : [vault, other];
  const settled = await settleIndexPlace({ chosen, previous, inVault: chosen === vault, label });
  return { layout: { ...layout, dataDir: settled.place.dir }, ...(settled.notice ? { notice: settled.notice } : {}) };
}

/** This device's folder for the vault's index (see `deviceIndexDir`); undefined when it can't be told. */
export async function deviceDir(vaultDir: string, env: Readonly<Record<string, string | undefined>>): Promise<string | undefined> {
  const facts: DeviceFacts = { platform: process.platform, env, home: env.HOME ?? env.USERPROFILE ?? safeHome() };
  const real = await realpath(vaultDir).catch(() => vaultDir);
  return deviceIndexDir(facts, real);
}

function safeHome(): string {
  try {
    return homedir();
  } catch {
    return "";
  }
}

function slashes(p: string): string {
  return p.split("\\").join("/");
}
