/**
 * What the UI needs from the rest of the plugin, kept narrow so views can be built and tested without the sync
 * engine or Ollama. main.ts passes the real services (the session, its sync actor, OllamaClient) as they are.
 */
import type { OllamaModelInfo, OllamaModelSummary } from "../core/ollama/model-info";
import type { Result } from "../core/result";
import type { RelatedOptions, RelatedResult } from "../core/search/related-notes";
import type { SearchRequest } from "../core/search/search-engine";
import type { SearchResponse } from "../core/search/search-result";
import type { PluginSettings } from "../core/settings/plugin-settings";
import type { SyncProgress as IndexProgress } from "../core/sync/control/sync-progress";

/** Search as the modal uses it. The session (`VaultSearch`) satisfies it. */
export interface SearchPort {
  /** Keyword results at once, for every keystroke. */
  searchKeyword(req: SearchRequest): SearchResponse;
  /** The full search; resolves with `aborted: true` when the request's signal fires. Never rejects. */
  search(req: SearchRequest): Promise<SearchResponse>;
  /**
   * Reorders a full answer's top with the rerank model, or returns it with a notice saying why not; resolves with
   * `aborted: true` when the signal fires. Never rejects. Optional: without it the modal never reranks.
   */
  rerank?(response: SearchResponse, signal: AbortSignal): Promise<SearchResponse>;
}

/** Related notes as the view uses them. */
export interface RelatedPort {
  related(path: string, opts: Omit<RelatedOptions, "excluded">): RelatedResult;
  /**
   * Whether `related` would answer without its one-off work (see `RelatedWarmth`). Optional: without it the view
   * never waits.
   */
  ready?(): boolean;
  /** Does the one-off work in slices; resolves when done or given up. Never rejects. Optional, as `ready`. */
  warm?(): Promise<void>;
}

/** Where the cursor is, for a related list that follows the section under it. */
export interface CursorPort {
  /** 0-based line of the cursor in the editor showing `path`, when the active editor shows it. */
  line(path: string): number | undefined;
  /** Calls `cb` whenever a cursor moves in an editor; returns the unsubscribe function. */
  onMove(cb: () => void): () => void;
}

/** Sync phases and progress reports, exactly as the index service emits them. */
export type { SyncPhase as IndexPhase, SyncProgress as IndexProgress } from "../core/sync/control/sync-progress";

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

/** Related notes as the session finds them (`VaultSearch.related`, over whatever index is live). */
export interface RelatedSource {
  related(path: string, opts: RelatedOptions): RelatedResult;
  /** The related list's one-off work (see `RelatedPort.ready` and `warm`). Optional: without it the view never waits. */
  readonly relatedWarmth?: { ready(): boolean; warm(): Promise<void> };
}

/** A RelatedPort over the session; `isExcluded` lets the view say "excluded" rather than "not indexed yet". */
export function relatedPortOver(source: RelatedSource, isExcluded?: ExclusionCheck): RelatedPort {
  const port: RelatedPort = { related: (path, opts) => source.related(path, { ...opts, excluded: isExcluded?.(path) ?? false }) };
  const warmth = source.relatedWarmth;
  if (warmth) {
    port.ready = () => warmth.ready();
    port.warm = () => warmth.warm();
  }
  return port;
}
