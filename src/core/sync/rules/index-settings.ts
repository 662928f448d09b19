import { DEFAULT_CHUNK_OPTIONS, chunkOptionsHash, resolveChunkOptions, type ChunkOptions } from "../../chunk/chunk-options";
import { contentHash } from "../../shared/hash";
import { LANGUAGES, languageOf } from "../../text/languages";
import { isVectorPrecision, type VectorPrecision } from "../../vectors/vector-precision";

/** How the vault is turned into an index. Pass through `resolveIndexSettings` to fill defaults and clamp values. */
export interface IndexSettings {
  /** Chunk size and overlap. Default `DEFAULT_CHUNK_OPTIONS` (400 tokens, 15 %). A change rebuilds the index. */
  chunk: ChunkOptions;
  /**
   * Folders whose notes are not indexed, vault-relative ("Private", "Archive/2019"); a folder covers everything
   * below it, and "Arch" does not cover "Archive". Default none.
   */
  excludeFolders: string[];
  /**
   * Glob patterns of paths not indexed: `*` any run of characters but "/", `**` any run including "/" (a whole `**` folder
   * segment may also stand for no folder), `?` one character but "/". A pattern without "/" is matched against the file name
   * at any depth ("*.excalidraw.md"); one with "/" against the whole path ("Daily/**"). Default none.
   */
  excludeGlobs: string[];
  /**
   * Obsidian's "Excluded files" (`userIgnoreFilters`), with Obsidian's meaning: "/regex/" entries are tested
   * against the path, any other entry excludes paths that start with it. Default none.
   */
  hostIgnore: string[];
  /**
   * Notes carrying one of these tags (frontmatter or inline, with or without "#", any case) are not indexed; a tag
   * also covers its nested tags ("private" covers "private/diary"). Default ["private"].
   */
  excludeTags: string[];
  /**
   * Notes with less prose than this many characters (chunk text, so without frontmatter, comments and markup; a
   * note with only a title counts 0) are not indexed. Default 0: every note is indexed.
   */
  minNoteChars: number;
  /**
   * Notes larger than this many bytes are indexed only up to the last line that fits, so one huge file can't stall
   * the app or flood the embedder; the user is told which notes were cut. A change rebuilds the index (without new
   * embeddings for text that stays the same). Default 2 MB (2_097_152), at least 1024.
   */
  maxNoteBytes: number;
  /**
   * Language of notes whose language neither their `lang` frontmatter nor their function words tell (short notes,
   * lists, titles): its stemmer and stop words analyse them. An ISO 639-1 code of a Snowball language ("de", "sv");
   * anything else means English. A change rebuilds the index (without new embeddings). Default "en".
   */
  defaultLanguage: string;
  /**
   * How stored vectors are kept, in memory and in the index file: "int8" (a byte a dimension and a scale a vector,
   * about a quarter of "float32"'s size; search quality within 0.005 nDCG@10 in bench:vector-precision) or "float32"
   * (as the model returned them). A change converts the stored vectors in place and embeds nothing again; going back
   * to "float32" keeps the int8 values. Default "int8": an int8 file loads its rows into the store as they are, so
   * it loads faster than a float32 one (docs/BENCHMARKS.md); an index saved as float32 under the old default is
   * converted on load, embedding nothing.
   */
  vectorPrecision: VectorPrecision;
  /** Quiet time after the last vault event before changes are indexed, in ms. Default 2000. */
  debounceMs: number;
  /** Embedding requests in flight at once. Default 2, at least 1. */
  embedConcurrency: number;
  /** Chunks sent per embedding request; match the embedder's own batch size. Default 16, at least 1. */
  embedBatchSize: number;
  /**
   * A failed embedding request is retried after `embedRetryMs`, then after twice that, and so on (up to 5 min), this
   * many times in a row; then the texts wait, with the error shown, until the next vault change or retry asked for.
   * Default 5 (2 + 4 + 8 + 16 + 32 s: about a minute of Ollama restarting or erroring), at least 0.
   */
  embedRetries: number;
  /** First retry delay after a failed embedding request, in ms (see `embedRetries`). Default 2000, at least 1. */
  embedRetryMs: number;
  /** Chunks embedded between two checkpoint saves; a crash loses at most this much embedding work. Default 2000. */
  checkpointEvery: number;
  /**
   * Embedding time between two checkpoint saves, in ms: a save runs once vectors have been arriving this long since
   * the last one, so that a slow model loses at most this much work to a crash or kill. Default 30_000, at least 1.
   */
  checkpointEveryMs: number;
  /** Unsaved changes are saved once the service has been idle this long, in ms. Default 10_000. */
  idleSaveMs: number;
}

export const DEFAULT_INDEX_SETTINGS: Readonly<IndexSettings> = Object.freeze({
  chunk: { ...DEFAULT_CHUNK_OPTIONS },
  excludeFolders: [],
  excludeGlobs: [],
  hostIgnore: [],
  excludeTags: ["private"],
  minNoteChars: 0,
  maxNoteBytes: 2 * 1024 * 1024,
  defaultLanguage: "en",
  vectorPrecision: "int8",
  debounceMs: 2000,
  embedConcurrency: 2,
  embedBatchSize: 16,
  embedRetries: 5,
  embedRetryMs: 2000,
  checkpointEvery: 2000,
  checkpointEveryMs: 30_000,
  idleSaveMs: 10_000,
});

/** Fills in defaults and brings values into range; lists are trimmed and emptied of blank entries. */
export function resolveIndexSettings(s: Partial<IndexSettings> = {}): IndexSettings {
  const d = DEFAULT_INDEX_SETTINGS;
  const num = (v: number | undefined, def: number, min: number): number =>
    v !== undefined && Number.isFinite(v) ? Math.max(min, Math.floor(v)) : def;
  const list = (v: readonly string[] | undefined, def: readonly string[]): string[] =>
    (v ?? def).map((x) => x.trim()).filter((x) => x !== "");
  return {
    chunk: resolveChunkOptions(s.chunk),
    excludeFolders: list(s.excludeFolders, d.excludeFolders),
    excludeGlobs: list(s.excludeGlobs, d.excludeGlobs),
    hostIgnore: list(s.hostIgnore, d.hostIgnore),
    excludeTags: list(s.excludeTags, d.excludeTags),
    minNoteChars: num(s.minNoteChars, d.minNoteChars, 0),
    maxNoteBytes: num(s.maxNoteBytes, d.maxNoteBytes, 1024),
    defaultLanguage: languageOf(s.defaultLanguage)?.code ?? d.defaultLanguage,
    vectorPrecision: isVectorPrecision(s.vectorPrecision) ? s.vectorPrecision : d.vectorPrecision,
    debounceMs: num(s.debounceMs, d.debounceMs, 0),
    embedConcurrency: num(s.embedConcurrency, d.embedConcurrency, 1),
    embedBatchSize: num(s.embedBatchSize, d.embedBatchSize, 1),
    embedRetries: num(s.embedRetries, d.embedRetries, 0),
    embedRetryMs: num(s.embedRetryMs, d.embedRetryMs, 1),
    checkpointEvery: num(s.checkpointEvery, d.checkpointEvery, 1),
    checkpointEveryMs: num(s.checkpointEveryMs, d.checkpointEveryMs, 1),
    idleSaveMs: num(s.idleSaveMs, d.idleSaveMs, 0),
  };
}

/** What a settings change costs the index (decided by `indexCost` in core/session/settings-cost.ts). */
export interface IndexCost {
  /** The chunking or the size cap changed: every note is re-chunked (vectors of unchanged text are reused). */
  rebuild: boolean;
  /** Only the default language changed: the chunks whose language it decides are analysed again, in place. */
  relanguage: boolean;
  /** Exclusions changed: exactly the affected notes are added or removed. */
  rescan: boolean;
  /** Only the vector precision changed: the stored vectors are converted in place, nothing is embedded again. */
  convertVectors: boolean;
}

/**
 * Version of what `embeddingInput` makes of a chunk. Bump it when that changes: saved indexes are then rebuilt,
 * re-embedding only chunks whose input really changed (the old vectors serve as seeds for the rest).
 */
const EMBEDDING_INPUT_VERSION = 2;

/**
 * What the saved index records as its chunking: the chunk options and the size cap, both decide the chunks, the
 * version of the embedding input, which decides what their vectors mean, and the default language, which decides
 * how some chunks' words are indexed (a change of it alone re-analyses them in place, live or on load: see
 * `SettingsImpact` and `defaultLanguageSavedIn`).
 */
export function indexChunkingHash(s: Pick<IndexSettings, "chunk" | "maxNoteBytes"> & { defaultLanguage?: string }): string {
  // The default language decides how some chunks are analysed; English adds nothing, so indexes saved before the
  // setting existed keep their hash.
  const lang = s.defaultLanguage !== undefined && s.defaultLanguage !== "en" ? `-l${s.defaultLanguage}` : "";
  return `${chunkOptionsHash(s.chunk)}-${s.maxNoteBytes.toString(36)}-e${EMBEDDING_INPUT_VERSION}${lang}`;
}

/** The default language an index saved with chunking hash `hash` was built with, when that is all that differs from `s`. */
export function defaultLanguageSavedIn(hash: string, s: Pick<IndexSettings, "chunk" | "maxNoteBytes">): string | undefined {
  return LANGUAGES.find((l) => indexChunkingHash({ ...s, defaultLanguage: l.code }) === hash)?.code;
}

/** `indexChunkingHash` without the default language: what decides the chunks and their vectors. */
export function chunksHash(s: Pick<IndexSettings, "chunk" | "maxNoteBytes">): string {
  return indexChunkingHash({ chunk: s.chunk, maxNoteBytes: s.maxNoteBytes });
}

/** A fingerprint of every rule that excludes notes; the saved index records the one its notes were checked against. */
export function exclusionRulesHash(
  s: Pick<IndexSettings, "excludeFolders" | "excludeGlobs" | "hostIgnore" | "excludeTags" | "minNoteChars">,
): string {
  return contentHash(JSON.stringify([s.excludeFolders, s.excludeGlobs, s.hostIgnore, s.excludeTags, s.minNoteChars]));
}
