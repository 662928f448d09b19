/** Messages about the CLI's command line, extra folders and a reader's model (see the error table, `error-table.ts`). */
export const CLI_MESSAGES = {
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
} as const;
