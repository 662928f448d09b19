import { languageOf } from "../text/languages";
import { normalizeOllamaUrl } from "../ollama/ollama-url";
import { normalizeFolder, normalizeGlob, normalizeList, normalizeTag } from "./list-settings";
import { defaultSettings, SETTINGS_VERSION, type PluginSettings, type SearchSettings } from "./plugin-settings";
import { LIMITS } from "./setting-limits";
import { isVectorPrecision, VECTOR_PRECISIONS, type VectorPrecision } from "../vectors/vector-precision";
import { SettingsReader } from "./settings-reader";
import { INDEX_LOCATIONS, isIndexLocation, type IndexLocation } from "../persist/index-location";
import { FILE_ONLY_SETTINGS, SETTING_LABELS } from "../errors/setting-labels";
import { canonicalModelName } from "../ollama/model-name";
import { readFolderWeights } from "./folder-weights";
import { endpointEntry } from "../ollama/endpoint-chain";

/** Settings fit for use, and what had to change to make them so. */
export interface NormalizedSettings {
  settings: PluginSettings;
  /** One message per value that was refused, clamped or replaced; empty when the data was clean. */
  errors: string[];
}

type Raw = Record<string, unknown>;

const isRecord = (v: unknown): v is Raw => typeof v === "object" && v !== null && !Array.isArray(v);
const field = (obj: unknown, key: string): unknown => (isRecord(obj) ? obj[key] : undefined);

/**
 * Turns whatever was saved (possibly hand-edited, possibly from an older version) into complete, valid settings.
 * Missing fields take their defaults, unknown fields are dropped, numbers out of range are clamped, and values of
 * the wrong kind are replaced by the default; every change but the silent default-fill is reported in `errors`.
 * Never throws.
 */
export function normalizeSettings(raw: unknown): NormalizedSettings {
  const d = defaultSettings();
  const r = new SettingsReader();
  if (raw === undefined || raw === null) return { settings: d, errors: [] };
  if (!isRecord(raw)) {
    return { settings: d, errors: ["The saved settings are not readable; the defaults are used."] };
  }
  const data = migrate(raw, r);
  const settings: PluginSettings = {
    version: SETTINGS_VERSION,
    ollamaUrl: readUrl(data.ollamaUrl, d.ollamaUrl, r),
    // One spelling per model ("x:latest" is "x"), so the index and its caches never see two names for one model.
    embedModel: canonicalModelName(r.string(data.embedModel, SETTING_LABELS.embedModel, d.embedModel)),
    ollamaFallbacks: r.list(data.ollamaFallbacks, SETTING_LABELS.ollamaFallbacks, d.ollamaFallbacks, (l) => readEndpoints(l, r)),
    batchSize: r.number(data.batchSize, LIMITS.batchSize, d.batchSize),
    search: readSearch(data.search, d.search, r),
    hyde: {
      enabled: r.boolean(field(data.hyde, "enabled"), SETTING_LABELS.hydeEnabled, d.hyde.enabled),
      model: canonicalModelName(r.string(field(data.hyde, "model"), SETTING_LABELS.hydeModel, d.hyde.model, { allowEmpty: true })),
      promptTemplate: r.string(field(data.hyde, "promptTemplate"), SETTING_LABELS.hydePrompt, d.hyde.promptTemplate, {
        keepSpace: true,
      }),
    },
    rerank: {
      enabled: r.boolean(field(data.rerank, "enabled"), SETTING_LABELS.rerankEnabled, d.rerank.enabled),
      model: canonicalModelName(r.string(field(data.rerank, "model"), SETTING_LABELS.rerankModel, d.rerank.model, { allowEmpty: true })),
      candidates: r.number(field(data.rerank, "candidates"), LIMITS.rerankCandidates, d.rerank.candidates),
    },
    chunk: {
      maxTokens: r.number(field(data.chunk, "maxTokens"), LIMITS.maxTokens, d.chunk.maxTokens),
      overlapRatio: r.number(field(data.chunk, "overlapRatio"), LIMITS.overlapRatio, d.chunk.overlapRatio),
    },
    debounceMs: r.number(data.debounceMs, LIMITS.debounceMs, d.debounceMs),
    excludeFolders: r.list(data.excludeFolders, SETTING_LABELS.excludeFolders, d.excludeFolders, (l) => normalizeList(l, normalizeFolder)),
    excludeGlobs: r.list(data.excludeGlobs, SETTING_LABELS.excludeGlobs, d.excludeGlobs, (l) => normalizeList(l, normalizeGlob)),
    excludeTags: r.list(data.excludeTags, SETTING_LABELS.excludeTags, d.excludeTags, (l) => normalizeList(l, normalizeTag)),
    minNoteChars: r.number(data.minNoteChars, LIMITS.minNoteChars, d.minNoteChars),
    extraFolders: r.list(data.extraFolders, SETTING_LABELS.extraFolders, d.extraFolders, (l) => normalizeList(l, (f) => f.trim())),
    defaultLanguage: readLanguage(data.defaultLanguage, d.defaultLanguage, r),
    vectorPrecision: readVectorPrecision(data.vectorPrecision, d.vectorPrecision, r),
    related: {
      limit: r.number(field(data.related, "limit"), LIMITS.relatedLimit, d.related.limit),
      hideLinked: r.boolean(field(data.related, "hideLinked"), SETTING_LABELS.hideLinked, d.related.hideLinked),
      followSection: r.boolean(field(data.related, "followSection"), SETTING_LABELS.followSection, d.related.followSection),
    },
    indexLocation: readIndexLocation(data.indexLocation, d.indexLocation, r),
  };
  return { settings, errors: r.errors };
}

function readVectorPrecision(raw: unknown, fallback: VectorPrecision, r: SettingsReader): VectorPrecision {
  if (raw === undefined || isVectorPrecision(raw)) return raw ?? fallback;
  r.errors.push(`${JSON.stringify(raw)} is not a vector precision (${VECTOR_PRECISIONS.join(" or ")}); ${fallback} is used. Pick one under "${SETTING_LABELS.vectorPrecision}" in the settings.`);
  return fallback;
}

function readIndexLocation(raw: unknown, fallback: IndexLocation, r: SettingsReader): IndexLocation {
  if (raw === undefined || isIndexLocation(raw)) return raw ?? fallback;
  r.errors.push(`${JSON.stringify(raw)} is not an index location (${INDEX_LOCATIONS.join(" or ")}); ${fallback} is used. Pick one under "${SETTING_LABELS.indexLocation}" in the settings.`);
  return fallback;
}

function readLanguage(raw: unknown, fallback: string, r: SettingsReader): string {
  if (raw === undefined) return fallback;
  const text = r.string(raw, SETTING_LABELS.defaultLanguage, fallback);
  const lang = languageOf(text);
  if (lang) return lang.code;
  r.errors.push(`"${text}" is not a language the keyword index stems; ${fallback} is used. Pick one under "${SETTING_LABELS.defaultLanguage}" in the settings.`);
  return fallback;
}

function readEndpoints(items: readonly string[], r: SettingsReader): string[] {
  const out: string[] = [];
  for (const item of items) {
    if (item.trim() === "") continue;
    const entry = endpointEntry(item);
    if (entry === undefined) r.errors.push(`"${item}" is not an Ollama server; it is left out of "${SETTING_LABELS.ollamaFallbacks}". Use URL or URL@MODEL.`);
    else if (!out.includes(entry)) out.push(entry);
  }
  return out;
}

function readUrl(raw: unknown, fallback: string, r: SettingsReader): string {
  const text = r.string(raw, SETTING_LABELS.ollamaUrl, fallback);
  const url = normalizeOllamaUrl(text);
  if (url !== undefined) return url;
  r.errors.push(`"${text}" is not a valid Ollama URL; ${fallback} is used. Use one like http://127.0.0.1:11434.`);
  return fallback;
}

function readSearch(raw: unknown, d: SearchSettings, r: SettingsReader): SearchSettings {
  const w = field(raw, "weights");
  return {
    rrfK: r.number(field(raw, "rrfK"), LIMITS.rrfK, d.rrfK),
    weights: {
      bm25: r.number(field(w, "bm25"), LIMITS.weight, d.weights.bm25, SETTING_LABELS.bm25Weight),
      vector: r.number(field(w, "vector"), LIMITS.weight, d.weights.vector, SETTING_LABELS.vectorWeight),
      hyde: r.number(field(w, "hyde"), LIMITS.weight, d.weights.hyde, SETTING_LABELS.hydeWeight),
    },
    keywordQueryBoost: r.number(field(raw, "keywordQueryBoost"), LIMITS.keywordQueryBoost, d.keywordQueryBoost),
    autoWeights: r.boolean(field(raw, "autoWeights"), SETTING_LABELS.autoWeights, d.autoWeights),
    limit: r.number(field(raw, "limit"), LIMITS.limit, d.limit),
    depthFactor: r.number(field(raw, "depthFactor"), LIMITS.depthFactor, d.depthFactor),
    minScore: r.number(field(raw, "minScore"), LIMITS.minScore, d.minScore),
    similarity: r.number(field(raw, "similarity"), LIMITS.similarity, d.similarity),
    hydeForKeywordQueries: r.boolean(field(raw, "hydeForKeywordQueries"), FILE_ONLY_SETTINGS.hydeForKeywordQueries, d.hydeForKeywordQueries),
    chunksPerNote: r.number(field(raw, "chunksPerNote"), LIMITS.chunksPerNote, d.chunksPerNote),
    typoTolerance: r.number(field(raw, "typoTolerance"), LIMITS.typoTolerance, d.typoTolerance),
    folderWeights: readFolderWeights(field(raw, "folderWeights"), d.folderWeights, r.errors),
    recencyHalfLifeDays: r.number(field(raw, "recencyHalfLifeDays"), LIMITS.recencyHalfLifeDays, d.recencyHalfLifeDays),
    supersededStatuses: r.list(field(raw, "supersededStatuses"), SETTING_LABELS.supersededStatuses, d.supersededStatuses, (l) =>
      normalizeList(l, (s) => s.trim().toLowerCase()),
    ),
  };
}

/**
 * Brings older shapes up to SETTINGS_VERSION. Data without a version predates versioning: it may carry the engine's
 * SearchOptions whole, with HyDE's switch as `search.hyde`, which now lives in `hyde.enabled`.
 */
function migrate(raw: Raw, r: SettingsReader): Raw {
  const version = typeof raw.version === "number" ? raw.version : 0;
  if (version > SETTINGS_VERSION) {
    r.errors.push("These settings were saved by a newer version of the plugin; fields this version does not know are ignored.");
    return raw;
  }
  if (version >= 1) return raw;
  const legacyHyde = field(raw.search, "hyde");
  if (typeof legacyHyde !== "boolean" || field(raw.hyde, "enabled") !== undefined) return raw;
  return { ...raw, hyde: { ...(isRecord(raw.hyde) ? raw.hyde : {}), enabled: legacyHyde } };
}
