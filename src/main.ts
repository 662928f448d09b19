import { editorCursor } from "./obsidian/editor-cursor";
import { Notice, Plugin, getAllTags, normalizePath, requestUrl } from "obsidian";
import { OllamaClient } from "./core/ollama/ollama-client";
import { openVaultSearch, type VaultSearch } from "./core/session/vault-search";
import { normalizeSettings } from "./core/settings/normalize-settings";
import type { PluginSettings } from "./core/settings/plugin-settings";
import { createScheduler } from "./core/sync/control/scheduler";
import { createRequestUrlFetch } from "./obsidian/request-url-fetch";
import { takePluginWriterLock, type PluginWriterLock } from "./obsidian/plugin-writer-lock";
import { VaultFileStore } from "./obsidian/vault-file-store";
import { VaultNoteSource, forwardVaultEvents, hostIgnoreFilters } from "./obsidian/vault-note-source";
import { realPathCheckOf } from "./obsidian/vault-real-path";
import { registerCommands } from "./ui/commands";
import { relatedPortOver, type SearchPort, type SettingsPort } from "./ui/ports";
import { registerRelatedView } from "./ui/related-view";
import { HybridSearchSettingTab } from "./ui/settings-tab";
import { addIndexStatusBar } from "./ui/status-bar";

/** The composition root: builds the adapters and the vault search session, and registers the UI over them. */
export default class HybridVaultSearch extends Plugin {
  private session!: VaultSearch;
  private readonly fetcher = createRequestUrlFetch(requestUrl);
  private readonly lifetime = new AbortController();
  // Lets keystrokes through between slices of a search's vector scan.
  private readonly uiYield = createScheduler();
  private writerLock: PluginWriterLock | undefined;

  override async onload(): Promise<void> {
    const loaded = normalizeSettings(await this.loadData());
    if (loaded.errors.length > 0) new Notice(`Hybrid Vault Search settings were corrected:\n${loaded.errors.join("\n")}`);

    const dataDir = normalizePath(this.manifest.dir ?? `${this.app.vault.configDir}/plugins/${this.manifest.id}`);
    this.writerLock = await takePluginWriterLock(this, new VaultFileStore(this.app.vault.adapter), dataDir);
    const session = (this.session = openVaultSearch({
      source: new VaultNoteSource(this.app.vault, realPathCheckOf(this.app.vault.adapter)),
      store: this.writerLock.store,
      dataDir,
      settings: loaded.settings,
      hostIgnore: hostIgnoreFilters(this.app.vault),
      fetch: this.fetcher,
      notify: (message) => new Notice(message),
      pause: () => this.uiYield.yieldNow(),
      signal: this.lifetime.signal,
      // Only the holder of the writer lock embeds and saves; the role follows the lock.
      writer: this.writerLock.held,
    }));
    const { service } = session;
    this.writerLock.onChange((held) => service.setWriter(held));

    const search: SearchPort = {
      searchKeyword: (req) => service.engine.searchKeyword(req),
      search: (req) => service.engine.search(req),
    };
    const settingsPort: SettingsPort = { get: () => session.settings, save: (next) => this.saveSettings(next) };
    const isExcluded = (path: string): boolean => this.isExcluded(path);
    registerRelatedView(this, { related: relatedPortOver(() => service.index, isExcluded), status: service, settings: settingsPort, cursor: editorCursor(this) });
    registerCommands(this, { search: { search, settings: () => session.settings }, status: service });
    addIndexStatusBar(this, service);
    this.addSettingTab(
      new HybridSearchSettingTab(this.app, this, {
        settings: settingsPort,
        status: service,
        connect: (url) => new OllamaClient({ baseUrl: url, fetch: this.fetcher, retries: 0, timeoutMs: 5000 }),
      }),
    );

    this.app.workspace.onLayoutReady(() => {
      forwardVaultEvents(this, this.app.vault, (e) => service.enqueue(e));
      void this.startIndexing();
    });
  }

  override onunload(): void {
    this.lifetime.abort();
    void this.session.service.stop().then(() => this.writerLock?.release());
  }

  private async startIndexing(): Promise<void> {
    // A CLI writer asked to hand over saves first: loading after that finds its last vectors instead of redoing them.
    await this.writerLock?.whenSettled();
    await this.session.service.start(this.lifetime.signal);
    await this.session.calibrate("refresh");
  }

  private async saveSettings(next: PluginSettings): Promise<void> {
    // In force before the save resolves: the settings tab reads them back while it re-renders.
    this.session.applySettings(next);
    await this.saveData(next);
  }

  /** Whether the exclusion settings keep a note out, so the related view can say so instead of "not indexed yet". */
  private isExcluded(path: string): boolean {
    const ex = this.session.exclusions;
    if (ex.byPath(path)) return true;
    const file = this.app.vault.getFileByPath(path);
    const cache = file ? this.app.metadataCache.getFileCache(file) : null;
    const tags = cache ? (getAllTags(cache) ?? []) : [];
    // Length is unknown here without reading the note; tags and paths are what users exclude on purpose.
    return ex.byContent({ title: "", aliases: [], tags, links: [] }, Number.MAX_SAFE_INTEGER);
  }
}
