/** Text put in front of every input so an embedding model knows whether it sees a query or a document. */
export interface TaskPrefixes {
  /** Put before a search query, e.g. "search_query: ". */
  query: string;
  /** Put before an indexed passage (and a HyDE passage), e.g. "search_document: ". */
  document: string;
}

export const NO_PREFIXES: TaskPrefixes = { query: "", document: "" };

const RETRIEVAL_INSTRUCTION = "Represent this sentence for searching relevant passages: ";

/**
 * Prefixes that the model cards ask for, matched against the model's base name (no tag, no namespace, lower case).
 * First match wins, so the more specific patterns come first. Models not listed get no prefix.
 */
const KNOWN_PREFIXES: ReadonlyArray<readonly [RegExp, TaskPrefixes]> = [
  // nomic-embed-text v1, v1.5 and v2-moe all use the same task names.
  [/^nomic-embed-text/, { query: "search_query: ", document: "search_document: " }],
  [/^(mxbai-embed-large|mixedbread-ai-mxbai-embed-large)/, { query: RETRIEVAL_INSTRUCTION, document: "" }],
  // Arctic Embed 2.x switched to e5-style query prefixes; 1.x used the BGE-style instruction.
  [/^snowflake-arctic-embed2|^snowflake-arctic-embed-[ml]-v2/, { query: "query: ", document: "" }],
  [/^snowflake-arctic-embed/, { query: RETRIEVAL_INSTRUCTION, document: "" }],
  [/^(bge-(small|base|large)(-en)?(-v1\.5)?)$/, { query: RETRIEVAL_INSTRUCTION, document: "" }],
  // E5 instruct variants want a task instruction on queries only.
  [
    /e5-(small|base|large|mistral)[\w.-]*instruct/,
    { query: "Instruct: Given a web search query, retrieve relevant passages that answer the query\nQuery: ", document: "" },
  ],
  [/(^|-)e5-(small|base|large)/, { query: "query: ", document: "passage: " }],
  [/^embeddinggemma/, { query: "task: search result | query: ", document: "title: none | text: " }],
  [
    /^qwen3-embedding/,
    { query: "Instruct: Given a web search query, retrieve relevant passages that answer the query\nQuery:", document: "" },
  ],
];

/** "hf.co/nomic-ai/Nomic-Embed-Text-v1.5-GGUF:Q8_0" → "nomic-embed-text-v1.5-gguf". */
export function modelBaseName(model: string): string {
  const lastSegment = model.trim().toLowerCase().split("/").pop() ?? "";
  const colon = lastSegment.indexOf(":");
  return colon === -1 ? lastSegment : lastSegment.slice(0, colon);
}

/**
 * The prefixes to use for `model`. `overrides` (keyed by base name or full name) wins over the built-in table,
 * so a user can fix a model we don't know or disagree with.
 */
export function prefixesForModel(model: string, overrides: Readonly<Record<string, TaskPrefixes>> = {}): TaskPrefixes {
  const base = modelBaseName(model);
  const override = overrides[model] ?? overrides[base];
  if (override) return override;
  for (const [pattern, prefixes] of KNOWN_PREFIXES) {
    if (pattern.test(base)) return prefixes;
  }
  return NO_PREFIXES;
}
