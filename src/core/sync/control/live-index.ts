import type { Embedder } from "../../ollama/embedder";
import { canonicalModelName } from "../../ollama/model-name";
import { compileExclusions, type Exclusions } from "../rules/exclusions";
import type { IndexSettings } from "../rules/index-settings";
import { SyncedIndex } from "../store/synced-index";
import { seedRebuild } from "../store/rebuild-seeds";
import type { LiveCounts } from "./progress-tracker";

/**
 * The index the actor keeps in sync, with what it is kept with: the settings in force, their exclusion rules, the
 * embedder, and the model the index's vectors belong to. Replacing the index goes through here alone, so the session
 * is told of every new index object (`replaced`).
 */
export class LiveIndex {
  private current: SyncedIndex;
  private inForce: IndexSettings;
  private rules: Exclusions;
  private model: Embedder | undefined;
  private vectors: string;

  constructor(
    settings: IndexSettings,
    embedder: Embedder | undefined,
    private readonly replaced: (synced: SyncedIndex) => void,
  ) {
    this.inForce = settings;
    this.rules = compileExclusions(settings);
    this.model = embedder;
    this.vectors = canonicalModelName(embedder?.model ?? "");
    this.current = new SyncedIndex(0, embedder !== undefined, settings.defaultLanguage, settings.vectorPrecision);
  }

  get synced(): SyncedIndex {
    return this.current;
  }

  get settings(): IndexSettings {
    return this.inForce;
  }

  /** The exclusion rules compiled from `settings`. */
  get exclusions(): Exclusions {
    return this.rules;
  }

  get embedder(): Embedder | undefined {
    return this.model;
  }

  /** The embedder's model in its one spelling (see `canonicalModelName`); "" without an embedder. */
  get embedderModel(): string {
    return canonicalModelName(this.model?.model ?? "");
  }

  /**
   * The size the embedder's vectors have: the index's, else (a rebuilt index learns it from its first vector) the
   * embedder's once its model was checked; 0 while unknown.
   */
  get embedderDims(): number {
    return this.current.index.dims || (this.model?.dimensions() ?? 0);
  }

  /** The model the index's vectors belong to; differs from the embedder's until a model change is checked and applied. */
  get vectorsModel(): string {
    return this.vectors;
  }

  /** The counts progress reports carry. */
  counts(): LiveCounts {
    const synced = this.current;
    const embedder = this.model;
    const cut = embedder?.cutInputs?.();
    const inputsCut = embedder && cut && cut.count > 0 ? { ...cut, model: embedder.model } : undefined;
    return { notes: synced.noteCount, chunks: synced.index.size, pendingEmbeddings: synced.pendingChunks, inputsCut };
  }

  /**
   * Makes `synced` the index that is kept in sync and searched: when it is loaded or reset, or its Orama instance is
   * replaced (vectors of a new size).
   */
  use(synced: SyncedIndex): void {
    this.current = synced;
    this.replaced(synced);
  }

  /** A saved index was loaded, with vectors of `vectorsModel`. */
  loaded(synced: SyncedIndex, vectorsModel: string): void {
    this.use(synced);
    this.vectors = vectorsModel;
  }

  /** New settings take effect from the next step; the exclusion rules are compiled with them. */
  useSettings(settings: IndexSettings): void {
    this.inForce = settings;
    this.rules = compileExclusions(settings);
  }

  /** New embedder for the steps (the session gives it to its search engine itself). */
  useEmbedder(embedder: Embedder | undefined): void {
    this.model = embedder;
  }

  /**
   * Replaces the index with an empty one. `keepVectors` (a rebuild): the old vectors seed the new index, so unchanged
   * text is not embedded again. Otherwise the vectors now belong to the embedder's model; returns true when the
   * files on disk may hold the old model's vectors, which must then stay until this model has some.
   */
  reset(keepVectors: boolean): boolean {
    const old = this.current;
    const embedding = this.model !== undefined;
    const dims = keepVectors ? old.index.dims : (this.model?.dimensions() ?? 0);
    const otherModelOnDisk = !keepVectors && embedding && this.vectors !== "";
    if (!keepVectors) this.vectors = this.embedderModel;
    const fresh = new SyncedIndex(dims, embedding, this.inForce.defaultLanguage, this.inForce.vectorPrecision);
    if (keepVectors) seedRebuild(fresh, old);
    this.use(fresh);
    return otherModelOnDisk;
  }
}
