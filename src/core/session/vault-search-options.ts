import type { Embedder } from "../ollama/embedder";
import type { OllamaHealth } from "../ollama/ollama-breaker";
import type { FileStore } from "../persist/file-store";
import type { PluginSettings } from "../settings/plugin-settings";
import type { IndexSettings } from "../sync/rules/index-settings";
import type { NoteSource } from "../sync/notes/note-source";

/** What a host (the plugin or the CLI) hands `openVaultSearch`: its adapters, its settings and its choices. */
export interface VaultSearchOptions {
  /** The vault's notes. Required. */
  source: NoteSource;
  /** Where the index files, the lock and calibration.json live. Required. */
  store: FileStore;
  /** The plugin's data folder inside `store`. Required. */
  dataDir: string;
  /** The plugin's settings (already normalised). Required; change them later through `applySettings`. */
  settings: PluginSettings;
  /** Obsidian's "Excluded files" filters, kept out of the index like the plugin's own exclusions. Required. */
  hostIgnore: readonly string[];
  /** The fetch Ollama requests go through (the plugin passes one over requestUrl). Default: the global fetch. */
  fetch?: typeof fetch;
  /** Tells the user about an index problem. Default: says nothing. */
  notify?: (message: string) => void;
  /** Lets the host's UI breathe between slices of a search's vector scan. Default: no pauses. */
  pause?: () => Promise<void>;
  /** Stops calibration when the host goes away; `calibrate` may pass its own. Default: never aborted. */
  signal?: AbortSignal;
  /** Index settings that win over the plugin's (the CLI's tests and benchmarks set them). Default: none. */
  indexOverrides?: Partial<IndexSettings>;
  /**
   * Embeds without Ollama: the given embedder (or none, keyword-only) is used as is, and HyDE and calibration,
   * which need the server, are off. Default: undefined, an Ollama embedder built from the settings.
   */
  offline?: { embedder: Embedder | undefined };
  /** Wraps the Ollama embedder the index uses (the CLI counts chunks with it); calibration gets the bare one. Default: none. */
  wrapEmbedder?: (embedder: Embedder) => Embedder;
  /** HyDE generation model that wins over the settings' (the CLI's `--hyde-model`). Default: the HyDE setting. */
  hydeModel?: string;
  /**
   * Keeps embeddings in memory across model switches and rebuilds, so identical text with the same model is never
   * embedded twice. Default: true (a one-shot CLI run turns it off: it embeds each text once anyway).
   */
  cacheEmbeddings?: boolean;
  /**
   * Whether each Ollama server answers (one circuit breaker per server). A host with several sessions over time
   * (the MCP server reloading the index) passes one, so a stuck server found by one session is known to the next.
   * Default: the session's own, disposed when `signal` aborts.
   */
  ollamaHealth?: OllamaHealth;
  /** Time limit of one Ollama request, in ms. Default 30000 (the client's). Tests make it short. */
  ollamaTimeoutMs?: number;
  /**
   * Time limit of the Ollama calls a live server answers at once (/api/show, /api/version, /api/tags), in ms: a model
   * check left unanswered this long opens the breaker, so a hybrid search stops waiting and answers from keywords.
   * Default 5000 (see `OllamaClientOptions.quickTimeoutMs`).
   */
  ollamaQuickTimeoutMs?: number;
  /**
   * How long a server of the fallback chain that failed is skipped before it is tried first again, in ms. Default
   * 30000 (see `FallbackEmbedderOptions.recheckMs`); tests set 0.
   */
  chainRecheckMs?: number;
  /**
   * Whether this process starts as the index's writer: only the writer embeds the notes and saves (see
   * `IndexServiceDeps.writer`); switch later with `service.setWriter`. Default true.
   */
  writer?: boolean;
}
