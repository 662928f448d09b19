import type { Analyzer } from "../text/analyzer";
import { ENGLISH, languageOf, type Language } from "../text/languages";
import { scoreAgainstIndex, scoreHits, strictClause, topHits, type ScoredHits } from "./bm25-search";
import type { Bm25Postings } from "./bm25-terms";
import type { ChunkDb } from "../index/chunk-db";
import { SearchMemos } from "./search-memos";
import { VocabularyUnion } from "./vocabulary-union";
import { warmKeywordSteps } from "./keyword-warmup";
import type { Steps } from "../shared/slices";
import { didYouMean } from "./did-you-mean";
import type { KeywordSearchOptions, ScoredId } from "../index/index-types";
import { keywordClauses } from "./keyword-query";
import { KeptChunks, keptTopHits } from "./kept-hits";
import { capPerNote, NearnessMemo, preferTypedWords } from "./typed-words";
import { orderedWords, preferInOrder } from "./word-order";
import { SHORT_QUERY_WORDS } from "./short-query";
import { chunkLanguageOrdinals, stopTerms, type LanguageMask } from "./language-masks";
import type { LexicalOptions } from "./lexical-options";
import type { NoteTable } from "./note-table";
import { GRAM_FIELD, LANGUAGE_FIELD, LANGUAGE_MARKER } from "./field-terms";

/** What the keyword searcher reads of its chunk index. */
export interface KeywordSearcherDeps {
  db: ChunkDb;
  analyzer: Analyzer;
  /** Word fields searched. */
  props: readonly string[];
  boost: Record<string, number>;
  lexical: LexicalOptions;
  /** Changes whenever the indexed text does, so cached statistics are recomputed. */
  revision: () => number;
  /** A chunk's text, for finding the word behind a corrected term. */
  text: (id: string) => string;
  /** A chunk's headings (note title first) and text, one per line, for finding a short query's words in order. */
  lines: (id: string) => string;
  /** The language a chunk was analysed in. */
  languageOf: (id: string) => Language;
  /** Each chunk's note and the notes' field lengths, for scoring notes as whole documents. */
  notes: NoteTable;
  /** The path of a chunk's note. */
  noteOf: (id: string) => string;
}

/** Hits checked for a word close to a misspelt one, however few were asked for. */
const VERIFY_DEPTH = 100;

/** Default typo tolerance of `KeywordSearchOptions.maxEdits`. */
export const DEFAULT_MAX_EDITS = 1;

/** Keyword search, "did you mean" and calibration scoring over a chunk index's postings. */
export class KeywordSearcher {
  private held: { revision: number; languages: Language[]; chunkLanguages?: Uint8Array } | undefined;
  private stops: { key: string; terms: Map<string, LanguageMask> } | undefined;
  /** What the last searches worked out that the next keys ask for again (see search-memos.ts). */
  private readonly memos = new SearchMemos();
  /** The memos of searches asked with `scratch` (a warm-up's), apart from the user's; dropped by `dropScratch`. */
  private scratch: SearchMemos | undefined;
  /** The searched fields' vocabularies merged, for walking them once a corrected word (see vocabulary-union.ts). */
  private readonly vocabularies = new VocabularyUnion();

  constructor(private readonly deps: KeywordSearcherDeps) {}

  /**
   * Chunks matching any word of `text`, grouped by note: notes by their whole-note BM25F score plus their best
   * chunk's (see `bm25Search`), chunks within a note by their own score. Each word counts once per occurrence
   * (Lucene's query term frequency), is matched by its stem in any language the index holds, by completions when it
   * is the last word and `prefixLast` is set, and by corrections of up to `maxEdits` edits, weighted down.
   */
  search(text: string, opts: KeywordSearchOptions): ScoredId[] {
    const store = this.store();
    const memos = opts.scratch === true ? (this.scratch ??= new SearchMemos()) : this.memos;
    const languages = this.languages();
    const chunkLanguages = this.chunkLanguages();
    const detected = this.deps.analyzer.detect(text, languages[0]);
    const clauses = keywordClauses(text, {
      analyzer: this.deps.analyzer,
      languages,
      stopLanguage: languages.includes(detected) ? detected : (languages[0] ?? ENGLISH),
      props: this.deps.props,
      gramProp: GRAM_FIELD,
      fields: store.fields,
      prefixLast: opts.prefixLast ?? false,
      maxEdits: opts.maxEdits ?? DEFAULT_MAX_EDITS,
      chunkLanguages,
      stopTerms: this.stopTerms(languages),
      corrections: memos.corrections.validFor(this.deps.revision()),
      vocabularies: this.vocabularies,
    });
    const allTypos = clauses.flatMap((c) => (c.typo ? [c.typo] : []));
    // Only short queries are re-ranked for misspelt words: on SciFact, pushing up every abstract with a near-miss of
    // an unknown name in a longer question cost nDCG.
    const typos = clauses.length <= SHORT_QUERY_WORDS ? allTypos : [];
    const coverTypos = clauses.flatMap((c) => (c.typo && c.terms.some((t) => t.cover) ? [c.typo] : []));
    const covers = coverTypos.length > 0;
    const limit = Math.max(1, opts.limit);
    const ids = this.deps.db.ids;
    const { noteK1: k1, noteB: b, passageWeight } = this.deps.lexical;
    const notes = { table: this.deps.notes, k1, b, passageWeight };
    const params = { ...this.params(), where: undefined, limit: Infinity, chunkLanguages };
    const cache = opts.keepClauses === false ? undefined : memos.clauseScores.validFor(this.deps.revision());
    const memo = memos.chunkWords.validFor(this.deps.revision());
    const near = new NearnessMemo((id) => memo.textWords(id, this.deps.text));
    // A filtered list is the list of the kept notes alone (see `KeywordSearchOptions.keepsNote`).
    const keeps = opts.keepsNote;
    const kept = keeps ? new KeptChunks(this.deps.notes, (internal) => this.deps.noteOf(ids[internal - 1] ?? ""), keeps) : undefined;
    // A misspelt phrase can't be found side by side as typed; its words are checked one by one instead.
    const ordered = typos.length === 0 ? orderedWords(text, opts.prefixLast ?? false) : undefined;
    // The deepest read below, so that the table need hold no hit beyond it (a filtered list reads its whole table).
    const deepest = kept ? undefined : typos.length > 0 || ordered || covers ? Math.max(limit, VERIFY_DEPTH) : limit;
    // Each list below is read from one scoring of its clauses: deeper, capped or not, costs only picking the top.
    const scoredBy = new Map<boolean, ScoredHits>();
    const run = (strict: boolean, depth: number, perNote?: number, whole = false): ScoredId[] => {
      let scored = scoredBy.get(strict);
      if (!scored) {
        const cs = strict ? clauses.map(strictClause) : clauses;
        scored = scoreHits(store, cs, params, notes, cache, deepest);
        scoredBy.set(strict, scored);
      }
      const top = kept && !whole ? keptTopHits(scored, depth, perNote ?? Infinity, kept) : topHits(scored, depth, perNote);
      return top.map((h) => {
        const id = ids[h.id - 1] ?? "";
        noteKeys.set(id, this.deps.notes.noteOf(h.id));
        return { id, score: h.score, chunkScore: h.chunk };
      });
    };
    // The note of each hit read, by its ordinal in the note table, for the re-rankings below: looked up by chunk id
    // in the whole index, a key's few hundred lookups took as long as the word order check itself. A chunk the table
    // lacks (never, in a consistent index) is its own note, as `deps.noteOf` has it.
    const noteKeys = new Map<string, number>();
    const noteOf = (id: string): string | number => {
      const n = noteKeys.get(id) ?? -1;
      return n >= 0 ? n : this.deps.noteOf(id);
    };
    let full = false;
    const read = (depth: number, perNote?: number, whole = false): ScoredId[] => {
      const all = run(false, depth, perNote, whole);
      if (!whole) full = all.length === depth;
      if (!covers) return all;
      // A stem covering only the beginning of a misspelt word counts only in chunks that hold a word close to what was
      // typed (to each such word, when there are several): others keep the score they have without those stems, or
      // drop out when that is none. Short stems begin many words, and would otherwise lift every note that merely
      // shares a first syllable.
      const strict = new Map(run(true, depth, perNote, whole).map((h) => [h.id, h]));
      const out: ScoredId[] = [];
      for (const h of all) {
        const without = strict.get(h.id);
        // Where those stems added nothing, there is nothing to check: SciFact asks for 1,200 chunks at a time, and
        // reading every one for the typed word made long questions with a rare name about 2.5 times slower at p95.
        const kept = without?.score === h.score || coverTypos.every((t) => near.of(h.id, t) > 0) ? h : without;
        if (kept) out.push(kept);
      }
      return out.sort((a, b) => b.score - a.score);
    };
    const cap = opts.chunksPerNote;
    if (typos.length === 0 && !ordered) return read(covers ? Math.max(limit, VERIFY_DEPTH) : limit, cap).slice(0, limit);
    // Re-ranked for misspelt words or word order, every matching chunk of a note counts, not only the few listed, so
    // the first VERIFY_DEPTH chunks are read uncapped and capped after the check; notes beyond them follow in plain
    // order.
    const depth = Math.max(limit, VERIFY_DEPTH);
    // Both re-rankings raise a note by a share of the list's best score. A filtered list takes the whole list's best,
    // so that it stays the kept notes' part of the whole list, scores and order: a share of its own best put a note
    // holding only another form of a misspelt word above one holding a word an edit away, where the whole list did not.
    const top = kept ? read(depth, undefined, true)[0]?.score : undefined;
    const checked = ordered
      ? preferInOrder(read(depth), ordered, (id) => memo.lineWords(id, this.deps.lines), noteOf, memos.orderMisses.begin(ordered, this.deps.revision()), top)
      : preferTypedWords(read(depth), typos, (id, t) => near.of(id, t), noteOf, top);
    if (cap === undefined) return checked.slice(0, limit);
    const listed = capPerNote(checked, cap, noteOf);
    const seen = new Set(listed.map((h) => noteOf(h.id)));
    if (full && seen.size * cap < limit) {
      listed.push(...read(limit, cap).filter((h) => !seen.has(noteOf(h.id))));
    }
    return listed.slice(0, limit);
  }

  /** Drops what searches asked with `scratch` kept: a warm-up's memos, once it is done. */
  dropScratch(): void {
    this.scratch = undefined;
  }

  /** Languages of the indexed chunks, most chunks first (English when there are none). */
  languages(): Language[] {
    const revision = this.deps.revision();
    if (this.held?.revision === revision) return this.held.languages;
    const field = this.store().fields[LANGUAGE_FIELD];
    const found = (field?.vocabulary.withPrefix(LANGUAGE_MARKER) ?? [])
      .map((marker) => ({ lang: languageOf(marker.slice(LANGUAGE_MARKER.length)), n: field?.documentFrequency(marker) ?? 0 }))
      .filter((x): x is { lang: Language; n: number } => x.lang !== undefined && x.n > 0)
      .sort((a, b) => b.n - a.n)
      .map((x) => x.lang);
    const languages = found.length > 0 ? found : [ENGLISH];
    this.held = { revision, languages };
    return languages;
  }

  /** Each chunk's language by internal id, as an ordinal into `languages()` (see language-masks.ts). */
  private chunkLanguages(): Uint8Array {
    const languages = this.languages();
    const held = this.held;
    if (held?.chunkLanguages) return held.chunkLanguages;
    const ids = this.deps.db.ids;
    const made = chunkLanguageOrdinals(this.store().fields[LANGUAGE_FIELD], languages, ids.length);
    if (held) held.chunkLanguages = made;
    return made;
  }

  /** `stopTerms` of the index's languages, made again only when they change. */
  private stopTerms(languages: readonly Language[]): Map<string, LanguageMask> {
    const key = languages.map((l) => l.code).join(",");
    if (this.stops?.key !== key) this.stops = { key, terms: stopTerms(this.deps.analyzer, languages) };
    return this.stops.terms;
  }

  /** Fills chunk id → language code from the restored language markers (English chunks are left out). */
  restoreLanguages(into: { set(id: string, code: string): unknown }): void {
    const field = this.store().fields[LANGUAGE_FIELD];
    const ids = this.deps.db.ids;
    for (const marker of field?.vocabulary.withPrefix(LANGUAGE_MARKER) ?? []) {
      const code = marker.slice(LANGUAGE_MARKER.length);
      const list = field?.postings(marker);
      if (!list || code === ENGLISH.code) continue;
      for (let k = 0; k < list.length; k++) into.set(ids[(list.ids[k] ?? 0) - 1] ?? "", code);
    }
  }

  /**
   * "Did you mean": `text` with each word the index doesn't know replaced by the closest word it does (see
   * did-you-mean.ts). Undefined when no word could be corrected.
   */
  suggest(text: string, maxEdits: number): string | undefined {
    const field = this.store().fields[LANGUAGE_FIELD];
    if (!field) return undefined;
    const { analyzer, db, languageOf, text: textOf } = this.deps;
    return didYouMean(text, maxEdits, { field, languages: this.languages(), analyzer, ids: db.ids, languageOf, text: textOf });
  }

  /** BM25F score a chunk with these field texts would get for `query`, judged by this index's statistics. */
  scoreOf(query: string, fields: Record<string, string>): number {
    const analyzer = this.deps.analyzer;
    const terms: Record<string, string[]> = {};
    for (const [prop, value] of Object.entries(fields)) terms[prop] = analyzer.terms(value);
    return scoreAgainstIndex(this.store(), analyzer.terms(query), terms, this.params());
  }

  /** Builds ahead, in slices, what a first corrected word pays for (see keyword-warmup.ts); answers stay the same. */
  warmSteps(stop?: () => boolean): Steps<void> {
    const vocabularies = () => this.deps.props.map((p) => this.store().fields[p]?.vocabulary.terms() ?? []);
    return warmKeywordSteps({ vocabularies, union: this.vocabularies, ids: this.deps.db.ids, text: this.deps.text }, stop);
  }

  private params(): { boost: Record<string, number>; k1: number; b: number; docsCount: number } {
    const { k1, b } = this.deps.lexical;
    return { boost: this.deps.boost, k1, b, docsCount: this.deps.db.count };
  }

  private store(): Bm25Postings {
    return this.deps.db.postings;
  }
}
