import type * as O from "obsidian";
import type { NoticeRecord, TestApp } from "../../fakes/obsidian";

/** What the page tells the server it needs to boot: the plugin, the vault and where the fake Ollama is. */
export interface PageConfig {
  /** The plugin's manifest. */
  manifest: O.PluginManifest;
  /** The vault's files, path → text (the fixture vault plus any per-page files). */
  vault: Record<string, string>;
  /** The plugin's `data.json` to start with, or `null` to start without one. */
  pluginData: unknown;
  /** The fake Ollama's base URL. */
  ollamaUrl: string;
  /** Whether to load the plugin and finish start-up by itself; otherwise the test calls `start()`. */
  autostart: boolean;
}

/** A `hover-link` event reduced to its serialisable fields. */
export interface HoverLinkRecord {
  source: string;
  linktext: string;
  sourcePath: string;
}

/** The page-side controls, at `window.__harness`, for tests to drive through `page.evaluate`. */
export interface HarnessApi {
  /** `booting` until the plugin is loaded and layout is ready (or `waiting` without autostart), `failed` on error. */
  state: "booting" | "waiting" | "ready" | "failed";
  /** Why booting failed. */
  error: string | null;
  /** The config the page booted with. */
  config: PageConfig | null;
  /** The fake app (for direct inspection from `page.evaluate`). */
  testApp: TestApp | null;
  /** The plugin instance. */
  plugin: unknown;
  /** Loads the plugin and finishes start-up (what autostart does). */
  start(): Promise<void>;
  /** Runs a command by its full id (`<plugin id>:<command id>`); returns whether it ran. */
  executeCommand(id: string): boolean;
  /** The registered command ids. */
  commandIds(): string[];
  /** Opens the settings dialog on a tab (default: the plugin's). */
  openSettings(tabId?: string): void;
  /** Closes the settings dialog. */
  closeSettings(): void;
  /** Opens a vault file in the main area and makes it active. */
  openFile(path: string, newLeaf?: boolean): Promise<void>;
  /** The active file's path, or `null`. */
  activeFile(): string | null;
  /** A vault file's current text. */
  readFile(path: string): Promise<string>;
  /** The notices shown so far. */
  notices(): NoticeRecord[];
  /** The `hover-link` events seen so far. */
  hoverLinks(): HoverLinkRecord[];
  /** Waits until the metadata cache has processed every change. */
  idle(): Promise<void>;
}

declare global {
  interface Window {
    /** The e2e harness controls; only present on the harness page. */
    __harness?: HarnessApi;
    /** Called by the wrapped plugin bundle with its CommonJS module body. */
    __harnessDefinePlugin?: (factory: PluginFactory) => void;
  }
}

/** The CommonJS body of the plugin bundle, as the server wraps it. */
export type PluginFactory = (module: { exports: unknown }, exports: unknown, require: (id: string) => unknown) => void;
