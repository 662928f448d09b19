import { plainClauses, type Bm25Params, type Bm25Postings, type ClauseTerm, type FieldTerms, type QueryClause } from "./bm25-terms";
import { maskedDocumentFrequency, UNKNOWN_LANGUAGE } from "./language-masks";
import { clauseKey, type ClauseCache, type ClauseScores } from "./clause-cache";
import { notePassFor, type NotePass, type NoteScoring, type TermKind } from "./note-scores";
import { Accumulator, accumulatorsFor } from "./score-accumulator";
import { HitTable } from "./hit-table";
import { denseHits, worthDense, type CountedClause } from "./dense-hits";
import { termContext, type TermCache, type TermWalk } from "./term-cache";
import { TermLists, type FieldLists } from "./term-lists";

/** One chunk a BM25F search found. */
export interface Bm25Hit {
  /** Orama's internal id of the chunk. */
  id: number;
  /** What the list is ordered by: the chunk's note score when notes are scored, else `chunk`. */
  score: number;
  /** The chunk's own BM25F score. */
  chunk: number;
}

/**
 * Chunks matching any clause, best first. Without `notes` a chunk ranks by its own BM25F score. With it, each
 * note is also scored as one document in the same pass over the postings (see `NotePass`), and chunks rank by
 * their note's score plus `passageWeight` times the note's best chunk score ("document + best passage"), then by
 * their own score: a note's matching chunks come together (unless two notes tie), best first, so whatever reads
 * the list by first appearance ranks notes by that score. Ties go by chunk id.
 */
export function bm25Search(index: Bm25Postings, clauses: readonly QueryClause[], p: Bm25Params, notes?: NoteScoring): Bm25Hit[] {
  return topHits(scoreHits(index, clauses, p, notes), p.limit, p.perNote);
}

/** Every chunk a search matched, each with its final `score` (see `bm25Search`), in no order: read with `topHits`. */
export interface ScoredHits {
  /** The hits, ranked by `score`, then by chunk score, then by chunk id. */
  table: HitTable;
  /** When notes were scored (for `perNote`): the note ordinal of each internal id, and how many ordinals there are. */
  notes?: { noteOf: (internalId: number) => number; size: number };
}

/**
 * Scores every chunk matching any clause (see `bm25Search`), once: `topHits` then reads it at any depth, capped per
 * note or not, without going over the postings again. With `cache`, a clause scored before (for this index
 * revision, see `ClauseCache`) adds its kept scores instead of reading its postings; the sums come out the same,
 * added in the same order. `p.limit` and `p.perNote` are not used here. With `depth` (notes scored), the table is
 * read no deeper than that, capped per note or not: it may then leave out hits no such read lists (see `denseHits`).
 */
export function scoreHits(
  index: Bm25Postings,
  clauses: readonly QueryClause[],
  p: Bm25Params,
  notes?: NoteScoring,
  cache?: ClauseCache,
  depth?: number,
): ScoredHits {
  const external = index.ids;
  const size = external.length + 1;
  const [scores = new Accumulator(size), tfs = new Accumulator(size), best = new Accumulator(size)] = accumulatorsFor(size, 3);
  const pass = notes ? notePassFor(notes) : undefined;
  // A filter changes what a clause adds, and filtered searches are not typed key by key: those are not kept.
  const kept = p.where ? undefined : cache;
  const counted: CountedClause[] = [];
  // Without kept clauses, the lists are still looked up once per term for this search, not once per use.
  const lists = kept ? kept.lists : new TermLists();
  for (const clause of clauses) {
    const listsOf = lists.lookup(index, clause.props);
    // A term occurs when a searched field lists it: what `documentFrequency` (a list's length) tells, read off the lists.
    const occurs = (term: string): boolean => listsOf(term).some((list) => (list?.length ?? 0) > 0);
    const key = kept ? clauseKey(clause, occurs) : "";
    let scored = kept?.get(key);
    if (!scored) {
      const strict = kept && clause.terms.some((t) => t.cover) ? strictClause(clause) : undefined;
      const strictKey = strict ? clauseKey(strict, occurs) : "";
      scored = scoreClause(index, clause, p, pass, { tfs, best, listsOf }, kept?.terms, strict && strictKey !== key ? (s) => kept?.set(strictKey, s) : undefined);
      kept?.set(key, scored);
    }
    pass?.addClause(scored.noteIds, scored.noteScores, clause.count);
    counted.push({ scores: scored, count: clause.count });
  }
  const noteOf = (id: number): number => notes?.table.noteOf(id) ?? -1;
  if (pass && notes && worthDense(counted, size)) {
    const noteScores = pass.finish();
    const table = denseHits(counted, size, notes.table, noteScores, notes.passageWeight, external, depth);
    return { table, notes: { noteOf, size: noteScores.length } };
  }
  // The first word of a query is its only clause: its scores are the sums, read without adding them up.
  const only = counted.length === 1 && counted[0]?.count === 1 ? counted[0].scores : undefined;
  if (!only) {
    for (const { scores: { chunkIds, chunkScores }, count } of counted) {
      for (let k = 0; k < chunkIds.length; k++) scores.add(chunkIds[k] ?? 0, (chunkScores[k] ?? 0) * count);
    }
  }
  const drained = only ? { ids: only.chunkIds, values: only.chunkScores } : scores.drainToArrays();
  // Ties go by chunk id, not by Orama's internal id: that one depends on the order chunks were inserted in, and a
  // restored index must rank exactly like the one it was saved from.
  // With notes scored, every hit's score is its note's (set below): nothing to copy.
  const score = pass ? new Float64Array(drained.values.length) : Float64Array.from(drained.values);
  const table = new HitTable(drained.ids, score, drained.values, external);
  if (!pass || !notes) return { table };
  const noteScores = pass.finish();
  table.scoreNotes(noteOf, noteScores, notes.passageWeight);
  return { table, notes: { noteOf, size: noteScores.length } };
}

/** The `limit` best of `scored`, keeping at most `perNote` chunks of each note (default all). */
export function topHits(scored: ScoredHits, limit: number, perNote = Infinity): Bm25Hit[] {
  const { table, notes } = scored;
  const candidates = table.candidates(limit);
  const among = notes ? table.capPerNote(notes.noteOf, notes.size, perNote, candidates) : candidates;
  return table.top(limit, among).map((i) => ({ id: table.ids[i] ?? 0, score: table.score[i] ?? 0, chunk: table.chunk[i] ?? 0 }));
}

/**
 * A clause without its cover stems (see `ClauseTerm.cover`): what a misspelt word's clause scores in chunks that hold
 * no word close to what was typed (see `KeywordSearcher.search`).
 */
export function strictClause(clause: QueryClause): QueryClause {
  return { ...clause, terms: clause.terms.filter((t) => !t.cover) };
}

/**
 * One clause's pass over its terms' postings: what it adds to each chunk, and to each note when `pass` is given.
 * With `strict`, a clause with cover stems also hands it what `strictClause` of it scores, read off the same pass
 * before its cover stems are walked: a misspelt word's key otherwise scored its clause twice, its thousand completions
 * and all, once with those stems and once without.
 */
function scoreClause(
  index: Bm25Postings,
  clause: QueryClause,
  p: Bm25Params,
  pass: NotePass | undefined,
  { tfs, best, listsOf }: { tfs: Accumulator; best: Accumulator; listsOf: (term: string) => FieldLists },
  walks?: TermCache,
  strict?: (scores: ClauseScores) => void,
): ClauseScores {
  // `at`: the field's place in `clause.props`, where `listsOf` puts its list.
  const fields = clause.props.flatMap((prop, at) => {
    const postings = index.fields[prop];
    return postings ? [{ prop, at, postings, weight: p.boost[prop] ?? 1, avgLength: postings.averageLength || 1 }] : [];
  });
  const langs = p.chunkLanguages;
  const fieldsKey = walks ? fields.map((f) => `${f.prop}:${f.weight}`).join(",") : "";
  // The context of every term not masked by language, built once for the clause (see `TermCache`).
  const unmasked = walks ? termContext(undefined, fieldsKey, p.b, pass?.lengthNorm) : "";
  const dfOf = (t: ClauseTerm): number => {
    let df = 0;
    const lists = listsOf(t.term);
    for (const f of fields) {
      const n = t.languages && langs ? maskedDocumentFrequency(f.postings, t.term, t.languages, langs) : (lists[f.at]?.length ?? 0);
      df = Math.max(df, n);
    }
    return df;
  };
  // Each term's document frequency, by its place in `clause.terms`: a prefix has a thousand completions, and a Map
  // from term to frequency was a share of a key's time.
  const dfs = new Float64Array(clause.terms.length);
  for (let at = 0; at < dfs.length; at++) dfs[at] = dfOf(clause.terms[at] as ClauseTerm);
  const idfOf = (df: number): number => Math.log(1 + (p.docsCount - df + 0.5) / (df + 0.5));
  // Caps: a completion's idf at the clause's own terms', a correction's at those and the completions'.
  const kind = (t: ClauseTerm): TermKind => (t.fuzzy ? "fuzzy" : t.completion ? "completion" : "own");
  let ownIdf = Infinity;
  let exactIdf = Infinity;
  clause.terms.forEach((t, at) => {
    const df = t.fuzzy ? 0 : (dfs[at] ?? 0);
    if (df <= 0) return;
    exactIdf = exactIdf === Infinity ? idfOf(df) : Math.max(exactIdf, idfOf(df));
    if (!t.completion) ownIdf = ownIdf === Infinity ? idfOf(df) : Math.max(ownIdf, idfOf(df));
  });
  pass?.startClause();
  // In that order: the note pass learns the caps only from the postings of the terms before. Cover stems come last,
  // after the other corrections: a clause's score in a chunk or note is its best term's, whatever the order of the
  // corrections (whose caps come from the other terms alone), and what the terms before them left is `strict`'s.
  // Places in one typed array: a prefix's thousand completions made five number arrays of them on every key.
  const order = new Int32Array(clause.terms.length);
  let plain = 0;
  const terms = clause.terms;
  for (const k of TERM_KINDS) for (let at = 0; at < terms.length; at++) if (!terms[at]?.cover && kind(terms[at] as ClauseTerm) === k) order[plain++] = at;
  let filled = plain;
  for (let at = 0; at < terms.length; at++) if (terms[at]?.cover) order[filled++] = at;
  for (let i = 0; i < order.length; i++) {
    if (i === plain && strict) {
      const chunks = best.peekToArrays();
      const notes = pass?.peekClause() ?? { ids: new Int32Array(0), scores: new Float64Array(0) };
      strict({ chunkIds: chunks.ids, chunkScores: chunks.values, noteIds: notes.ids, noteScores: notes.scores });
    }
    const place = order[i] ?? 0;
    const t = clause.terms[place] as ClauseTerm;
    const { term, weight } = t;
    const cap = t.fuzzy ? exactIdf : t.completion ? ownIdf : Infinity;
    const df = dfs[place] ?? 0;
    if (df <= 0) continue;
    const mask = langs ? t.languages : undefined;
    pass?.startTerm();
    const context = walks && mask ? termContext(mask, fieldsKey, p.b, pass?.lengthNorm) : unmasked;
    let walk = walks?.get(term, context);
    if (walk) pass?.replayTerm(walk.noteIds, walk.noteTfs, walk.noteDf);
    else for (const { prop, at, postings, weight: boost, avgLength } of fields) {
      const list = listsOf(term)[at];
      if (!list) continue;
      pass?.startField(prop, boost);
      const { ids, counts, length } = list;
      for (let k = 0; k < length; k++) {
        const id = ids[k] ?? 0;
        if (p.where && !p.where.has(id)) continue;
        if (mask && mask[langs?.[id] ?? UNKNOWN_LANGUAGE] === 0) continue;
        const count = counts[k] ?? 0;
        const norm = 1 - p.b + (p.b * postings.lengthOf(id)) / avgLength;
        tfs.add(id, (boost * count) / norm);
        pass?.visit(id, count);
      }
    }
    if (walks && !walk) {
      walk = walkOf(tfs, pass);
      walks.set(term, walk, context);
    }
    const idf = weight * Math.min(idfOf(df), cap);
    const k1 = p.k1;
    // A kept walk holds what `tfs` would: each chunk once, in the order first met, none zero.
    if (walk) saturate(walk.chunkIds, walk.chunkTfs, idf, k1, best);
    else tfs.drain((id, tf) => best.max(id, (idf * tf * (k1 + 1)) / (tf + k1)));
    pass?.endTerm(weight, kind(t));
  }
  const chunks = best.drainToArrays();
  const clauseNotes = pass?.endClause() ?? { ids: new Int32Array(0), scores: new Float64Array(0) };
  return { chunkIds: chunks.ids, chunkScores: chunks.values, noteIds: clauseNotes.ids, noteScores: clauseNotes.scores };
}

/** The order a clause's terms are scored in, cover stems aside (see `scoreClause`). */
const TERM_KINDS = ["own", "completion", "fuzzy"] as const;

/**
 * A term's walk as `scoreClause` left it in `tfs` and `pass`, before its idf (see term-cache.ts), taken out of both in
 * one pass each: the term is then scored from these arrays, as a kept walk is.
 */
function walkOf(tfs: Accumulator, pass: NotePass | undefined): TermWalk {
  const chunks = tfs.drainToArrays();
  const notes = pass?.takeTerm();
  return {
    chunkIds: chunks.ids,
    chunkTfs: chunks.values,
    noteIds: notes?.ids ?? new Int32Array(0),
    noteTfs: notes?.tfs ?? new Float64Array(0),
    noteDf: notes?.df ?? 0,
  };
}

/**
 * Each chunk's BM25 score for one term from its term frequency, kept where it beats the clause's other terms: read
 * straight from the term's walk, rather than put into `tfs` and drained through a call per chunk (a short prefix's
 * thousand completions meet tens of thousands of chunks on every key).
 */
function saturate(ids: Int32Array, tfs: Float64Array, idf: number, k1: number, best: Accumulator): void {
  for (let k = 0; k < ids.length; k++) {
    const tf = tfs[k] ?? 0;
    best.max(ids[k] ?? 0, (idf * tf * (k1 + 1)) / (tf + k1));
  }
}

/**
 * BM25F score a document with these fields would get for the query, using the live index's statistics (document
 * frequencies, average lengths). Calibration uses it to score a chunk with one sentence held out, without
 * re-indexing anything.
 */
export function scoreAgainstIndex(
  index: Bm25Postings,
  queryTerms: readonly string[],
  fields: FieldTerms,
  p: Pick<Bm25Params, "boost" | "k1" | "b" | "docsCount">,
): number {
  let total = 0;
  for (const { terms, count } of plainClauses(queryTerms, [])) {
    const term = terms[0]?.term ?? "";
    let t = 0;
    let df = 0;
    for (const [prop, terms] of Object.entries(fields)) {
      const postings = index.fields[prop];
      df = Math.max(df, postings?.documentFrequency(term) ?? 0);
      const tf = terms.filter((x) => x === term).length;
      if (tf === 0) continue;
      const avgLength = postings?.averageLength || 1;
      t += ((p.boost[prop] ?? 1) * tf) / (1 - p.b + (p.b * terms.length) / avgLength);
    }
    if (t <= 0) continue;
    df = Math.max(df, 1);
    const idf = Math.log(1 + (p.docsCount - df + 0.5) / (df + 0.5));
    total += (count * idf * t * (p.k1 + 1)) / (t + p.k1);
  }
  return total;
}
