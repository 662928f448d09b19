import { failure } from "../errors/messages";
import { err, ok, type Result } from "../result";
import { estimateTokens, truncateToTokens } from "../text/token-estimate";
import { canonicalModelName } from "./model-name";
import type { OllamaClient } from "./ollama-client";
import { yesProbability } from "./yes-probability";

/** Asks how relevant documents are to a query, as P(yes) from 0 to 1 each. The reranker only sees this. */
export interface RelevanceJudge {
  readonly model: string;
  /** P(yes) per document, in order; one failure fails the whole call (the caller keeps the fused order). */
  judge(query: string, documents: readonly string[], signal?: AbortSignal): Promise<Result<number[]>>;
}

export interface OllamaJudgeOptions {
  /** Ollama generation model that answers yes or no, e.g. "qwen3:0.6b". Required. */
  model: string;
  /** Time limit of one question, in ms. Default 15000: a model loading from disk answers its first one slowly. */
  timeoutMs?: number;
  /** Questions in flight at once. Default 4 (see DEFAULT_PARALLEL). */
  parallel?: number;
}

/**
 * Ollama's OLLAMA_NUM_PARALLEL defaults to 4 (or 1 on small memory): more requests at once only queue inside the
 * server, where an aborted search can no longer take them back.
 */
const DEFAULT_PARALLEL = 4;
/**
 * The window assumed when neither the model nor its `num_ctx` says: Ollama's own default context for a generation
 * model. Sending more is not refused, it is cut from the front, which would drop the question.
 */
const DEFAULT_WINDOW_TOKENS = 2048;
/** Share of the window the prompt may fill: the token estimate is not the model's tokenizer. */
const WINDOW_SAFETY = 0.8;

/** The question. The judge reads the last `Query:` and `Document:` lines, so the document goes last. */
export function judgePrompt(query: string, document: string): string {
  return (
    "Judge whether the document answers the search query or is about what it asks for. Answer only yes or no.\n\n" +
    `Query: ${query.replace(/\s+/g, " ").trim()}\n\nDocument: ${document}`
  );
}

/**
 * Yes/no relevance questions to an Ollama generation model through /api/generate with `logprobs`, read as P(yes).
 * Each document is cut to fit the model's window first (Ollama ignores `truncate` and would cut the prompt's start).
 * A model that can't write text, an answer without token probabilities, a timeout or an HTTP error come back as
 * coded errors.
 */
export class OllamaRelevanceJudge implements RelevanceJudge {
  readonly model: string;
  private readonly timeoutMs: number;
  private readonly parallel: number;
  private shape: { windowTokens: number; thinks: boolean } | undefined;

  constructor(
    private readonly client: OllamaClient,
    opts: OllamaJudgeOptions,
  ) {
    this.model = canonicalModelName(opts.model);
    this.timeoutMs = opts.timeoutMs ?? 15_000;
    this.parallel = Math.max(1, opts.parallel ?? DEFAULT_PARALLEL);
  }

  async judge(query: string, documents: readonly string[], signal?: AbortSignal): Promise<Result<number[]>> {
    const shape = await this.modelShape(signal);
    if (!shape.ok) return shape;
    const budget = Math.floor(shape.value.windowTokens * WINDOW_SAFETY) - estimateTokens(judgePrompt(query, ""));
    const prompts = documents.map((d) => judgePrompt(query, truncateToTokens(d, Math.max(16, budget))));
    const out: (number | undefined)[] = new Array<number | undefined>(prompts.length);
    let failed: Result<never> | undefined;
    let next = 0;
    const worker = async (): Promise<void> => {
      while (failed === undefined && next < prompts.length && !signal?.aborted) {
        const i = next++;
        const asked = await this.ask(prompts[i] ?? "", shape.value.thinks, signal);
        if (!asked.ok) failed ??= asked;
        else out[i] = asked.value;
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.parallel, prompts.length) }, worker));
    if (failed) return failed;
    if (signal?.aborted) return err(failure("ollamaAborted"));
    // A model that never says yes or no is unfit; one odd answer among many only counts as undecided.
    if (prompts.length > 0 && out.every((p) => p === undefined)) return err(failure("rerankNotYesNo", { model: this.model }));
    return ok(out.map((p) => p ?? 0.5));
  }

  /** One question; ok(undefined) when the answer is neither yes nor no. */
  private async ask(prompt: string, thinks: boolean, signal?: AbortSignal): Promise<Result<number | undefined>> {
    const answered = await this.client.generateBody(
      this.model,
      {
        prompt,
        logprobs: true,
        top_logprobs: 5,
        // A thinking model would spend its tokens thinking; the answer must be the first token.
        ...(thinks ? { think: false } : {}),
        options: { temperature: 0, num_predict: 2 },
      },
      { ...(signal ? { signal } : {}), timeoutMs: this.timeoutMs },
    );
    if (!answered.ok) return answered;
    const reading = yesProbability(answered.value);
    if (reading === "no-logprobs") return err(failure("rerankNoLogprobs", { url: this.client.baseUrl, model: this.model }));
    return ok(reading === "not-yes-no" ? undefined : reading.p);
  }

  /** The model's window and whether it thinks, asked once from /api/show; an embedding-only model is refused here. */
  private async modelShape(signal?: AbortSignal): Promise<Result<{ windowTokens: number; thinks: boolean }>> {
    if (this.shape) return ok(this.shape);
    const shown = await this.client.showModel(this.model, signal);
    if (!shown.ok) return shown;
    const caps = shown.value.capabilities;
    if (caps.length > 0 && !caps.includes("completion")) return err(failure("rerankNotGenerative", { model: this.model }));
    const windowTokens = Math.min(shown.value.contextLength ?? DEFAULT_WINDOW_TOKENS, shown.value.numCtx ?? DEFAULT_WINDOW_TOKENS);
    this.shape = { windowTokens, thinks: caps.includes("thinking") };
    return ok(this.shape);
  }
}
