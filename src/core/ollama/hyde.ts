import { err, ok, type Result } from "../result";
import { LruMap } from "./lru-map";
import type { OllamaClient } from "./ollama-client";
import { failure } from "../errors/messages";
import { canonicalModelName } from "./model-name";

export interface HydeOptions {
  /** Generation model that writes the hypothetical passage, e.g. "llama3.2". */
  model: string;
  /** Prompt with a `{query}` placeholder. Default: DEFAULT_HYDE_PROMPT (a 2-4 sentence passage answering the query). */
  promptTemplate?: string;
  /** Time limit for one generation, in ms. Default 15000. */
  timeoutMs?: number;
  /** Passages remembered, one per distinct query; 0 turns the cache off. Default 200. */
  cacheSize?: number;
  /** Generation options passed to Ollama. Default { temperature: 0, num_predict: 200 }: repeatable and short. */
  generationOptions?: Record<string, unknown>;
}

export const DEFAULT_HYDE_PROMPT =
  "Write a short passage of 2 to 4 sentences that answers the search query below, the way a note about it would. " +
  "Write only the passage, with no preamble.\n\nQuery: {query}\n\nPassage:";

/**
 * Writes hypothetical answer passages (HyDE) for queries through /api/generate, with a timeout and a per-query
 * cache. Failures are returned, never cached, so the next search tries again; the caller degrades to the
 * ordinary lists.
 */
export class HydeGenerator {
  readonly model: string;
  private readonly template: string;
  private readonly timeoutMs: number;
  private readonly options: Record<string, unknown>;
  private readonly cache: LruMap<string, string> | undefined;

  constructor(
    private readonly client: OllamaClient,
    opts: HydeOptions,
  ) {
    this.model = canonicalModelName(opts.model);
    this.template = opts.promptTemplate ?? DEFAULT_HYDE_PROMPT;
    this.timeoutMs = opts.timeoutMs ?? 15_000;
    this.options = opts.generationOptions ?? { temperature: 0, num_predict: 200 };
    const size = opts.cacheSize ?? 200;
    this.cache = size > 0 ? new LruMap(size) : undefined;
  }

  /** The prompt sent for `query`; a template without `{query}` gets the query appended. */
  prompt(query: string): string {
    return this.template.includes("{query}")
      ? this.template.split("{query}").join(query)
      : `${this.template}\n\n${query}`;
  }

  async generate(query: string, signal?: AbortSignal): Promise<Result<string>> {
    const key = query.trim().replace(/\s+/g, " ");
    if (key === "") return err(failure("hydeEmptyQuery"));
    const cached = this.cache?.get(key);
    if (cached !== undefined) return ok(cached);
    const result = await this.client.generate(this.model, this.prompt(key), {
      signal,
      timeoutMs: this.timeoutMs,
      options: this.options,
    });
    if (!result.ok) return result;
    const passage = cleanPassage(result.value);
    if (passage === "") {
      return err(failure("hydeEmptyPassage", { model: this.model }));
    }
    this.cache?.set(key, passage);
    return ok(passage);
  }
}

/** Reasoning models may put their chain of thought inline; only the answer should be embedded. */
function cleanPassage(text: string): string {
  return text
    .replace(/<think>[\s\S]*?<\/think>/g, "")
    .replace(/^\s*Passage:\s*/i, "")
    .trim();
}
