import type { ChunkIndex } from "../index/chunk-index";
import type { Embedder } from "../ollama/embedder";
import type { HydeGenerator } from "../ollama/hyde";
import type { AppError, Result } from "../result";
import type { ListName, SearchMode } from "../types";
import type { RankedList } from "./fusion";
import { filterMissNotices } from "./filter-misses";
import { createNoteFilter, type NoteFilter } from "./note-filter";
import { hasFilters } from "./query-filter";
import { candidateNotes, readNotesDeep, readNotesDeepSync, type ListFilter } from "./note-depth";
import { assembleResults } from "./result-assembly";
import { textFilteredVectorHits } from "./text-filter-scan";
import { parseQuery, type ParsedQuery } from "./query-parser";
import { DEFAULT_SEARCH_OPTIONS, type ListWeights, type SearchOptions } from "./search-options";
import type { SearchNotice, SearchResponse } from "./search-result";
import { scaledWeights, type Calibration } from "./weight-calibration";
import { failure, messageText } from "../errors/messages";
import type { NoteSignalSource } from "./note-signals";
import { scoreAdjuster } from "./score-signals";
import { newestFirst, signalNotices, supersededPaths, withNoteSignals, withSignals } from "./signal-search";
import type { SignalMask } from "./note-signals";

/** One search. */
export interface SearchRequest {
  /** What the user typed, with the query syntax (`"phrase"`, `-word`, `path:`, `tag:`, `modified:`, `created:`). */
  query: string;
  /** Default "hybrid". */
  mode?: SearchMode;
  /** Notes to return. Default: the options' limit. */
  limit?: number;
  /** Aborts the embedding and HyDE calls; the response then has `aborted: true`. */
  signal?: AbortSignal;
  /** Treat the last word as a prefix, for search as you type. Default false. */
  prefixLast?: boolean;
  /** A query vector computed elsewhere (benchmarks, tests); the embedder is then not called. */
  queryVector?: Float32Array;
  /** A HyDE passage vector computed elsewhere; HyDE generation is then not called. */
  hydeVector?: Float32Array;
  /** Include notes marked superseded (`superseded_by`, or a status of `supersededStatuses`). Default false. */
  includeSuperseded?: boolean;
  /** The time ages in date filters (`modified:<30d`) and the recency boost count from, ms. Default: the clock. */
  now?: number;
}

/** What the engine searches with. The embedder and HyDE are optional: without them search is keyword-only. */
export interface SearchEngineDeps {
  index: ChunkIndex;
  embedder?: Embedder;
  hyde?: HydeGenerator;
  /**
   * Awaited between slices of a vector scan (a few thousand vectors each), so that typing goes on while a large
   * index is scanned; typically a promise that settles on the next macrotask. Default none: the scan runs in one go.
   */
  pause?: () => Promise<void>;
  /**
   * The record of notes the index was built from (the synced index's notes): their dates and frontmatter status,
   * for date filters, superseded notes and recency. Default none: those filter nothing and boost nothing.
   */
  notes?: NoteSignalSource;
}

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
    if (req.signal?.aborted) return { ...this.respond(r, req, mode, [], notices), aborted: true };
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
      const list = await this.vectorList(name, vector, r, req.signal);
      if (!list) return { ...this.respond(r, req, mode, [], notices), aborted: true };
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
      wanted: notes,
      indexSize: index.size,
    });
    return { q, filter: signals.filter, notes, share: signals.share, mask: signals.mask, now };
  }

  private bm25List(r: Retrieval, req: SearchRequest): RankedList {
    const q = r.q;
    const boost = q.isKeywordLike && Number.isFinite(this.options.keywordQueryBoost) ? this.options.keywordQueryBoost : 1;
    const weight = this.effectiveWeights().bm25 * Math.max(boost, 0);
    if (q.isEmpty) return { name: "bm25", weight, ids: this.filterOnlyIds(r) };
    // A boosted phrase's words count once more, as a repeated query word does.
    const text = [q.text, ...q.boostedPhrases].join(" ");
    // Chunks beyond those a result shows only matter to hybrid fusion within a note; the cap keeps one read enough.
    const chunksPerNote = Math.max(1, this.options.chunksPerNote);
    const opts = { prefixLast: req.prefixLast ?? false, maxEdits: this.options.typoTolerance, chunksPerNote };
    // A list read whole need not check the word order of notes the filter drops (see `keepsNote`).
    const keepsNote = r.filter?.pass;
    const whole = (limit: number) => keepsNote !== undefined && limit >= this.deps.index.size;
    const read = (limit: number) => this.deps.index.keywordSearch(text, { ...opts, limit, ...(whole(limit) ? { keepsNote } : {}) });
    // A filter may keep few notes, and a keyword search costs about the same at any depth: a filtered list is read
    // whole at once (counting the notes a path: or tag: filter keeps cost more than it saved, measured by bench:mcp).
    const hits = readNotesDeepSync(read, r.notes, chunksPerNote, this.listFilter(r.filter, r.share));
    return { name: "bm25", weight, ids: hits.map((h) => h.id) };
  }

  /** One vector list, scanned in slices when the engine has a `pause`; undefined when `signal` aborted meanwhile. */
  private async vectorList(
    name: ListName,
    vector: Float32Array,
    r: Retrieval,
    signal?: AbortSignal,
  ): Promise<RankedList | undefined> {
    const similarity = this.options.similarity;
    // `path:` and `tag:` filters mask the scan itself; phrases and exclusions are checked on the hits, best first.
    const allowNote = r.filter?.place;
    const opts = { similarity, ...(allowNote ? { allowNote } : {}) };
    const index = this.deps.index;
    // A filter that reads note text: see text-filter-scan.ts.
    const steps = r.filter?.readsText
      ? textFilteredVectorHits(index, vector, similarity, r.notes, r.filter)
      : readNotesDeep((limit: number) => index.vectorSearchSteps(vector, { ...opts, limit }), r.notes, undefined, this.listFilter(r.filter, 1));
    const pause = this.deps.pause;
    let step = steps.next();
    while (!step.done) {
      if (pause) await pause();
      if (signal?.aborted) return undefined;
      step = steps.next();
    }
    return { name, weight: this.effectiveWeights()[name], ids: step.value.map((h) => h.id) };
  }

  private listFilter(filter: NoteFilter | undefined, share: number): ListFilter | undefined {
    return filter ? { keep: filter.pass, share } : undefined;
  }

  /** Only filters were typed: list the matching notes by title, each represented by its first chunk. */
  private filterOnlyIds(r: Retrieval): string[] {
    const pass = r.filter?.pass;
    // Hiding superseded notes alone is no filter the user typed: an empty query lists nothing.
    if (!pass || (!hasFilters(r.q) && r.q.dates.length === 0)) return [];
    const index = this.deps.index;
    const firsts: { id: string; title: string; path: string }[] = [];
    for (const path of index.notePaths()) {
      const id = index.chunkIdsOf(path)[0];
      const entry = id === undefined ? undefined : index.entry(id);
      if (id !== undefined && entry && pass(path)) firsts.push({ id, title: entry.title.toLowerCase(), path });
    }
    const byTitle = firsts.sort((a, b) => a.title.localeCompare(b.title));
    // `modified:<7d` alone asks for recent notes: the newest come first.
    const idOf = new Map(byTitle.map((f) => [f.path, f.id]));
    return newestFirst(byTitle.map((f) => f.path), r.q, this.deps.notes).map((p) => idOf.get(p) ?? "");
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

/** One search's parsed query, its compiled note filter (if it has filters) and how deep each list is read. */
interface Retrieval {
  q: ParsedQuery;
  filter: NoteFilter | undefined;
  /** Distinct notes each list is read to (see `candidateNotes`); with filters, notes that pass them. */
  notes: number;
  /** The share of a list's notes the filter is expected to keep (see `ListFilter.share`). */
  share: number;
  /** The date and superseded mask, when the search has one. */
  mask: SignalMask | undefined;
  /** The time ages count from, ms since the epoch. */
  now: number;
}

function noEmbedder(): AppError {
  return failure("noEmbeddingModel");
}

/** The notice for a search that failed on an unexpected error `cause`. */
export function searchFailedNotice(cause: unknown): SearchNotice {
  const reason = cause instanceof Error ? cause.message : String(cause);
  return { code: "SEARCH_FAILED", message: messageText("searchFailed", { reason }) };
}

/** The answer to a search that failed on an unexpected error: no results, and a notice that says so. */
export function failedSearch(req: SearchRequest, mode: SearchMode, cause: unknown): SearchResponse {
  return { query: parseQuery(req.query), mode, effectiveMode: mode, results: [], notices: [searchFailedNotice(cause)], lists: {}, aborted: false };
}
