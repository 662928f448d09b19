import type * as O from "obsidian";
import type { App } from "./app";
import { Component } from "./component";
import { setIcon } from "./icons";
import { normalizePath } from "./path";
import type { PluginSettingTab } from "./setting-tab";
import { currentShell } from "./shell";
import type { ViewCreator } from "./view-registry";

/**
 * A plugin. Everything it adds (commands, ribbon icons, status bar items, setting tabs, views, hover sources)
 * is removed again on unload. Command ids and names get the plugin's id and name as prefixes, as in Obsidian.
 * `loadData`/`saveData` use `data.json` in the plugin folder (`manifest.dir`, by default
 * `<configDir>/plugins/<id>`); `loadData` gives `null` when there is none.
 */
export abstract class Plugin extends Component {
  app: App;
  manifest: O.PluginManifest;

  constructor(app: App, manifest: O.PluginManifest) {
    super();
    this.app = app;
    this.manifest = manifest;
  }

  addRibbonIcon(icon: O.IconName, title: string, callback: (evt: MouseEvent) => unknown): HTMLElement {
    const el = currentShell().ribbonEl.createDiv({ cls: "side-dock-ribbon-action clickable-icon", attr: { "aria-label": title } });
    setIcon(el, icon);
    el.addEventListener("click", (evt) => callback(evt));
    this.register(() => el.detach());
    return el;
  }

  addStatusBarItem(): HTMLElement {
    const cls = `status-bar-item plugin-${this.manifest.id.toLowerCase().replace(/[^a-z0-9-]/g, "-")}`;
    const el = currentShell().statusBarEl.createDiv({ cls });
    this.register(() => el.detach());
    return el;
  }

  addCommand(command: O.Command): O.Command {
    command.id = `${this.manifest.id}:${command.id}`;
    command.name = `${this.manifest.name}: ${command.name}`;
    this.app.commands.addCommand(command);
    this.register(() => this.app.commands.removeCommand(command.id));
    return command;
  }

  removeCommand(commandId: string): void {
    this.app.commands.removeCommand(`${this.manifest.id}:${commandId}`);
  }

  addSettingTab(settingTab: PluginSettingTab): void {
    this.app.setting.addSettingTab(settingTab);
    this.register(() => this.app.setting.removeSettingTab(settingTab));
  }

  registerView(type: string, viewCreator: ViewCreator): void {
    this.app.viewRegistry.registerView(type, viewCreator);
    this.register(() => this.app.viewRegistry.unregisterView(type));
  }

  registerExtensions(extensions: string[], viewType: string): void {
    this.app.viewRegistry.registerExtensions(extensions, viewType);
    this.register(() => this.app.viewRegistry.unregisterExtensions(extensions));
  }

  registerHoverLinkSource(id: string, info: O.HoverLinkSource): void {
    this.app.workspace.registerHoverLinkSource(id, info);
    this.register(() => this.app.workspace.unregisterHoverLinkSource(id));
  }

  async loadData(): Promise<unknown> {
    const path = this.dataPath();
    if (!(await this.app.vault.adapter.exists(path))) return null;
    return JSON.parse(await this.app.vault.adapter.read(path)) as unknown;
  }

  async saveData(data: unknown): Promise<void> {
    await this.app.vault.adapter.mkdir(this.pluginDir());
    await this.app.vault.adapter.write(this.dataPath(), JSON.stringify(data, null, 2));
  }

  onUserEnable(): void {
    // Overridden by plugins.
  }

  private pluginDir(): string {
    return normalizePath(this.manifest.dir ?? `${this.app.vault.configDir}/plugins/${this.manifest.id}`);
  }

  private dataPath(): string {
    return `${this.pluginDir()}/data.json`;
  }
}
