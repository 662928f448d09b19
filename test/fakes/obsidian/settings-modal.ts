import type { App } from "./app";
import { Modal } from "./modal";
import type { SettingTab } from "./setting-tab";

/**
 * Obsidian's private settings dialog (`app.setting`): a sidebar of plugin tabs and a content area. Opening a
 * tab hides the previous one and calls the new tab's `display`; closing the dialog hides the open tab.
 */
export class SettingsModal extends Modal {
  pluginTabs: SettingTab[] = [];
  activeTab: SettingTab | null = null;
  private readonly navEl: HTMLElement;
  private readonly tabHostEl: HTMLElement;

  constructor(app: App) {
    super(app);
    this.modalEl.addClass("mod-settings");
    const container = this.contentEl.createDiv({ cls: "vertical-tabs-container" });
    this.navEl = container.createDiv({ cls: "vertical-tab-header" });
    this.tabHostEl = container.createDiv({ cls: "vertical-tab-content-container" });
  }

  addSettingTab(tab: SettingTab): void {
    this.pluginTabs.push(tab);
    this.renderNav();
  }

  removeSettingTab(tab: SettingTab): void {
    if (this.activeTab === tab) this.closeActiveTab();
    this.pluginTabs = this.pluginTabs.filter((t) => t !== tab);
    this.renderNav();
  }

  override open(): void {
    super.open();
    const first = this.pluginTabs[0];
    if (this.activeTab === null && first) this.openTab(first);
  }

  openTabById(id: string): SettingTab | null {
    const tab = this.pluginTabs.find((t) => t.id === id) ?? null;
    if (tab) this.openTab(tab);
    return tab;
  }

  openTab(tab: SettingTab): void {
    this.closeActiveTab();
    this.activeTab = tab;
    this.tabHostEl.appendChild(tab.containerEl);
    this.renderNav();
    tab.display();
  }

  override onClose(): void {
    this.closeActiveTab();
  }

  private closeActiveTab(): void {
    this.activeTab?.hide();
    this.activeTab?.containerEl.detach();
    this.activeTab = null;
  }

  private renderNav(): void {
    this.navEl.empty();
    this.navEl.createDiv({ cls: "vertical-tab-header-group-title", text: "Community plugins" });
    for (const tab of this.pluginTabs) {
      const item = this.navEl.createDiv({ cls: "vertical-tab-nav-item", text: tab.name });
      item.toggleClass("is-active", tab === this.activeTab);
      item.addEventListener("click", () => this.openTab(tab));
    }
  }
}
