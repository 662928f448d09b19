import { PluginSettingTab, type App, type Plugin } from "obsidian";
import { connectionGroup } from "./settings/connection-section";
import { indexGroup } from "./settings/index-section";
import { indexingGroup } from "./settings/indexing-section";
import { hydeGroup } from "./settings/hyde-section";
import { relatedGroup, searchGroup } from "./settings/search-section";
import { rerankGroup } from "./settings/rerank-section";
import { drawGroups, toDefinitions, type DeclarativeGroup, type SettingGroup } from "./settings/setting-rows";
import { SettingsContext, type SettingsTabDeps } from "./settings/settings-context";

export type { SettingsTabDeps } from "./settings/settings-context";

/**
 * The settings tab: Connection, Search, Hypothetical answers, Rerank, Related notes, Indexing and Index. Every field is
 * validated as it is typed; a bad value shows a message under the field and is not saved. The same rows are drawn
 * by display() before Obsidian 1.13 and handed to Obsidian's own renderer (and settings search) from 1.13 on.
 */
export class HybridSearchSettingTab extends PluginSettingTab {
  private readonly ctx: SettingsContext;

  constructor(app: App, plugin: Plugin, deps: SettingsTabDeps) {
    super(app, plugin);
    this.ctx = new SettingsContext(app, deps);
  }

  getSettingDefinitions(): DeclarativeGroup[] {
    return toDefinitions(this.groups());
  }

  display(): void {
    this.containerEl.empty();
    this.containerEl.addClass("hvs-settings");
    drawGroups(this.containerEl, this.groups());
  }

  override hide(): void {
    this.ctx.restart();
    super.hide();
  }

  /** Fresh rows for one drawing; work left from an earlier drawing (a connection check, live status) stops. */
  private groups(): SettingGroup[] {
    this.ctx.restart();
    return [
      connectionGroup(this.ctx),
      searchGroup(this.ctx),
      hydeGroup(this.ctx),
      rerankGroup(this.ctx),
      relatedGroup(this.ctx),
      indexingGroup(this.ctx),
      indexGroup(this.ctx),
    ];
  }
}
