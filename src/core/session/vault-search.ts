import { MemoryEmbeddingCache } from "../ollama/embedding-cache";
import { OllamaEmbedder, type Embedder } from "../ollama/embedder";
import { HydeGenerator } from "../ollama/hyde";
import { OllamaHealth } from "../ollama/ollama-breaker";
import { OllamaClient } from "../ollama/ollama-client";
import { CalibrationKeeper } from "../search/calibration-keeper";
import { RelatedWeightsKeeper } from "../search/related-weights";
import { indexSettingsOf, searchOptionsOf, type PluginSettings } from "../settings/plugin-settings";
import { compileExclusions, type Exclusions } from "../sync/rules/exclusions";
import { IndexService } from "../sync/control/index-service";
import { resolveIndexSettings, type IndexSettings } from "../sync/rules/index-settings";
import { settingsCost, type SettingsCost } from "./settings-cost";
import type { VaultSearchOptions } from "./vault-search-options";

export type { VaultSearchOptions } from "./vault-search-options";
export type { SettingsCost } from "./settings-cost";

/**
 * One vault's search as the plugin and the CLI both run it: the index service, the Ollama client, the embedder
 * (over a shared embedding cache), HyDE, the search options and the vector weight calibration, and what a
 * settings change costs. Hosts only build adapters around it.
 */
export class VaultSearch {
  readonly service: IndexService;
  private current: PluginSettings;
  private embedder: Embedder | undefined;
  // The embedder before `wrapEmbedder`: calibration probes are the index's own text, not indexing work.
  private bareEmbedder: Embedder | undefined;
  private exclusionsMemo: Exclusions | undefined;
  private readonly keeper: CalibrationKeeper;
  private readonly relatedKeeper: RelatedWeightsKeeper;
  private readonly cache: MemoryEmbeddingCache | undefined;
  /** Whether each Ollama server answers; shared with the host's other sessions when it passes one. */
  readonly health: OllamaHealth;
  private unwatchBreaker: (() => void) | undefined;

  constructor(private readonly opts: VaultSearchOptions) {
    this.current = opts.settings;
    this.health = opts.ollamaHealth ?? new OllamaHealth();
    // A registry of our own stops probing with the host; a shared one belongs to whoever made it.
    if (!opts.ollamaHealth) opts.signal?.addEventListener("abort", () => this.health.dispose(), { once: true });
    this.cache = opts.cacheEmbeddings === false ? undefined : new MemoryEmbeddingCache();
    this.keeper = new CalibrationKeeper(opts.store, `${opts.dataDir}/calibration.json`);
    this.relatedKeeper = new RelatedWeightsKeeper(opts.store, `${opts.dataDir}/related-weights.json`);
    this.pickEmbedder();
    this.service = new IndexService({
      source: opts.source,
      store: opts.store,
      dataDir: opts.dataDir,
      settings: this.indexSettings,
      ...(this.embedder ? { embedder: this.embedder } : {}),
      ...(opts.notify ? { notify: opts.notify } : {}),
      ...(opts.writer !== undefined ? { writer: opts.writer } : {}),
    });
    this.applySearchSettings();
    this.watchBreaker();
  }

  /** The settings in force. */
  get settings(): PluginSettings {
    return this.current;
  }

  /** The index settings the settings, the host's filters and the overrides give. */
  get indexSettings(): IndexSettings {
    const derived = indexSettingsOf(this.current, this.opts.hostIgnore);
    const over = this.opts.indexOverrides;
    return over ? resolveIndexSettings({ ...derived, ...over }) : derived;
  }

  /** The exclusion rules in force, compiled once per settings change. */
  get exclusions(): Exclusions {
    return (this.exclusionsMemo ??= compileExclusions(this.indexSettings));
  }

  /** A client for the Ollama server of the settings, behind that server's circuit breaker. */
  client(): OllamaClient {
    return new OllamaClient({
      baseUrl: this.current.ollamaUrl,
      breaker: this.health.breakerFor(this.current.ollamaUrl),
      ...(this.opts.fetch ? { fetch: this.opts.fetch } : {}),
      ...(this.opts.ollamaTimeoutMs !== undefined ? { timeoutMs: this.opts.ollamaTimeoutMs } : {}),
    });
  }

  /**
   * Switches to `next` and performs what the change costs (see `settingsCost`): a new embedder, a rebuild, a new
   * calibration (started, not awaited). Search options and HyDE always follow the new settings.
   */
  applySettings(next: PluginSettings): SettingsCost {
    const cost = settingsCost(this.current, next);
    this.current = next;
    this.exclusionsMemo = undefined;
    if (cost.newEmbedder) {
      this.pickEmbedder();
      this.watchBreaker();
      this.service.setEmbedder(this.embedder);
    }
    this.service.updateSettings(this.indexSettings);
    this.applySearchSettings();
    if (cost.recalibrate) void this.calibrate("refresh");
    if (cost.rebuild) void this.service.rebuild();
    return cost;
  }

  /**
   * Loads the vector weight calibrated for this vault and model, and the related lists' weights learnt from its
   * links; with "refresh", waits for the index to be idle and measures them again when stale (the related weights in
   * slices, no embedding needed). Does nothing with auto-calibrate off; the vector weight nothing without an embedder.
   */
  async calibrate(mode: "load" | "refresh", signal: AbortSignal | undefined = this.opts.signal): Promise<void> {
    if (!this.current.search.autoWeights) return;
    await this.relatedKeeper.load(this.service.index);
    await this.calibrateVectors(mode, signal);
    if (mode === "load") return;
    await this.service.whenIdle();
    if (signal?.aborted) return;
    await this.relatedKeeper.refresh(this.service.index, this.current.search.rrfK, this.opts.pause ?? defaultPause, signal);
  }

  private async calibrateVectors(mode: "load" | "refresh", signal: AbortSignal | undefined): Promise<void> {
    const embedder = this.bareEmbedder;
    if (!embedder || !this.current.search.autoWeights) return;
    const engine = this.service.engine;
    engine.setCalibration(await this.keeper.load(embedder.model));
    if (mode === "load") return;
    await this.service.whenIdle();
    if (signal?.aborted || this.service.index.vectorCount === 0) return;
    engine.setCalibration(await this.keeper.refresh(this.service.index, embedder, signal));
  }

  private pickEmbedder(): void {
    const { offline, wrapEmbedder } = this.opts;
    if (offline) {
      this.embedder = offline.embedder;
      this.bareEmbedder = undefined;
      return;
    }
    const s = this.current;
    const bare =
      s.embedModel.trim() === ""
        ? undefined
        : new OllamaEmbedder(this.client(), {
            model: s.embedModel,
            batchSize: this.indexSettings.embedBatchSize,
            ...(this.cache ? { cache: this.cache } : {}),
          });
    this.bareEmbedder = bare;
    this.embedder = bare && wrapEmbedder ? wrapEmbedder(bare) : bare;
  }

  /**
   * Texts left waiting while the server was stuck go as soon as it answers, not at the end of a long backoff. Held
   * weakly and dropped once the index stops: a shared breaker outlives the sessions a reader reloads.
   */
  private watchBreaker(): void {
    this.unwatchBreaker?.();
    const self = new WeakRef(this);
    const alive = (): boolean => self.deref()?.service.stopped === false;
    this.unwatchBreaker = this.health.breakerFor(this.current.ollamaUrl).onChange((open) => {
      if (!open) self.deref()?.service.retryEmbedding();
    }, alive);
  }

  private applySearchSettings(): void {
    const s = this.current;
    const model = this.opts.hydeModel ?? (s.hyde.enabled ? s.hyde.model.trim() : "");
    const hyde =
      !this.opts.offline && model !== ""
        ? new HydeGenerator(this.client(), { model, promptTemplate: s.hyde.promptTemplate })
        : undefined;
    this.service.engine.setOptions({ ...searchOptionsOf(s), hyde: hyde !== undefined });
    this.service.engine.setDeps({ hyde, ...(this.opts.pause ? { pause: this.opts.pause } : {}) });
  }
}

/** Yields to the host between slices of background work when it gave no `pause` of its own. */
const defaultPause = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/** Opens one vault's search session over the host's adapters; the index starts with `session.service.start()`. */
export function openVaultSearch(opts: VaultSearchOptions): VaultSearch {
  return new VaultSearch(opts);
}
