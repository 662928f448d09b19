import { MemoryEmbeddingCache } from "../ollama/embedding-cache";
import type { Embedder } from "../ollama/embedder";
import { HydeGenerator } from "../ollama/hyde";
import { OllamaHealth } from "../ollama/ollama-breaker";
import { OllamaClient } from "../ollama/ollama-client";
import type { ChunkIndex } from "../index/chunk-index";
import { CalibrationKeeper } from "../search/calibration-keeper";
import { RelatedCache } from "../search/related-cache";
import { findRelatedNotes, type RelatedOptions, type RelatedResult } from "../search/related-notes";
import type { Reranker } from "../search/reranker";
import { RerankerMemo } from "./reranker-memo";
import { RelatedWarmth } from "./related-warmth";
import { SearchEngine, type SearchRequest } from "../search/search-engine";
import type { ListWeights } from "../search/search-options";
import type { SearchResponse } from "../search/search-result";
import { RelatedWeightsKeeper } from "../search/related-weights";
import { indexSettingsOf, searchOptionsOf, type PluginSettings } from "../settings/plugin-settings";
import { compileExclusions, type Exclusions } from "../sync/rules/exclusions";
import { IndexService } from "../sync/control/index-service";
import type { NoteState } from "../sync/notes/note-state";
import { resolveIndexSettings, type IndexSettings } from "../sync/rules/index-settings";
import { settingsCost, type SettingsCost } from "./settings-cost";
import { chainEmbedder, watchChainBreakers } from "./chain-embedder";
import type { OllamaEndpoint } from "../ollama/endpoint-chain";
import { FallbackEmbedder } from "../ollama/fallback-embedder";
import { FilterWarmth, notesSettled } from "./filter-warmth";
import type { VaultSearchOptions } from "./vault-search-options";

export type { VaultSearchOptions } from "./vault-search-options";
export type { SettingsCost } from "./settings-cost";

/**
 * One vault's search as the plugin and the CLI both run it: it owns the search engine (`search`, `searchKeyword`,
 * `related`), the Ollama client, the embedder (over a shared embedding cache), HyDE, the search options, the vector
 * weight calibration, and what a settings change costs. The sync actor (`service`) only keeps the index current
 * and says when it replaces the index object. Hosts only build adapters around it.
 */
export class VaultSearch {
  /** The sync actor: start, stop, host events (`enqueue`), status and progress, pause, rebuild, writer role. */
  readonly service: IndexService;
  private readonly engine: SearchEngine;
  private live: ChunkIndex;
  private current: PluginSettings;
  private embedder: Embedder | undefined;
  // The embedder before `wrapEmbedder`: calibration probes are the index's own text, not indexing work.
  private bareEmbedder: Embedder | undefined;
  private exclusionsMemo: Exclusions | undefined;
  private readonly keeper: CalibrationKeeper;
  private readonly relatedKeeper: RelatedWeightsKeeper;
  private readonly relatedLists = new RelatedCache();
  private readonly cache: MemoryEmbeddingCache | undefined;
  /** Whether each Ollama server answers; shared with the host's other sessions when it passes one. */
  readonly health: OllamaHealth;
  private unwatchBreaker: (() => void) | undefined;
  private readonly rerankers = new RerankerMemo();
  /** The related list's one-off work, done in slices before the first list (see `RelatedWarmth`). */
  readonly relatedWarmth: RelatedWarmth;
  private readonly warmth: FilterWarmth;
  private warmFailed: ((cause: unknown) => void) | undefined;
  private followsNotes: (() => void) | undefined;

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
      indexReplaced: (index, notes) => this.useIndex(index, notes),
    });
    this.live = this.service.index;
    const [busy, failed] = [() => !notesSettled(this.service.status().phase), (cause: unknown) => this.warmFailed?.(cause)];
    this.warmth = new FilterWarmth({ index: () => this.live, stopped: () => this.service.stopped, busy, pause: opts.pause ?? defaultPause, failed });
    this.relatedWarmth = new RelatedWarmth({ index: () => this.live, stopped: () => this.service.stopped, pause: opts.pause ?? defaultPause });
    this.engine = new SearchEngine({ index: this.live, notes: this.service.notes, ...(this.embedder ? { embedder: this.embedder } : {}) });
    this.applySearchSettings();
    this.watchBreaker();
    // Read while the index loads: the first answer waits for `calibrate("load")`, which then waits for no file read.
    if (this.current.search.autoWeights) for (const keeper of [this.keeper, this.relatedKeeper]) keeper.prefetch();
  }

  /** Keyword results at once, for every keystroke (see `SearchEngine.searchKeyword`). */
  searchKeyword(req: SearchRequest): SearchResponse {
    this.warmth.sawQuery(req.query);
    return this.engine.searchKeyword(req);
  }

  /** The full search; never rejects, resolves with `aborted: true` when the request's signal fires. */
  search(req: SearchRequest): Promise<SearchResponse> {
    this.warmth.sawQuery(req.query);
    return this.engine.search(req);
  }

  /** Notes related to `path`, from the vectors already in the index (no embedding call). */
  related(path: string, opts: RelatedOptions): RelatedResult {
    // Superseded notes are left out, as search leaves them out by default.
    const hidden = this.engine.supersededPaths().filter((p) => p !== path);
    const excludeLinked = hidden.length === 0 ? opts.excludeLinked : [...(opts.excludeLinked ?? []), ...hidden];
    const asked = excludeLinked ? { ...opts, excludeLinked } : opts;
    const index = this.live;
    return this.relatedLists.get(index, path, asked, () => findRelatedNotes(index, path, asked));
  }

  /**
   * Works out in slices, between searches, what the first filtered search would pay for (see filter-warmup.ts), with
   * the same answers. Stops when the index is replaced or the session stops. Resolves with the notes folded.
   */
  warmFilters(): Promise<number> {
    return this.warmth.once();
  }

  /**
   * `warmFilters` now and after every change and new index while the session runs (filter-warmth.ts), never on a
   * search's path. `failed`: told of a pass that failed; `untilFiltered`: from the first filtered search on.
   */
  keepFiltersWarm(failed?: (cause: unknown) => void, untilFiltered = false): FilterWarmth {
    const warmth = this.warmth;
    if (untilFiltered) warmth.untilFiltered();
    if (failed) this.warmFailed = failed;
    this.followsNotes ??= this.service.onProgress((p) => (notesSettled(p.phase) ? warmth.poke() : undefined));
    warmth.poke();
    return warmth;
  }

  /** The weights the fusion uses now: the settings' own, or the calibrated ones. */
  effectiveWeights(): ListWeights {
    return this.engine.effectiveWeights();
  }

  /** The live index, for reading (paths, chunks); replaced on a rebuild, so read it again for every request. */
  get index(): ChunkIndex {
    return this.live;
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

  /**
   * The Ollama server embeddings come from now: the settings' first unless the fallback chain moved on; undefined
   * offline or before any server of a chain answered.
   */
  ollamaInUse(): OllamaEndpoint | undefined {
    const e = this.bareEmbedder;
    if (e instanceof FallbackEmbedder) return e.activeEndpoint();
    return e ? { url: this.current.ollamaUrl, model: e.model } : undefined;
  }

  /** The exclusion rules in force, compiled once per settings change. */
  get exclusions(): Exclusions {
    return (this.exclusionsMemo ??= compileExclusions(this.indexSettings));
  }

  /** A client for the Ollama server of the settings (or `url`, a server of the chain), behind its circuit breaker. */
  client(url: string = this.current.ollamaUrl): OllamaClient {
    return new OllamaClient({
      baseUrl: url,
      breaker: this.health.breakerFor(url),
      ...(this.opts.fetch ? { fetch: this.opts.fetch } : {}),
      ...(this.opts.ollamaTimeoutMs !== undefined ? { timeoutMs: this.opts.ollamaTimeoutMs } : {}),
      ...(this.opts.ollamaQuickTimeoutMs !== undefined ? { quickTimeoutMs: this.opts.ollamaQuickTimeoutMs } : {}),
    });
  }

  /**
   * `response` (a fused search answer) with its top reordered by the rerank model, or kept as it was with a notice
   * saying why (see Reranker). `model` wins over the settings' rerank model (the CLI's `--rerank MODEL`).
   */
  rerank(response: SearchResponse, signal?: AbortSignal, model?: string): Promise<SearchResponse> {
    return this.rerankerFor(model).rerank(response, signal);
  }

  /** The reranker for `model` (default: the settings'), made again only when the model, URL or candidate count change. */
  rerankerFor(model?: string): Reranker {
    return this.rerankers.for(this.current, () => this.client(), model);
  }

  /**
   * Switches to `next` and performs what the change costs (see `settingsCost`): a new embedder, a rebuild, a new
   * calibration (started, not awaited). Search options and HyDE always follow the new settings.
   */
  applySettings(next: PluginSettings): SettingsCost {
    const before = this.indexSettings;
    const prev = this.current;
    this.current = next;
    const after = this.indexSettings;
    const cost = settingsCost(prev, next, { before, after });
    this.exclusionsMemo = undefined;
    if (cost.newEmbedder) {
      this.pickEmbedder();
      this.watchBreaker();
      this.service.setEmbedder(this.embedder);
      this.engine.setDeps({ embedder: this.embedder });
    }
    this.service.updateSettings(after, cost);
    this.applySearchSettings();
    if (cost.recalibrate) void this.calibrate("refresh");
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
    this.engine.setCalibration(await this.keeper.load(embedder.model));
    if (mode === "load") return;
    await this.service.whenIdle();
    if (signal?.aborted || this.live.vectorCount === 0) return;
    this.engine.setCalibration(await this.keeper.refresh(this.live, embedder, signal, this.opts.pause ?? defaultPause));
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
        : chainEmbedder(s, {
            clientFor: (url) => this.client(url),
            batchSize: this.indexSettings.embedBatchSize,
            ...(this.cache ? { cache: this.cache } : {}),
            ...(this.opts.chainRecheckMs !== undefined ? { recheckMs: this.opts.chainRecheckMs } : {}),
            ...(this.opts.notify ? { notify: this.opts.notify } : {}),
          });
    this.bareEmbedder = bare;
    this.embedder = bare && wrapEmbedder ? wrapEmbedder(bare) : bare;
  }

  private watchBreaker(): void {
    this.unwatchBreaker?.();
    this.unwatchBreaker = watchChainBreakers(this.health, this.current, this.service);
  }

  private applySearchSettings(): void {
    const s = this.current;
    const model = this.opts.hydeModel ?? (s.hyde.enabled ? s.hyde.model.trim() : "");
    const hyde =
      !this.opts.offline && model !== ""
        ? new HydeGenerator(this.client(), { model, promptTemplate: s.hyde.promptTemplate })
        : undefined;
    this.engine.setOptions({ ...searchOptionsOf(s), hyde: hyde !== undefined });
    this.engine.setDeps({ hyde, ...(this.opts.pause ? { pause: this.opts.pause } : {}) });
  }

  /** The sync actor's one hook: the index object was replaced, and search follows it. */
  private useIndex(index: ChunkIndex, notes: ReadonlyMap<string, NoteState>): void {
    this.live = index;
    this.relatedLists.clear();
    this.engine.setDeps({ index, notes });
    if (this.followsNotes) this.warmth.poke();
  }
}

/** Yields to the host between slices of background work when it gave no `pause` of its own. */
const defaultPause = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/** Opens one vault's search session over the host's adapters; the index starts with `session.service.start()`. */
export function openVaultSearch(opts: VaultSearchOptions): VaultSearch {
  return new VaultSearch(opts);
}
