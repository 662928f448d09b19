import type * as O from "obsidian";
import { App } from "./app";
import { whenLoaded } from "./component";
import { TFolder } from "./files";
import { normalizePath } from "./path";
import type { Plugin } from "./plugin";
import { createShell, disposeShell, type NoticeRecord, type Shell } from "./shell";
import type { WorkspaceLeaf } from "./workspace-leaf";

/**
 * The config folder of test vaults. Deliberately not Obsidian's usual name: code that hardcodes that name
 * instead of reading `vault.configDir` fails in tests.
 */
export const TEST_CONFIG_DIR = ".vault-config";

/** How `createTestApp` builds an app. */
export interface TestAppOptions {
  /** Where the app's DOM goes. Default: `document.body` in the browser, a detached inert body in Node. */
  mount?: HTMLElement;
  /** The vault name. Default: "Test vault". */
  vaultName?: string;
  /** The config folder. Default: `TEST_CONFIG_DIR`. */
  configDir?: string;
  /** Vault settings for `vault.getConfig` (e.g. `userIgnoreFilters`). Default: none. */
  config?: Record<string, unknown>;
  /** The clock for file times. Default: `Date.now`. */
  now?: () => number;
}

/** A fake app with the controls tests need. */
export interface TestApp {
  /** The app, typed as Obsidian's, to hand to plugin code. */
  app: O.App;
  /** The same app with the fake's own type, for fake-only state. */
  fake: App;
  /** The DOM frame (workspace, status bar, ribbon, notice container). */
  shell: Shell;
  /** Every `hover-link` event the workspace saw, oldest first (what the page-preview plugin would receive). */
  hoverLinks: unknown[];
  /** Constructs and loads a plugin as Obsidian does, waiting for an async `onload`. */
  loadPlugin<T extends object>(pluginClass: new (app: O.App, manifest: O.PluginManifest) => T, manifest: O.PluginManifest): Promise<T>;
  /**
   * Finishes Obsidian's start-up once: `create` for every file and folder (as on vault load), `resolved` from
   * the metadata cache, the main area's tab becomes active, then layout ready.
   */
  startup(): Promise<void>;
  /** Waits until the metadata cache has processed every change and fired its events. */
  idle(): Promise<void>;
  /** Opens a vault file in the main area and makes it active. */
  openFile(path: string, newLeaf?: boolean): Promise<WorkspaceLeaf>;
  /** The notices shown so far, oldest first. */
  notices(): NoticeRecord[];
  /** Unloads the plugins and removes the app's DOM. */
  dispose(): void;
}

/**
 * Builds an app over an in-memory vault holding `files` (path → text). Paths inside a dot-folder (such as
 * the config folder) are written to the adapter only, as Obsidian keeps them out of the vault. The metadata
 * cache starts out indexed, as Obsidian's persisted cache is, and the main area starts with one empty tab.
 */
export function createTestApp(files: Record<string, string> = {}, options: TestAppOptions = {}): TestApp {
  const shell = createShell(options.mount);
  const fake = new App({
    shell,
    vaultName: options.vaultName ?? "Test vault",
    configDir: options.configDir ?? TEST_CONFIG_DIR,
    config: options.config,
    now: options.now,
  });
  for (const [rawPath, text] of Object.entries(files)) {
    const path = normalizePath(rawPath);
    fake.vault.adapter.seed(path, text);
    if (path.split("/").some((part) => part.startsWith("."))) continue;
    fake.metadataCache.indexSilently(fake.vault.indexExisting(path));
  }
  fake.metadataCache.resolveAll();
  // Obsidian's main area always holds at least one tab, empty until a note opens.
  const firstLeaf = fake.workspace.getLeaf(false);
  const hoverLinks: unknown[] = [];
  fake.workspace.on("hover-link", (info: unknown) => hoverLinks.push(info));
  const plugins: Plugin[] = [];
  let started = false;

  return {
    app: fake as unknown as O.App,
    fake,
    shell,
    hoverLinks,
    async loadPlugin(pluginClass, manifest) {
      const dir = manifest.dir ?? `${fake.vault.configDir}/plugins/${manifest.id}`;
      const instance = new pluginClass(fake as unknown as O.App, { ...manifest, dir });
      const plugin = instance as unknown as Plugin;
      fake.plugins.plugins[manifest.id] = plugin;
      fake.plugins.enabledPlugins.add(manifest.id);
      plugins.push(plugin);
      plugin.load();
      await whenLoaded(plugin);
      return instance;
    },
    async startup() {
      if (started) return;
      started = true;
      for (const file of fake.vault.getAllLoadedFiles()) {
        if (!(file instanceof TFolder && file.isRoot())) fake.vault.trigger("create", file);
      }
      await fake.metadataCache.whenIdle();
      fake.metadataCache.trigger("resolved");
      if (!fake.workspace.activeLeaf) fake.workspace.setActiveLeaf(fake.workspace.getMostRecentLeaf() ?? firstLeaf);
      fake.workspace.setLayoutReady();
    },
    idle: () => fake.metadataCache.whenIdle(),
    async openFile(path, newLeaf = false) {
      const file = fake.vault.getFileByPath(path);
      if (!file) throw new Error(`No file "${path}" in the test vault.`);
      const leaf = fake.workspace.getLeaf(newLeaf);
      await leaf.openFile(file, { active: true });
      return leaf;
    },
    notices: () => shell.notices.map((n) => ({ ...n })),
    dispose() {
      for (const plugin of plugins.reverse()) plugin.unload();
      fake.setting.close();
      fake.destroy();
      disposeShell(shell);
    },
  };
}
