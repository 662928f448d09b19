/**
 * What the UI needs from the rest of the plugin, kept narrow so views can be built and tested without the sync
 * engine or Ollama. main.ts adapts the real services (SearchEngine, IndexService, OllamaClient) to these.
 */
import type { ChunkIndex } from "../core/index/chunk-index";
import type { OllamaModelInfo, OllamaModelSummary } from "../core/ollama/model-info";
import type { AppError, Result } from "../core/result";
import { findRelatedNotes, type RelatedOptions, type RelatedResult } from "../core/search/related-notes";
import type { SearchRequest } from "../core/search/search-engine";
import type { SearchResponse } from "../core/search/search-result";
import type { PluginSettings } from "../core/settings/plugin-settings";

/** Search as the modal uses it. `SearchEngine` satisfies it. */
export interface SearchPort {
  /** Keyword results at once, for every keystroke. */
  searchKeyword(req: SearchRequest): SearchResponse;
  /** The full search; resolves with `aborted: true` when the request's signal fires. Never rejects. */
  search(req: SearchRequest): Promise<SearchResponse>;
}

/** Related notes as the view uses them. */
export interface RelatedPort {
  related(path: string, opts: Omit<RelatedOptions, "excluded">): RelatedResult;
}

/** Sync phases, as the index service reports them. */
export type IndexPhase = "idle" | "loading" | "scanning" | "indexing" | "embedding" | "saving" | "paused" | "error";

/** One progress report of the index service (the shape of its `SyncProgress`). */
export interface IndexProgress {
  phase: IndexPhase;
  /** Items done and in total in the current phase. */
  done: number;
  total: number;
  /** Estimated time left in the current phase; undefined when unknown. */
  etaMs: number | undefined;
  /** Vault path being worked on. */
  currentFile: string | undefined;
  /** Notes and chunks in the index. */
  notes: number;
  chunks: number;
  /** Chunks still waiting for a vector. */
  pendingEmbeddings: number;
  /** The last failure, until the next success. */
  lastError: AppError | undefined;
}

/** The index service as the status bar, the settings tab, the related view and the commands use it. */
export interface IndexStatusPort {
  /** Calls back on every progress report; returns the unsubscribe function. */
  onProgress(cb: (p: IndexProgress) => void): () => void;
  /** The latest report, with the size of the saved index files in bytes when known. */
  status(): IndexProgress & { fileBytes?: number };
  pause(): void;
  resume(): void;
  readonly paused: boolean;
  /** Drops the index and indexes the vault again. */
  rebuild(): Promise<void>;
}

/** An Ollama server, for "Test connection" and the model dropdown. `OllamaClient` satisfies it. */
export interface ConnectionPort {
  readonly baseUrl: string;
  version(signal?: AbortSignal): Promise<Result<{ version: string }>>;
  listModels(signal?: AbortSignal): Promise<Result<OllamaModelSummary[]>>;
  showModel(model: string, signal?: AbortSignal): Promise<Result<OllamaModelInfo>>;
}

/** Reading and saving the settings. `save` persists them and applies them to the running services. */
export interface SettingsPort {
  get(): PluginSettings;
  save(next: PluginSettings): Promise<void>;
}

/** Whether a note is kept out of the index by the exclusion settings. */
export type ExclusionCheck = (path: string) => boolean;

/**
 * A RelatedPort over the live index. `index` is read on every call because a rebuild replaces the index;
 * `isExcluded` lets the view say "excluded" rather than "not indexed yet".
 */
export function relatedPortOver(index: () => ChunkIndex, isExcluded?: ExclusionCheck): RelatedPort {
  return {
    related: (path, opts) => findRelatedNotes(index(), path, { ...opts, excluded: isExcluded?.(path) ?? false }),
  };
}
