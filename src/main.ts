import { Notice, Plugin, getAllTags, normalizePath, requestUrl } from "obsidian";
import { MemoryEmbeddingCache } from "./core/ollama/embedding-cache";
import { OllamaEmbedder } from "./core/ollama/embedder";
import { HydeGenerator } from "./core/ollama/hyde";
import { OllamaClient } from "./core/ollama/ollama-client";
import { CalibrationKeeper } from "./core/search/calibration-keeper";
import { normalizeSettings } from "./core/settings/normalize-settings";
import { indexSettingsOf, rebuildReasons, searchOptionsOf, type PluginSettings } from "./core/settings/plugin-settings";
import { compileExclusions, type Exclusions } from "./core/sync/rules/exclusions";
import { IndexService } from "./core/sync/control/index-service";
import { createScheduler } from "./core/sync/control/scheduler";
import type { IndexSettings } from "./core/sync/rules/index-settings";
import { createRequestUrlFetch } from "./obsidian/request-url-fetch";
import { takePluginWriterLock, type PluginWriterLock } from "./obsidian/plugin-writer-lock";
import { VaultFileStore } from "./obsidian/vault-file-store";
import { VaultNoteSource, forwardVaultEvents, hostIgnoreFilters } from "./obsidian/vault-note-source";
import { registerCommands } from "./ui/commands";
import { relatedPortOver, type SearchPort, type SettingsPort } from "./ui/ports";
import { registerRelatedView } from "./ui/related-view";
import { HybridSearchSettingTab } from "./ui/settings-tab";
import { addIndexStatusBar } from "./ui/status-bar";

/** The composition root: builds the services from the settings and hands them to the UI. */
export default class HybridVaultSearch extends Plugin {
  private settings!: PluginSettings;
  private service!: IndexService;
  private calibration!: CalibrationKeeper;
  private readonly fetcher = createRequestUrlFetch(requestUrl);
  // Shared across model switches and rebuilds: identical text with the same model is never embedded twice.
  private readonly embedCache = new MemoryEmbeddingCache();
  private readonly lifetime = new AbortController();
  // Lets keystrokes through between slices of a search's vector scan.
  private readonly uiYield = createScheduler();
  private exclusions: Exclusions | undefined;
  private activeEmbedder: OllamaEmbedder | undefined;
  private writerLock: PluginWriterLock | undefined;

  override async onload(): Promise<void> {
    const loaded = normalizeSettings(await this.loadData());
    this.settings = loaded.settings;
    if (loaded.errors.length > 0) new Notice(`Hybrid Vault Search settings were corrected:\n${loaded.errors.join("\n")}`);

    const dataDir = normalizePath(this.manifest.dir ?? `${this.app.vault.configDir}/plugins/${this.manifest.id}`);
    this.writerLock = await takePluginWriterLock(this, new VaultFileStore(this.app.vault.adapter), dataDir);
    const { store } = this.writerLock;
    this.calibration = new CalibrationKeeper(store, normalizePath(`${dataDir}/calibration.json`));
    this.service = new IndexService({
      source: new VaultNoteSource(this.app.vault),
      store,
      dataDir,
      settings: this.indexSettings(),
      embedder: (this.activeEmbedder = this.embedder()),
      notify: (message) => new Notice(message),
    });
    this.applySearchSettings();

    const search: SearchPort = {
      searchKeyword: (req) => this.service.engine.searchKeyword(req),
      search: (req) => this.service.engine.search(req),
    };
    const settingsPort: SettingsPort = { get: () => this.settings, save: (next) => this.saveSettings(next) };
    const isExcluded = (path: string): boolean => this.isExcluded(path);
    registerRelatedView(this, { related: relatedPortOver(() => this.service.index, isExcluded), status: this.service, settings: settingsPort });
    registerCommands(this, { search: { search, settings: () => this.settings }, status: this.service });
    addIndexStatusBar(this, this.service);
    this.addSettingTab(
      new HybridSearchSettingTab(this.app, this, {
        settings: settingsPort,
        status: this.service,
        connect: (url) => new OllamaClient({ baseUrl: url, fetch: this.fetcher, retries: 0, timeoutMs: 5000 }),
      }),
    );

    this.app.workspace.onLayoutReady(() => {
      forwardVaultEvents(this, this.app.vault, (e) => this.service.enqueue(e));
      void this.startIndexing();
    });
  }

  override onunload(): void {
    this.lifetime.abort();
    void this.service.stop().then(() => this.writerLock?.release());
  }

  private async startIndexing(): Promise<void> {
    await this.service.start(this.lifetime.signal);
    await this.calibrate();
  }

  /** Measures how far to trust the embedding model on this vault, once its vectors are in (see weight-calibration). */
  private async calibrate(): Promise<void> {
    // The service's own embedder: its /api/show answer and cache serve calibration too.
    const embedder = this.activeEmbedder;
    if (!embedder || !this.settings.search.autoWeights) return;
    this.service.engine.setCalibration(await this.calibration.load(embedder.model));
    await this.service.whenIdle();
    if (this.lifetime.signal.aborted || this.service.index.vectorCount === 0) return;
    this.service.engine.setCalibration(await this.calibration.refresh(this.service.index, embedder, this.lifetime.signal));
  }

  private async saveSettings(next: PluginSettings): Promise<void> {
    const prev = this.settings;
    this.settings = next;
    await this.saveData(next);
    if (prev.embedModel !== next.embedModel || prev.ollamaUrl !== next.ollamaUrl || prev.batchSize !== next.batchSize) {
      this.activeEmbedder = this.embedder();
      this.service.setEmbedder(this.activeEmbedder);
      void this.calibrate();
    }
    this.exclusions = undefined;
    this.service.updateSettings(this.indexSettings());
    this.applySearchSettings();
    if (!prev.search.autoWeights && next.search.autoWeights) void this.calibrate();
    if (rebuildReasons(prev, next).length > 0 && prev.embedModel === next.embedModel) void this.service.rebuild();
  }

  private applySearchSettings(): void {
    const s = this.settings;
    const client = this.client();
    this.service.engine.setOptions(searchOptionsOf(s));
    const hyde = s.hyde.enabled && s.hyde.model.trim() !== "";
    this.service.engine.setDeps({
      hyde: hyde ? new HydeGenerator(client, { model: s.hyde.model, promptTemplate: s.hyde.promptTemplate }) : undefined,
      pause: () => this.uiYield.yieldNow(),
    });
  }

  /** Whether the exclusion settings keep a note out, so the related view can say so instead of "not indexed yet". */
  private isExcluded(path: string): boolean {
    const ex = (this.exclusions ??= compileExclusions(this.indexSettings()));
    if (ex.byPath(path)) return true;
    const file = this.app.vault.getFileByPath(path);
    const cache = file ? this.app.metadataCache.getFileCache(file) : null;
    const tags = cache ? (getAllTags(cache) ?? []) : [];
    // Length is unknown here without reading the note; tags and paths are what users exclude on purpose.
    return ex.byContent({ title: "", aliases: [], tags, links: [] }, Number.MAX_SAFE_INTEGER);
  }

  private client(): OllamaClient {
    return new OllamaClient({ baseUrl: this.settings.ollamaUrl, fetch: this.fetcher });
  }

  private embedder(): OllamaEmbedder | undefined {
    const s = this.settings;
    if (s.embedModel.trim() === "") return undefined;
    return new OllamaEmbedder(this.client(), { model: s.embedModel, batchSize: s.batchSize, cache: this.embedCache });
  }

  private indexSettings(): IndexSettings {
    return indexSettingsOf(this.settings, hostIgnoreFilters(this.app.vault));
  }

}
