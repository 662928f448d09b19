import { DEFAULT_CHUNK_OPTIONS, type ChunkOptions } from "../chunk/chunk-options";
import { DEFAULT_HYDE_PROMPT } from "../ollama/hyde";
import { DEFAULT_OLLAMA_URL } from "../ollama/ollama-url";
import { DEFAULT_SEARCH_OPTIONS, type SearchOptions } from "../search/search-options";
import { DEFAULT_RERANK_CANDIDATES } from "../search/reranker";
import { DEFAULT_INDEX_SETTINGS, resolveIndexSettings, type IndexSettings } from "../sync/rules/index-settings";
import type { VectorPrecision } from "../vectors/vector-precision";
import type { IndexLocation } from "../persist/index-location";

/** Version of the saved settings shape; `normalizeSettings` migrates anything older up to it. */
export const SETTINGS_VERSION = 1;

/** Ranking settings. HyDE's on/off switch lives in `HydeSettings`, so it is left out here. */
export type SearchSettings = Omit<SearchOptions, "hyde">;

/** Hypothetical-answer search (HyDE). */
export interface HydeSettings {
  /** Write a hypothetical answer with a generation model and search with it too. Default false. */
  enabled: boolean;
  /** Ollama generation model, e.g. "llama3.2". Default "" (HyDE stays off until one is chosen). */
  model: string;
  /** Prompt with a `{query}` placeholder; without one the query is appended. Default: DEFAULT_HYDE_PROMPT. */
  promptTemplate: string;
}

/** Reranking the fused top results with a local judge model (see core/search/reranker.ts). */
export interface RerankSettings {
  /** Rerank every hybrid and semantic search of the search window; `r:` reranks one query either way. Default false. */
  enabled: boolean;
  /** Ollama generation model that answers yes/no relevance questions, e.g. "qwen3:0.6b". Default "" (none). */
  model: string;
  /** The fused top notes sent to the model, 10 to 40. Default 20. */
  candidates: number;
}

/** The related-notes view. */
export interface RelatedSettings {
  /** Notes listed. Default 15. */
  limit: number;
  /** Leave out notes the active note already links to. Default false. */
  hideLinked: boolean;
  /** Notes related to the section under the cursor, following it, instead of the whole note. Default false. */
  followSection: boolean;
}

/** Everything the user can set, as saved in the plugin's data.json. */
export interface PluginSettings {
  /** Shape version, for migrations. Always SETTINGS_VERSION once normalised. */
  version: number;
  /** Where Ollama listens. Default "http://127.0.0.1:11434". */
  ollamaUrl: string;
  /** Embedding model. Changing it rebuilds the index. Default "nomic-embed-text". */
  embedModel: string;
  /**
   * More Ollama servers to embed with, in order, when the ones before do not answer: "URL" (same model) or
   * "URL@MODEL". A server of another model than `embedModel` is never embedded with (vectors never mix); it only
   * lets the notice say what to do. Default [].
   */
  ollamaFallbacks: string[];
  /** Texts per embedding request. Default 16. */
  batchSize: number;
  /** Fusion weights, RRF k, result count and thresholds. Default: DEFAULT_SEARCH_OPTIONS without `hyde`. */
  search: SearchSettings;
  /** Default: off, no model, the default prompt. */
  hyde: HydeSettings;
  /** Default: off, no model, 20 candidates. */
  rerank: RerankSettings;
  /** Chunk size and overlap, in tokens. Changing them rebuilds the index. Default { maxTokens: 400, overlapRatio: 0.15 }. */
  chunk: ChunkOptions;
  /** Quiet time after an edit before the note is re-indexed, in ms. Default 2000. */
  debounceMs: number;
  /** Folders whose notes are never indexed (vault paths, no leading or trailing slash). Default []. */
  excludeFolders: string[];
  /** Glob patterns of paths never indexed, e.g. "**\/*.excalidraw.md". Default []. */
  excludeGlobs: string[];
  /** Notes with any of these tags (lower case, no `#`) are never indexed or sent to Ollama. Default ["private"]. */
  excludeTags: string[];
  /** Notes with fewer characters than this are skipped. Default 0 (index everything). */
  minNoteChars: number;
  /**
   * Desktop only: absolute paths of folders outside the vault whose Markdown notes are indexed too, read-only, as
   * `.extra/<name>/…` (see extra-roots.ts). The CLI uses them when no `--extra` is given. Default [].
   */
  extraFolders: string[];
  /**
   * Language of notes whose language neither `lang` frontmatter nor their words tell: a Snowball language code
   * ("de", "sv"). Changing it rebuilds the keyword index (no new embeddings). Default "en".
   */
  defaultLanguage: string;
  /**
   * How vectors are stored, in memory and in the index file: "int8" takes about a quarter of "float32"'s bytes.
   * Changing it converts the stored vectors; nothing is embedded again. Default: `DEFAULT_INDEX_SETTINGS.vectorPrecision`.
   */
  vectorPrecision: VectorPrecision;
  /** Default { limit: 15, hideLinked: false, followSection: false }. */
  related: RelatedSettings;
  /**
   * Where the index lives (see `IndexLocation`): "vault" (the plugin's folder, synced with the notes and shared with
   * the CLI/MCP server) or "device" (this device's data folder, never synced; the CLI finds it from the vault path).
   * It is saved with the settings, so it holds for every device that syncs them. A change takes effect at the next
   * start, which copies the index over (nothing is embedded again). Default "vault".
   */
  indexLocation: IndexLocation;
}

const { hyde: _hydeFlag, ...DEFAULT_SEARCH_SETTINGS } = DEFAULT_SEARCH_OPTIONS;

/** A fresh copy of the defaults; callers may mutate it. */
export function defaultSettings(): PluginSettings {
  return {
    version: SETTINGS_VERSION,
    ollamaUrl: DEFAULT_OLLAMA_URL,
    embedModel: "nomic-embed-text",
    ollamaFallbacks: [],
    batchSize: 16,
    search: {
      ...DEFAULT_SEARCH_SETTINGS,
      weights: { ...DEFAULT_SEARCH_SETTINGS.weights },
      folderWeights: [],
      supersededStatuses: [...DEFAULT_SEARCH_SETTINGS.supersededStatuses],
    },
    hyde: { enabled: false, model: "", promptTemplate: DEFAULT_HYDE_PROMPT },
    rerank: { enabled: false, model: "", candidates: DEFAULT_RERANK_CANDIDATES },
    chunk: { ...DEFAULT_CHUNK_OPTIONS },
    debounceMs: 2000,
    excludeFolders: [],
    excludeGlobs: [],
    excludeTags: ["private"],
    minNoteChars: 0,
    extraFolders: [],
    defaultLanguage: "en",
    vectorPrecision: DEFAULT_INDEX_SETTINGS.vectorPrecision,
    related: { limit: 15, hideLinked: false, followSection: false },
    indexLocation: "vault",
  };
}

/** The engine's options for these settings. HyDE only counts as on when a generation model is set. */
export function searchOptionsOf(s: PluginSettings): SearchOptions {
  return { ...s.search, weights: { ...s.search.weights }, folderWeights: [...s.search.folderWeights], hyde: s.hyde.enabled && s.hyde.model.trim() !== "" };
}

/** The sync engine's settings for these plugin settings; `hostIgnore` is Obsidian's own "Excluded files". */
export function indexSettingsOf(s: PluginSettings, hostIgnore: readonly string[]): IndexSettings {
  return resolveIndexSettings({
    chunk: s.chunk,
    excludeFolders: s.excludeFolders,
    excludeGlobs: s.excludeGlobs,
    hostIgnore: [...hostIgnore],
    excludeTags: s.excludeTags,
    minNoteChars: s.minNoteChars,
    defaultLanguage: s.defaultLanguage,
    vectorPrecision: s.vectorPrecision,
    debounceMs: s.debounceMs,
    embedBatchSize: s.batchSize,
  });
}
