/**
 * The name of every row of the settings tab, as the tab shows it. The tab takes its row names from here, and every
 * message that points the user at a setting names it through this table (see error-table.ts), so a message can
 * never send anyone to a setting that is not there.
 */
export const SETTING_LABELS = {
  ollamaUrl: "Ollama URL",
  embedModel: "Embedding model",
  ollamaFallbacks: "Fallback Ollama servers",
  batchSize: "Batch size",
  bm25Weight: "Keyword weight",
  vectorWeight: "Meaning weight",
  hydeWeight: "Hypothetical answer weight",
  rrfK: "RRF k",
  keywordQueryBoost: "Keyword query boost",
  typoTolerance: "Typo tolerance",
  limit: "Number of results",
  minScore: "Minimum score",
  autoWeights: "Auto-calibrate",
  folderWeights: "Folder weights",
  recencyHalfLife: "Recency boost half-life",
  supersededStatuses: "Superseded statuses",
  relatedLimit: "Notes shown",
  hideLinked: "Hide linked notes",
  followSection: "Follow the section under the cursor",
  hydeEnabled: "Search with a hypothetical answer",
  hydeModel: "Generation model",
  hydePrompt: "Prompt template",
  rerankEnabled: "Rerank results",
  rerankModel: "Rerank model",
  rerankCandidates: "Results to rerank",
  maxTokens: "Chunk size",
  overlapRatio: "Chunk overlap",
  debounceMs: "Re-index delay",
  minNoteChars: "Minimum note length",
  defaultLanguage: "Default language",
  vectorPrecision: "Vector precision",
  indexLocation: "Index location",
  excludeFolders: "Excluded folders",
  excludeGlobs: "Excluded patterns",
  excludeTags: "Excluded tags",
  extraFolders: "Extra folders",
  indexStatus: "Status",
  rebuild: "Rebuild or pause",
} as const;

/** A row of the settings tab. */
export type SettingKey = keyof typeof SETTING_LABELS;

/**
 * Settings kept in data.json that the tab does not show (for tuning and benchmarks). Messages name them by their
 * place in the file, since there is no row to point at.
 */
export const FILE_ONLY_SETTINGS = {
  depthFactor: "search.depthFactor in data.json",
  similarity: "search.similarity in data.json",
  chunksPerNote: "search.chunksPerNote in data.json",
  hydeForKeywordQueries: "search.hydeForKeywordQueries in data.json",
} as const;
