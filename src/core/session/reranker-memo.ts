import type { OllamaClient } from "../ollama/ollama-client";
import { OllamaRelevanceJudge } from "../ollama/relevance-judge";
import { Reranker } from "../search/reranker";
import type { PluginSettings } from "../settings/plugin-settings";

/** The session's reranker, made again only when the model, the Ollama URL or the candidate count change. */
export class RerankerMemo {
  private held: { key: string; reranker: Reranker } | undefined;

  /** The reranker for `model` (default: the settings'); `client` makes a client for the settings' server. */
  for(s: PluginSettings, client: () => OllamaClient, model?: string): Reranker {
    const name = (model ?? s.rerank.model).trim();
    const key = `${s.ollamaUrl}\u0000${name}\u0000${s.rerank.candidates}`;
    if (this.held?.key !== key) {
      const judge = name === "" ? undefined : new OllamaRelevanceJudge(client(), { model: name });
      this.held = { key, reranker: new Reranker(judge, { candidates: s.rerank.candidates }) };
    }
    return this.held.reranker;
  }
}
