/** Notices of a search or of the related view, note warnings and status lines (see the error table, `error-table.ts`). */
export const NOTICE_MESSAGES = {
  ollamaFallbackInUse: { kind: "notice", code: "OLLAMA_FALLBACK", template: "Embedding through Ollama at {url}: {first} does not answer." },
  ollamaBackToFirst: { kind: "notice", code: "OLLAMA_FALLBACK", template: "Embedding through Ollama at {url} again." },
  keywordFallback: { kind: "notice", code: "KEYWORD_FALLBACK", template: "Keyword results only: {reason}" },
  noVectorsYet: { kind: "notice", code: "NO_VECTORS", template: "No embeddings yet: showing keyword matches while the index fills." },
  hydeSkipped: { kind: "notice", code: "HYDE_SKIPPED", template: "HyDE skipped: the query looks like keywords." },
  hydeFailed: { kind: "notice", code: "HYDE_FAILED", template: "HyDE left out: {reason}" },
  rerankFailed: { kind: "notice", code: "RERANK_FAILED", template: "Rerank left out, results keep their fused order: {reason}" },
  rerankNoModel: {
    kind: "notice",
    code: "RERANK_FAILED",
    template: "Rerank left out: no rerank model is set. Pick one under {setting:rerankModel} in settings (the CLI takes --rerank MODEL).",
  },
  rerankSkipped: { kind: "notice", code: "RERANK_SKIPPED", template: "Rerank skipped: {why}." },
  searchFailed: {
    kind: "notice",
    code: "SEARCH_FAILED",
    template: "This search failed on an unexpected error ({reason}). Try other words; please report this as a bug.",
  },
  filterNoMatch: { kind: "notice", code: "FILTER_NO_MATCH", template: "No note matches {filter}{closest}." },
  didYouMean: { kind: "notice", code: "DID_YOU_MEAN", template: "No matches. Did you mean: {suggestion}" },
  dateFilterInvalid: {
    kind: "notice",
    code: "DATE_FILTER_INVALID",
    template: "{token} is not a date, so it filters nothing. Type {hint}, e.g. modified:>2025-01-01 or modified:<30d.",
  },
  dateArgumentInvalid: {
    kind: "error",
    code: "BAD_INPUT",
    template: '{argument} must be an ISO date such as 2025-01-31 (or a month 2025-01, or a year 2025), not "{value}".',
  },
  dateNoMatch: { kind: "notice", code: "DATE_NO_MATCH", template: "No note matches {filters}." },
  supersededHidden: {
    kind: "notice",
    code: "SUPERSEDED_HIDDEN",
    template: "Superseded notes that match are hidden: {count}. Show them with the \"show superseded\" toggle (includeSuperseded in MCP, --include-superseded in the CLI).",
  },
  frontmatterUnclosed: {
    kind: "note",
    code: "FRONTMATTER_UNCLOSED",
    template:
      "The frontmatter that starts on line 1 has no closing `---` line, so it is indexed as text. Add a `---` line after the properties.",
  },
  frontmatterInvalid: {
    kind: "note",
    code: "FRONTMATTER_INVALID",
    template: "Frontmatter line {line} can't be read ({problem}), so it is ignored. Fix the YAML there.",
  },
  inputsCut: {
    kind: "status",
    code: "INPUTS_CUT",
    template:
      "Chunks cut to fit {model}'s {window}: {count}. Their ends are found by keyword only. Set a smaller {setting:maxTokens} in the plugin's settings, or use a model with a longer context.",
  },
  relatedExcluded: {
    kind: "status",
    code: "RELATED_EXCLUDED",
    template:
      "This note is excluded from indexing (by folder, pattern, tag or length), so it has no related notes. Change {setting:excludeFolders}, {setting:excludeGlobs}, {setting:excludeTags} or {setting:minNoteChars} in settings to include it.",
  },
} as const;
