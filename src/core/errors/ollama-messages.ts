/** Messages about Ollama and its models: connection, embedding, HyDE and rerank failures (see the error table, `error-table.ts`). */
export const OLLAMA_MESSAGES = {
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
} as const;
