import { Notice, Plugin, normalizePath, requestUrl } from "obsidian";
import { editorCursor } from "./obsidian/editor-cursor";
import { OllamaClient } from "./core/ollama/ollama-client";
import { openVaultSearch, type VaultSearch } from "./core/session/vault-search";
import { keepSearchesWarm } from "./core/session/search-warmup";
import { normalizeSettings } from "./core/settings/normalize-settings";
import type { PluginSettings } from "./core/settings/plugin-settings";
import { createScheduler } from "./core/sync/control/scheduler";
import { exclusionCheckOf } from "./obsidian/note-exclusion";
import { createRequestUrlFetch } from "./obsidian/request-url-fetch";
import { takePluginWriterLock, type PluginWriterLock } from "./obsidian/plugin-writer-lock";
import { pluginIndexPlace } from "./obsidian/device-index-place";
import { VaultNoteSource, forwardVaultEvents, hostIgnoreFilters } from "./obsidian/vault-note-source";
import { realPathCheckOf } from "./obsidian/vault-real-path";
import { defaultAppOpener, extraFolderOpener, openExtraNote } from "./obsidian/extra-folders";
import { ExtraFolderKeeper } from "./core/sync/sources/extra-folder-keeper";
import { MultiNoteSource } from "./core/sync/sources/multi-note-source";
import { sameList } from "./core/shared/same-list";

/** How often the extra folders (outside the vault, without file events) are compared with their last listing. */
const EXTRA_RESCAN_MS = 30_000;
import { registerCommands } from "./ui/commands";
import { relatedPortOver, type SettingsPort } from "./ui/ports";
import { registerRelatedView } from "./ui/related/related-view";
import { HybridSearchSettingTab } from "./ui/settings-tab";
import { addIndexStatusBar } from "./ui/status/status-bar";

/** The composition root: builds the adapters and the vault search session, and registers the UI over them. */
export default class HybridVaultSearch extends Plugin {
  private session!: VaultSearch;
  private readonly fetcher = createRequestUrlFetch(requestUrl);
  private readonly lifetime = new AbortController();
  // Lets keystrokes through between slices of a search's vector scan.
  private readonly uiYield = createScheduler();
  private writerLock: PluginWriterLock | undefined;
  private extras: ExtraFolderKeeper | undefined;

  override async onload(): Promise<void> {
    const loaded = normalizeSettings(await this.loadData());
    if (loaded.errors.length > 0) new Notice(`Hybrid Vault Search settings were corrected:\n${loaded.errors.join("\n")}`);

    const pluginDir = normalizePath(this.manifest.dir ?? `${this.app.vault.configDir}/plugins/${this.manifest.id}`);
    // The "Index location" setting: the plugin's folder, or this device's data folder (copied there once).
    const place = await pluginIndexPlace(this.app.vault.adapter, pluginDir, loaded.settings.indexLocation, (m) => new Notice(m));
    const dataDir = place.dir;
    this.writerLock = await takePluginWriterLock(this, place.store, dataDir);
    // Folders outside the vault join the vault's notes on desktop (see extra-roots.ts); on mobile they are kept as synced.
    const source = new MultiNoteSource(new VaultNoteSource(this.app.vault, realPathCheckOf(this.app.vault.adapter)), []);
    const session = (this.session = openVaultSearch({
      source,
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
    const openFolder = extraFolderOpener(this.app.vault.adapter);
    // Also without a way to read the folders (mobile): the setting names them, so their synced notes are kept.
    const extras = (this.extras = new ExtraFolderKeeper({
      source,
      ...(openFolder ? { open: openFolder } : {}),
      enqueue: (e) => service.enqueue(e),
      indexed: () => service.index.notePaths(),
    }));
    const openFile = defaultAppOpener();
    const openExtra = openFile ? (path: string) => void openExtraNote(extras, openFile, path) : undefined;

    const settingsPort: SettingsPort = { get: () => session.settings, save: (next) => this.saveSettings(next) };
    const isExcluded = exclusionCheckOf(this.app, () => session.exclusions);
    registerRelatedView(this, {
      related: relatedPortOver(session, isExcluded),
      status: service,
      settings: settingsPort,
      cursor: editorCursor(this),
      ...(openExtra ? { openExtra } : {}),
    });
    registerCommands(this, { search: { search: session, settings: () => session.settings, ...(openExtra ? { openExtra } : {}) }, status: service });
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
      // Obsidian reports no events outside the vault: the extra folders are compared with their last listing.
      if (openFolder) this.registerInterval(window.setInterval(() => void extras.rescan(), EXTRA_RESCAN_MS));
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
    await this.extras?.start(this.session.settings.extraFolders);
    // From the first filtered search on, what the next one would pay for is done in slices after each change.
    this.session.keepFiltersWarm(undefined, true);
    // Once the notes are in, the keystroke path runs on a few of their words, so the first keys typed are not its first.
    keepSearchesWarm(this.session, { pause: () => this.uiYield.yieldNow() });
    await this.session.service.start(this.lifetime.signal);
    await this.session.calibrate("refresh");
  }

  private async saveSettings(next: PluginSettings): Promise<void> {
    // In force before the save resolves: the settings tab reads them back while it re-renders.
    const folders = this.session.settings.extraFolders;
    this.session.applySettings(next);
    if (!sameList(folders, next.extraFolders)) void this.extras?.apply(next.extraFolders);
    await this.saveData(next);
  }
}
