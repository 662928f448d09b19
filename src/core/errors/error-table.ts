/**
 * Every message the engine gives the user about something that went wrong or ran differently, with its stable code.
 * `{name}` is a parameter; `{setting:key}` names a row of the settings tab by its label (setting-labels.ts), so a
 * message can only point at a setting that exists. `kind` says where the message travels: an `AppError`
 * ("error"), a search notice ("notice"), a note warning ("note") or a view's status line ("status").
 */
export const MESSAGES = {
  ollamaAborted: { kind: "error", code: "ABORTED", template: "The request to Ollama was cancelled." },
  ollamaTimeout: {
    kind: "error",
    code: "OLLAMA_TIMEOUT",
    template: "Ollama at {url} did not answer {endpoint} within {limit}. It may still be loading the model: wait a moment and try again.",
  },
  ollamaNotAnswering: {
    kind: "error",
    code: "OLLAMA_TIMEOUT",
    template:
      "Ollama at {url} stopped answering ({endpoint} took over {limit}). Results use keywords until it answers again; it is checked in the background.",
  },
  ollamaUnreachable: {
    kind: "error",
    code: "OLLAMA_UNREACHABLE",
    template: "Can't reach Ollama at {url}. Is it running? Start it with `ollama serve`, and check {setting:ollamaUrl} in settings.",
  },
  ollamaBadResponse: {
    kind: "error",
    code: "OLLAMA_BAD_RESPONSE",
    template: "Ollama at {url} sent an answer to {endpoint} that could not be read. Check {setting:ollamaUrl} in settings, and update Ollama if it is old.",
  },
  ollamaModelMissing: { kind: "error", code: "OLLAMA_MODEL_MISSING", template: "Model {model} is not installed. Run `ollama pull {model}`." },
  ollamaNotEmbeddingModel: {
    kind: "error",
    code: "OLLAMA_NOT_EMBEDDING_MODEL",
    template: "Model {model} can't make embeddings. Pick an embedding model such as nomic-embed-text.",
  },
  ollamaCantGenerate: {
    kind: "error",
    code: "OLLAMA_HTTP",
    template:
      "Model {model} can't write text. Pick one such as llama3.2 under {setting:hydeModel} in settings, or turn off {setting:hydeEnabled}.",
  },
  ollamaContextTooLong: {
    kind: "error",
    code: "OLLAMA_HTTP",
    template: "The text sent to {model} is longer than its context window. Lower {setting:maxTokens} in settings; the index is then rebuilt.",
  },
  ollamaTooOld: { kind: "error", code: "OLLAMA_TOO_OLD", template: "This Ollama is too old: /api/embed is missing. Update Ollama to 0.3 or later." },
  ollamaServerFailed: {
    kind: "error",
    code: "OLLAMA_HTTP",
    template: "Ollama failed on {endpoint}{tries}: {reason}. Check the Ollama log, or restart Ollama.",
  },
  ollamaRefused: {
    kind: "error",
    code: "OLLAMA_HTTP",
    template:
      "Ollama at {url} refused {endpoint} (HTTP {status}: {reason}). Check {setting:ollamaUrl}, {setting:embedModel} and {setting:hydeModel} in settings.",
  },
  ollamaBadUrl: { kind: "error", code: "BAD_INPUT", template: '"{url}" is not a valid Ollama URL. Use one like {example}.' },
  ollamaNoQueryVector: { kind: "error", code: "OLLAMA_BAD_RESPONSE", template: "Ollama returned no vector for the query." },
  dimensionMismatch: {
    kind: "error",
    code: "OLLAMA_DIMENSION_MISMATCH",
    template: "Model {model} returned vectors of size {got}, but {expected} was expected. If you changed {setting:embedModel}, rebuild the index.",
  },
  ollamaChainDown: {
    kind: "error",
    code: "OLLAMA_UNREACHABLE",
    template:
      "No Ollama server with model {model} answers. {tried} Start Ollama at {first}, or add a server that has {model} under {setting:ollamaFallbacks}.",
  },
  ollamaOnlyOtherModel: {
    kind: "error",
    code: "OLLAMA_UNREACHABLE",
    template:
      "Only Ollama at {url} answers, and it serves {other}, not {model} that this index was built with (vectors of two models never mix). Run `ollama pull {model}` there, or start Ollama at {first}.",
  },
  noEmbeddingModel: {
    kind: "error",
    code: "OLLAMA_UNREACHABLE",
    template: "No embedding model is set up. Pick one under {setting:embedModel} in settings.",
  },
  hydeEmptyQuery: { kind: "error", code: "BAD_INPUT", template: "Type a query to search for." },
  hydeEmptyPassage: {
    kind: "error",
    code: "OLLAMA_BAD_RESPONSE",
    template: "Model {model} wrote an empty passage. Pick another one under {setting:hydeModel} in settings.",
  },
  rerankNoLogprobs: {
    kind: "error",
    code: "OLLAMA_NO_LOGPROBS",
    template:
      "Ollama at {url} gave no token probabilities for {model}, which the rerank needs. Update Ollama to 0.12.11 or later, or pick another model under {setting:rerankModel} in settings.",
  },
  rerankNotGenerative: {
    kind: "error",
    code: "RERANK_MODEL_UNFIT",
    template: "Model {model} can't judge relevance: it does not write text. Pick one such as qwen3:0.6b under {setting:rerankModel} in settings.",
  },
  rerankNotYesNo: {
    kind: "error",
    code: "RERANK_MODEL_UNFIT",
    template: "Model {model} did not answer yes or no. Pick an instruction model such as qwen3:0.6b under {setting:rerankModel} in settings.",
  },
  indexCorrupt: {
    kind: "error",
    code: "INDEX_CORRUPT",
    template: "The saved search index is damaged or incomplete, so it will be rebuilt from your notes.",
  },
  indexFormatChanged: {
    kind: "error",
    code: "INDEX_MISMATCH",
    template: "The search index was saved in an older or newer file format, so it will be rebuilt from your notes.",
  },
  indexSettingsChanged: { kind: "error", code: "INDEX_MISMATCH", template: "The search index will be rebuilt because {changes}." },
  indexInconsistent: {
    kind: "error",
    code: "BAD_INPUT",
    template: "Can't save the search index: it is inconsistent. Please report this as a bug.",
  },
  fileUnreadable: { kind: "error", code: "IO", template: "Can't read {path}. Check that the file is readable." },
  fileUnwritable: { kind: "error", code: "IO", template: "Can't write {path}. Check that the folder is writable and the disk is not full." },
  fileUncreatable: { kind: "error", code: "IO", template: "Can't create {path}. Check that the folder is writable." },
  fileUnmovable: { kind: "error", code: "IO", template: "Can't move {from} to {to}. Check that the folder is writable." },
  fileUndeletable: { kind: "error", code: "IO", template: "Can't delete {path}. Check that the folder is writable." },
  embedShortAnswer: {
    kind: "error",
    code: "OLLAMA_BAD_RESPONSE",
    template: "The embedding model returned too few or empty vectors. Pick another one under {setting:embedModel} in settings.",
  },
  embedCrashed: {
    kind: "error",
    code: "OLLAMA_BAD_RESPONSE",
    template: "Embedding stopped on an unexpected error. The notes stay keyword-searchable and are embedded again on the next change; please report this as a bug if it repeats.",
  },
  syncCrashed: {
    kind: "error",
    code: "BAD_INPUT",
    template: "Indexing stopped on an unexpected error. Reload the plugin (or run the command again) to resume; please report this as a bug.",
  },
  notesNotIndexed: {
    kind: "error",
    code: "NOTE_NOT_INDEXED",
    template:
      "{count} note(s) could not be indexed, so search can't find them: {names}. They are tried again when they change; please report this as a bug, with the language the notes are written in.",
  },
  requestFailed: {
    kind: "error",
    code: "UNEXPECTED",
    template: "{request} failed on an unexpected error ({reason}). Nothing was changed; please report this as a bug.",
  },
  vaultMissing: { kind: "error", code: "BAD_INPUT", template: "The vault folder {path} does not exist. Check the --vault path." },
  vaultNotFolder: { kind: "error", code: "BAD_INPUT", template: "--vault must be a folder, but {path} is a file." },
  vaultUnreadable: { kind: "error", code: "IO", template: "Can't read the vault folder {path}. Check that the path is right and readable." },
  vaultNoteUnreadable: { kind: "error", code: "IO", template: "Can't read {path} in {vault}. Check that it exists and is readable." },
  pathOutsideVault: { kind: "error", code: "BAD_INPUT", template: "The path {path} is outside the vault folder {vault}." },
  getPastLineEnd: {
    kind: "error",
    code: "BAD_INPUT",
    template: "fromChar {fromChar} is past the end of line {line}, which has {length} characters. Give a smaller fromChar, or the next line.",
  },
  noteBinary: {
    kind: "error",
    code: "BAD_INPUT",
    template: "{path} is not text: it holds NUL bytes, like an image or a database renamed .md. It was not indexed and can't be read as a note.",
  },
  noteLinksOutside: { kind: "error", code: "BAD_INPUT", template: "The note {path} links to a file outside the vault; it can't be read." },
  noteIsLink: {
    kind: "error",
    code: "BAD_INPUT",
    template: "The note {path} is a symbolic link, or inside a linked folder; links are not followed. Read the note it points to instead.",
  },
  badNotePath: {
    kind: "error",
    code: "BAD_INPUT",
    template: 'The path "{path}" {why}. Give a note path relative to the vault, such as "Projects/Plan.md".',
  },
  noteGone: { kind: "error", code: "IO", template: "The note {path} is no longer in the vault." },
  // The CLI's command line (src/cli/args.ts).
  cliArgsInvalid: { kind: "error", code: "BAD_INPUT", template: "{problem}. Run with --help for the options." },
  cliUnknownCommand: {
    kind: "error",
    code: "BAD_INPUT",
    template: 'Unknown command "{command}". Use "index", "search", "watch" or "mcp", or run with --help.',
  },
  cliVaultMissing: { kind: "error", code: "BAD_INPUT", template: "Missing --vault DIR: the folder of the vault to {command}." },
  cliConfigDirInvalid: { kind: "error", code: "BAD_INPUT", template: "--config-dir must be a folder name inside the vault, such as {example}." },
  cliMcpOnly: { kind: "error", code: "BAD_INPUT", template: '--http and --watch belong to "mcp".' },
  cliMcpNotWatch: { kind: "error", code: "BAD_INPUT", template: '--http, --watch and --rerank belong to "mcp", not "watch".' },
  cliNoQueryWanted: { kind: "error", code: "BAD_INPUT", template: '"{command}" takes no query, but got "{words}".' },
  cliSearchOnly: { kind: "error", code: "BAD_INPUT", template: '--mode, --limit, --json, --hyde and --rerank belong to "search", not "{command}".' },
  cliQueryMissing: { kind: "error", code: "BAD_INPUT", template: 'Missing the query, e.g. search --vault DIR "postgres backup".' },
  cliModeUnknown: { kind: "error", code: "BAD_INPUT", template: 'Unknown --mode "{mode}". Use hybrid, keyword or semantic.' },
  cliSemanticNeedsModel: {
    kind: "error",
    code: "BAD_INPUT",
    template: "--mode semantic needs embeddings: add --ollama URL --model NAME, or use --mode keyword.",
  },
  cliLimitInvalid: { kind: "error", code: "BAD_INPUT", template: '--limit must be a whole number of at least 1, not "{limit}".' },
  cliHydeNeedsModel: {
    kind: "error",
    code: "BAD_INPUT",
    template: "--hyde MODEL needs --ollama URL --model NAME and a hybrid or semantic search.",
  },
  cliRerankNeedsModel: { kind: "error", code: "BAD_INPUT", template: "--rerank needs a model name, e.g. --rerank qwen3:0.6b." },
  cliOllamaNeedsModel: { kind: "error", code: "BAD_INPUT", template: "--ollama needs --model NAME too, e.g. --model nomic-embed-text." },
  cliOllamaNotUrl: { kind: "error", code: "BAD_INPUT", template: '--ollama "{url}" is not a URL. Use e.g. http://127.0.0.1:11434.' },
  cliExtraBlank: { kind: "error", code: "BAD_INPUT", template: "--extra needs a folder: --extra DIR." },
  cliIndexDirBlank: { kind: "error", code: "BAD_INPUT", template: "--index-dir needs a folder: --index-dir DIR." },
  extraMissing: { kind: "error", code: "BAD_INPUT", template: "The extra folder {path} does not exist. Check the --extra path, or {setting:extraFolders} in the plugin's settings." },
  extraNotFolder: { kind: "error", code: "BAD_INPUT", template: "The extra folder {path} is a file; give a folder." },
  extraOverlaps: {
    kind: "error",
    code: "BAD_INPUT",
    template: "The extra folder {path} overlaps {other}: its notes would be indexed twice. Give folders outside the vault and outside each other.",
  },
  cliHttpPortInvalid: { kind: "error", code: "BAD_INPUT", template: '--http must be a port number from 1 to 65535, not "{port}".' },
  readerKeepsIndexModel: {
    kind: "notice",
    code: "READER_MODEL_MISMATCH",
    template:
      "Read-only: {writer} writes this index with {saved}, so this run searches with {saved} instead of {asked} and embeds nothing of the vault. To move the index to {asked}, change the model where it is written.",
  },
  readOnlyKeepsIndexModel: {
    kind: "notice",
    code: "READER_MODEL_MISMATCH",
    template:
      "Read-only: the saved index was built with {saved}, so this run searches with {saved} instead of {asked} and embeds nothing of the vault. To move the index to {asked}, run index with --model {asked}, or change {setting:embedModel} in the plugin's settings.",
  },
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
} as const satisfies Record<string, MessageSpec>;

interface MessageSpec {
  kind: "error" | "notice" | "note" | "status";
  code: string;
  template: string;
}

/** Which message. */
export type MessageId = keyof typeof MESSAGES;

type Entry = (typeof MESSAGES)[MessageId];

/** Codes of the failures an `AppError` carries. */
export type AppErrorCode = Extract<Entry, { kind: "error" }>["code"];

/** Codes of search notices. */
export type NoticeCode = Extract<Entry, { kind: "notice" }>["code"];

/** Codes of note warnings. */
export type NoteWarningCode = Extract<Entry, { kind: "note" }>["code"];
