import type { AppError, Result } from "../result";
import type { ListName, SearchMode } from "../types";
import type { RankedList } from "./fusion";
import { filterMissNotices } from "./filter-misses";
import { createNoteFilter } from "./note-filter";
import { candidateNotes } from "./note-depth";
import { assembleResults } from "./result-assembly";
import { parseQuery, type ParsedQuery } from "./query-parser";
import { DEFAULT_SEARCH_OPTIONS, type ListWeights, type SearchOptions } from "./search-options";
import type { SearchNotice, SearchResponse } from "./search-result";
import { scaledWeights, type Calibration } from "./weight-calibration";
import { failure, messageText } from "../errors/messages";
import { scoreAdjuster } from "./score-signals";
import { signalNotices, supersededPaths, withNoteSignals, withSignals } from "./signal-search";
import { bm25List, vectorList } from "./engine-lists";
import { failedSearch, type Retrieval, type SearchEngineDeps, type SearchRequest } from "./search-request";

export { failedSearch, searchFailedNotice, type SearchEngineDeps, type SearchRequest } from "./search-request";

/**
 * Runs BM25 and vector searches over the chunk index, adds a HyDE list when asked, and fuses them with weighted RRF
 * at note level. It never throws: an embedder that fails or times out makes the query fall back to keywords, and
 * the response says so.
 */
export class SearchEngine {
  private options: SearchOptions = DEFAULT_SEARCH_OPTIONS;
  private calibration: Calibration | undefined;

  constructor(private deps: SearchEngineDeps) {}

  setOptions(options: SearchOptions): void {
    this.options = options;
  }

  setDeps(deps: Partial<SearchEngineDeps>): void {
    this.deps = { ...this.deps, ...deps };
  }

  /** This index's calibration (see weight-calibration.ts); it scales the vector weights while `autoWeights` is on. */
  setCalibration(c: Calibration | undefined): void {
    this.calibration = c;
  }

  /** The weights fusion uses now. */
  effectiveWeights(): ListWeights {
    return this.options.autoWeights ? scaledWeights(this.options.weights, this.calibration) : this.options.weights;
  }

  /**
   * Paths of the notes marked superseded (`superseded_by`, or a status of `supersededStatuses`): related notes leave
   * them out, as search does by default.
   */
  supersededPaths(): string[] {
    return supersededPaths(this.deps.notes, this.options.supersededStatuses);
  }

  /** Keyword results only, synchronously: what the modal shows on each keystroke before embeddings arrive. */
  searchKeyword(req: SearchRequest): SearchResponse {
    try {
      const r = this.prepare(req);
      return this.respond(r, req, "keyword", [this.bm25List(r, req)], []);
    } catch (cause) {
      return failedSearch(req, "keyword", cause);
    }
  }

  /**
   * Runs a search. Never throws: an unexpected failure (a bug, code we don't own failing on this query) answers
   * with no results and a SEARCH_FAILED notice, so one query never breaks the modal or ends a server.
   */
  async search(req: SearchRequest): Promise<SearchResponse> {
    try {
      return await this.run(req);
    } catch (cause) {
      return failedSearch(req, req.mode ?? "hybrid", cause);
    }
  }

  private async run(req: SearchRequest): Promise<SearchResponse> {
    const mode = req.mode ?? "hybrid";
    const r = this.prepare(req);
    const q = r.q;
    if (mode === "keyword" || q.isEmpty) return { ...this.respond(r, req, "keyword", [this.bm25List(r, req)], []), mode };
    const notices: SearchNotice[] = [];
    const lists: RankedList[] = mode === "hybrid" ? [this.bm25List(r, req)] : [];
    const [queryVec, hydeVec] = await Promise.all([this.queryVector(q, req), this.hydeVector(q, req, notices)]);
    if (req.signal?.aborted) return abortedResponse(r, mode, notices);
    if (!queryVec.ok) {
      // HyDE failing for the same reason (Ollama stuck or down) would only say it twice.
      const hydeSame = notices.findIndex((n) => n.code === "HYDE_FAILED" && n.error?.code === queryVec.error.code);
      if (hydeSame >= 0 && ["OLLAMA_TIMEOUT", "OLLAMA_UNREACHABLE"].includes(queryVec.error.code)) notices.splice(hydeSame, 1);
      notices.push({ code: "KEYWORD_FALLBACK", message: messageText("keywordFallback", { reason: queryVec.error.message }), error: queryVec.error });
      const fallback = mode === "hybrid" ? lists : [this.bm25List(r, req)];
      return this.respond(r, req, "keyword", fallback, notices, mode);
    }
    if (this.deps.index.vectorCount === 0) {
      notices.push({ code: "NO_VECTORS", message: messageText("noVectorsYet") });
    }
    for (const [name, vector] of [["vector", queryVec.value], ["hyde", hydeVec]] as const) {
      if (!vector) continue;
      const list = await vectorList(this.deps, this.options, { name, vector, weight: () => this.effectiveWeights()[name] }, r, req.signal);
      if (!list) return abortedResponse(r, mode, notices);
      lists.push(list);
    }
    return this.respond(r, req, mode, lists, notices);
  }

  /** Parses the query and compiles its filters once, for every list of this search. */
  private prepare(req: SearchRequest): Retrieval {
    const now = req.now ?? Date.now();
    const q = parseQuery(req.query, now);
    const limit = req.limit ?? this.options.limit;
    // Filtered lists are read until they hold this many notes that pass, as unfiltered ones are read to this many notes.
    const notes = candidateNotes(limit, this.options.limit, this.options.depthFactor);
    const { index, notes: record } = this.deps;
    const signals = withSignals(createNoteFilter(index, q), q, record, {
      includeSuperseded: req.includeSuperseded ?? false,
      statuses: this.options.supersededStatuses,
    });
    return { q, filter: signals.filter, notes, mask: signals.mask, now };
  }

  private bm25List(r: Retrieval, req: SearchRequest): RankedList {
    const boost = r.q.isKeywordLike && Number.isFinite(this.options.keywordQueryBoost) ? this.options.keywordQueryBoost : 1;
    return bm25List(this.deps, this.options, r, req, this.effectiveWeights().bm25 * Math.max(boost, 0));
  }

  private async queryVector(q: ParsedQuery, req: SearchRequest): Promise<Result<Float32Array>> {
    if (req.queryVector) return { ok: true, value: req.queryVector };
    const embedder = this.deps.embedder;
    if (!embedder) return { ok: false, error: noEmbedder() };
    return embedder.embedQuery(q.text, req.signal);
  }

  private async hydeVector(q: ParsedQuery, req: SearchRequest, notices: SearchNotice[]): Promise<Float32Array | undefined> {
    if (req.hydeVector) return req.hydeVector;
    const { hyde, embedder } = this.deps;
    if (!this.options.hyde || !hyde || !embedder) return undefined;
    if (q.isKeywordLike && !this.options.hydeForKeywordQueries) {
      notices.push({ code: "HYDE_SKIPPED", message: messageText("hydeSkipped") });
      return undefined;
    }
    const passage = await hyde.generate(q.text, req.signal);
    const vec = passage.ok ? await embedder.embedDocuments([passage.value], req.signal) : passage;
    if (vec.ok && vec.value[0]) return vec.value[0];
    if (!vec.ok && !req.signal?.aborted) {
      notices.push({ code: "HYDE_FAILED", message: messageText("hydeFailed", { reason: vec.error.message }), error: vec.error });
    }
    return undefined;
  }

  private respond(
    r: Retrieval,
    req: SearchRequest,
    effectiveMode: SearchMode,
    lists: RankedList[],
    notices: SearchNotice[],
    mode: SearchMode = effectiveMode,
  ): SearchResponse {
    const q = r.q;
    const limit = req.limit ?? this.options.limit;
    const adjust = scoreAdjuster(this.options, this.deps.notes, r.now);
    const fused = assembleResults(this.deps.index, lists, { ...this.options, limit }, q.isEmpty ? undefined : adjust);
    const results = withNoteSignals(fused, this.deps.notes, this.deps.index, this.options);
    const weights: Partial<Record<ListName, number>> = {};
    for (const l of lists) weights[l.name] = l.weight;
    // Paths are OR-ed, so one that matches nothing may hide behind results of another; tags are AND-ed.
    const misses = results.length === 0 || q.paths.length > 1 ? filterMissNotices(this.deps.index, q) : [];
    const typing = req.prefixLast === true ? /\S+$/.exec(req.query)?.[0] : undefined;
    notices.push(...misses, ...signalNotices(q, r.mask, results, typing));
    // A filter that matches nothing explains the empty list better than other words would.
    const explained = misses.length > 0 || notices.some((n) => n.code === "DATE_NO_MATCH" || n.code === "SUPERSEDED_HIDDEN");
    const suggestion = results.length === 0 && !q.isEmpty && !explained ? this.deps.index.suggestQuery(q.text) : undefined;
    if (suggestion !== undefined) {
      notices.push({ code: "DID_YOU_MEAN", message: messageText("didYouMean", { suggestion }), suggestion });
    }
    return { query: q, mode, effectiveMode, results, notices, lists: weights, aborted: false };
  }
}

/**
 * The answer to a search aborted on its way (the next keystroke aborts the modal's full search): no results, and none
 * of the work an empty answer otherwise pays for. `respond` would look for filters that match nothing and correct
 * the words for a "did you mean" (12-26 ms at 10,000 notes, measured in bench:ui's page), for an answer nobody reads.
 */
function abortedResponse(r: Retrieval, mode: SearchMode, notices: SearchNotice[]): SearchResponse {
  return { query: r.q, mode, effectiveMode: mode, results: [], notices, lists: {}, aborted: true };
}

function noEmbedder(): AppError {
  return failure("noEmbeddingModel");
}
