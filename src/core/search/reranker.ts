import { messageText } from "../errors/messages";
import type { RelevanceJudge } from "../ollama/relevance-judge";
import { blendByPosition } from "./rerank-blend";
import { rerankGate, type GateSkip } from "./rerank-gate";
import type { NoteResult, RerankOutcome, SearchNotice, SearchResponse } from "./search-result";

/** Notes reranked by default, and the range the setting allows. */
export const DEFAULT_RERANK_CANDIDATES = 20;

export interface RerankerOptions {
  /** The fused top notes sent to the judge; the rest keep their place below them. Default 20. */
  candidates?: number;
}

/** How often the rerank ran, was skipped by the quality gate (by reason) or failed, since the reranker was made. */
export interface RerankStats {
  asked: number;
  reranked: number;
  failed: number;
  skipped: Record<GateSkip, number>;
}

const SKIP_REASONS: Record<GateSkip, string> = {
  lead: "the top result is far ahead of the next",
  title: "the top result's title is the query",
  few: "fewer than two results",
};

/** What the judge reads of a note: where the passage sits (title > headings), then the passage. */
function documentOf(r: NoteResult): string {
  return `${r.best.headingPath.join(" > ") || r.title}\n${r.best.text}`;
}

/**
 * Reorders the fused top of a search response by a relevance judge's P(yes), blended by position with the fused
 * score (see rerank-blend.ts), unless the quality gate finds fusion already sure (see rerank-gate.ts). Never throws
 * and never loses a result: a judge that fails leaves the fused order, with a notice that says why and what to do.
 */
export class Reranker {
  readonly stats: RerankStats = { asked: 0, reranked: 0, failed: 0, skipped: { lead: 0, title: 0, few: 0 } };
  readonly candidates: number;

  constructor(
    /** Undefined when no rerank model is set: every rerank then says so. */
    readonly judge: RelevanceJudge | undefined,
    opts: RerankerOptions = {},
  ) {
    this.candidates = Math.max(1, Math.floor(opts.candidates ?? DEFAULT_RERANK_CANDIDATES));
  }

  /**
   * `response` reranked. An aborted `signal` answers the fused response with `aborted: true`. A query of filters
   * only, or a response already aborted, comes back as it was.
   */
  async rerank(response: SearchResponse, signal?: AbortSignal): Promise<SearchResponse> {
    if (response.aborted || response.query.text.trim() === "") return response;
    const model = this.judge?.model ?? "";
    if (!this.judge) {
      return withOutcome(response, { status: "failed", model, candidates: 0 }, { code: "RERANK_FAILED", message: messageText("rerankNoModel") });
    }
    this.stats.asked++;
    const skip = rerankGate(response.results, response.query.text);
    if (skip !== undefined) {
      this.stats.skipped[skip]++;
      const notice: SearchNotice = { code: "RERANK_SKIPPED", message: messageText("rerankSkipped", { why: SKIP_REASONS[skip] }) };
      return withOutcome(response, { status: "skipped", model, candidates: 0, skipped: skip }, notice);
    }
    const top = response.results.slice(0, this.candidates);
    const judged = await this.judge.judge(response.query.text, top.map(documentOf), signal);
    if (signal?.aborted) {
      this.stats.asked--;
      return { ...response, aborted: true };
    }
    if (!judged.ok) {
      this.stats.failed++;
      const notice: SearchNotice = { code: "RERANK_FAILED", message: messageText("rerankFailed", { reason: judged.error.message }), error: judged.error };
      return withOutcome(response, { status: "failed", model, candidates: 0 }, notice);
    }
    this.stats.reranked++;
    const blend = blendByPosition(top.map((r) => r.score), judged.value);
    const reordered = blend.order.map((i): NoteResult => {
      const r = top[i] as NoteResult;
      return { ...r, rerank: { relevance: judged.value[i] ?? 0, fusedRank: i + 1, blended: blend.scores[i] ?? 0 } };
    });
    const results = [...reordered, ...response.results.slice(top.length)];
    return { ...response, results, rerank: { status: "reranked", model, candidates: top.length } };
  }
}

function withOutcome(response: SearchResponse, outcome: RerankOutcome, notice: SearchNotice): SearchResponse {
  return { ...response, notices: [...response.notices, notice], rerank: outcome };
}
