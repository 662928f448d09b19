import type * as O from "obsidian";
import { Commands } from "./commands";
import { InMemoryAdapter } from "./data-adapter";
import { DragManager } from "./drag-manager";
import { FileManager } from "./file-manager";
import { MarkdownView } from "./file-view";
import { Keymap } from "./keymap";
import { MetadataCache } from "./metadata-cache";
import type { Plugin } from "./plugin";
import { Scope } from "./scope";
import { SettingsModal } from "./settings-modal";
import type { Shell } from "./shell";
import { Vault } from "./vault";
import { EmptyView } from "./view";
import { ViewRegistry } from "./view-registry";
import { Workspace } from "./workspace";

/** How a fake app is built. */
export interface AppOptions {
  /** The DOM frame the app draws into. */
  shell: Shell;
  /** The vault's name (`vault.getName()`). */
  vaultName: string;
  /** The config folder (`vault.configDir`). */
  configDir: string;
  /** Vault settings read by `vault.getConfig`. Default: none. */
  config?: Record<string, unknown>;
  /** The clock for file times. Default: `Date.now`. */
  now?: () => number;
}

/** Obsidian's private `app.plugins`: the loaded plugins by id. */
export interface PluginRegistry {
  plugins: Record<string, Plugin>;
  enabledPlugins: Set<string>;
  getPlugin(id: string): Plugin | null;
}

/**
 * The app object handed to plugins: the public services (`workspace`, `vault`, `metadataCache`, `fileManager`,
 * `keymap`, `scope`) plus the private ones plugins commonly reach for (`commands`, `setting`, `plugins`,
 * `viewRegistry`, `dragManager`). Key presses anywhere in the shell's document go to the keymap's active scope.
 */
export class App {
  keymap: Keymap;
  scope: Scope;
  workspace: Workspace;
  vault: Vault;
  metadataCache: MetadataCache;
  fileManager: FileManager;
  lastEvent: O.UserEvent | null = null;
  commands: Commands;
  setting: SettingsModal;
  viewRegistry: ViewRegistry;
  plugins: PluginRegistry;
  dragManager = new DragManager();
  private readonly storage = new Map<string, string>();
  private readonly keyTarget: EventTarget;

  constructor(options: AppOptions) {
    this.scope = new Scope();
    this.keymap = new Keymap(this.scope);
    const adapter = new InMemoryAdapter(options.vaultName, options.now);
    this.vault = new Vault(adapter, { configDir: options.configDir, config: options.config });
    this.metadataCache = new MetadataCache(this.vault);
    this.fileManager = new FileManager(this);
    this.viewRegistry = new ViewRegistry();
    this.viewRegistry.registerView("markdown", (leaf) => new MarkdownView(leaf));
    this.viewRegistry.registerView("empty", (leaf) => new EmptyView(leaf));
    this.viewRegistry.registerExtensions(["md"], "markdown");
    this.workspace = new Workspace(this, options.shell);
    this.commands = new Commands(this);
    this.setting = new SettingsModal(this);
    const plugins: Record<string, Plugin> = {};
    this.plugins = { plugins, enabledPlugins: new Set(), getPlugin: (id) => plugins[id] ?? null };
    this.keyTarget = options.shell.body.ownerDocument ?? options.shell.body;
    this.keyTarget.addEventListener("keydown", this.onKeyDown, true);
    this.keyTarget.addEventListener("mousedown", this.onPointer, true);
  }

  loadLocalStorage(key: string): unknown {
    const raw = this.storage.get(key);
    return raw === undefined ? null : (JSON.parse(raw) as unknown);
  }

  saveLocalStorage(key: string, data: unknown): void {
    if (data === null) this.storage.delete(key);
    else this.storage.set(key, JSON.stringify(data));
  }

  /** Fake-only: stops listening to the document. */
  destroy(): void {
    this.keyTarget.removeEventListener("keydown", this.onKeyDown, true);
    this.keyTarget.removeEventListener("mousedown", this.onPointer, true);
  }

  private readonly onKeyDown = (evt: Event): void => {
    this.lastEvent = evt as KeyboardEvent;
    this.keymap.onKeyEvent(evt as KeyboardEvent);
  };

  private readonly onPointer = (evt: Event): void => {
    this.lastEvent = evt as MouseEvent;
  };
}
