import type { App } from "./app";
import { bareElement } from "./dom-create";
import type { Plugin } from "./plugin";

/** A page of the settings dialog. `display` fills `containerEl`; `hide` empties it. */
export abstract class SettingTab {
  app: App;
  containerEl: HTMLElement;
  /** Obsidian-internal: the id `app.setting.openTabById` looks for. */
  id = "";
  /** Obsidian-internal: the name in the settings sidebar. */
  name = "";

  constructor(app: App) {
    this.app = app;
    this.containerEl = bareElement("div");
    this.containerEl.addClass("vertical-tab-content");
  }

  abstract display(): void;

  hide(): void {
    this.containerEl.empty();
  }
}

/** A plugin's settings page; its id and name are the plugin's. */
export abstract class PluginSettingTab extends SettingTab {
  plugin: Plugin;

  constructor(app: App, plugin: Plugin) {
    super(app);
    this.plugin = plugin;
    this.id = plugin.manifest.id;
    this.name = plugin.manifest.name;
  }
}
