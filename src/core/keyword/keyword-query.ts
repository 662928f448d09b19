import type { Analyzer } from "../text/analyzer";
import { bigramCounts, PAIRED_LETTER, UNSPACED_LETTER } from "../text/bigrams";
import { cueForm, foldAccents, type Language } from "../text/languages";
import type { ClauseTerm, QueryClause } from "./bm25-terms";
import type { FieldPostings } from "./field-postings";
import { fuzzyTerms } from "./fuzzy-terms";
import { SHORT_QUERY_WORDS } from "./short-query";
import { formsOf } from "./word-forms";
import type { RevisionMemo } from "../index/revision-memo";
import { maskedDocumentFrequency, maskOf, type LanguageMask } from "./language-masks";
import { unionWalks, type VocabularyUnion } from "./vocabulary-union";

/** How a typed query becomes BM25 clauses. */
export interface KeywordQueryContext {
  analyzer: Analyzer;
  /** Languages the index holds; each query word is analysed in all of them. */
  languages: readonly Language[];
  /**
   * The query's language (detected from its function words, else the index's main one): its stop words are dropped
   * from queries of more than `SHORT_QUERY_WORDS` words that have other words too.
   */
  stopLanguage: Language;
  /** Word fields searched. */
  props: readonly string[];
  /** Field of character pairs of unspaced scripts and Hangul. */
  gramProp: string;
  /** Postings by field, for the vocabulary (completions, corrections) and document frequencies. */
  fields: Readonly<Record<string, FieldPostings>>;
  /** Complete the last word as a prefix (search as you type). */
  prefixLast: boolean;
  /** Most edits a typo correction may need: 0 turns them off. */
  maxEdits: number;
  /**
   * Each chunk's language by internal id, as an ordinal into `languages` (see language-masks.ts). With it, a word
   * counts as known only where one of its stems occurs in a chunk of a language that gives that stem.
   */
  chunkLanguages?: Uint8Array;
  /**
   * The index term of each stop word, with the languages it is one in (see `stopTerms`). With `chunkLanguages`, a
   * stem matches no chunk of a language where it is a stop word, unless that language gives it for this word too.
   */
  stopTerms?: ReadonlyMap<string, LanguageMask>;
  /**
   * Keeps each word's corrections for the index revision they were found in (see revision-memo.ts): a misspelt word
   * early in a query is otherwise corrected again on every key typed after it. Without it, nothing is kept.
   */
  corrections?: RevisionMemo<ClauseTerm[]>;
  /**
   * The searched fields' vocabularies merged (see vocabulary-union.ts): a word's corrections then walk one vocabulary
   * instead of one a field, with the same result. Without it, each field's is walked.
   */
  vocabularies?: VocabularyUnion;
}

/** Shortest last word completed as a prefix while typing. */
const MIN_PREFIX_LENGTH = 3;
/** Shortest word corrected at all, and the shortest corrected with two edits (when two are allowed). */
const MIN_FUZZY_LENGTH = 4;
const MIN_TWO_EDIT_LENGTH = 8;
/**
 * A correction counts this much of the word it stands for, by edits. No edits means a stem that begins the typed
 * word, which is still a guess.
 */
const FUZZY_WEIGHT = [0.5, 0.5, 0.3];
/**
 * Where another form of a word (see word-forms.ts) ranks among corrections, and so what it counts: as a word two
 * edits away, below the one-edit corrections of a misspelling, since a form is a guess of another kind.
 */
const FORM_EDITS = 2;
/**
 * Words found in more chunks than this are taken as typed on purpose and not corrected: on Cranfield, correcting
 * every word cost nDCG (a correct word's neighbours are other words), and walking the vocabulary for every word of a
 * long question costs time. A typo that also occurs in a note or two is still corrected.
 */
const MAX_DF_TO_CORRECT = 2;
/**
 * Longest query (in words) whose words are corrected. In a pasted paragraph the other words carry the meaning, while
 * names, code and links make a dozen unknown words whose vocabulary walks cost tens of milliseconds.
 */
const MAX_WORDS_CORRECTED = 10;
/**
 * Shortest stem that may stand for the beginning of a misspelt word (see `corrections`): Spanish "cog" for "cogimog"
 * (cogimos). Short ones match the beginnings of many words, so the results they alone bring are checked for a word
 * close to the one typed (see `KeywordSearcher.search`).
 */
const MIN_STEM_COVER = 3;
/**
 * Largest share of the chunks a stem may be in and still stand, with an edit, for the beginning of a misspelt word:
 * "plan" (in 7 of 10 chunks of bench:ui's vault) for "lang" being typed. So common a stem says nothing of the word:
 * its idf is below log 2, and where it counts (chunks holding a word close to the typed one) the word's own matches
 * outscore it. Yet its postings were the longest walk and the most chunks checked on every key of that word.
 */
const MAX_COVER_SHARE = 0.5;
/** Corrections kept per word, most frequent first: a short word can be one edit from hundreds of terms. */
const MAX_CORRECTIONS = 24;
/**
 * Weight of a completion of the word being typed when that word itself occurs in the notes, as MiniSearch weighs
 * prefix matches below exact ones. Chosen on the multilingual benchmark drawn with --seed 3 and --seed 5 (English
 * phrase and function-word queries typed key by key): 0.7 left typing below the finished query, 0.5 and 0.375 none.
 */
const COMPLETION_WEIGHT = 0.5;
/** Weight of each character pair against a whole word: pairs overlap, so a word of n characters adds n − 1 of them. */
const GRAM_WEIGHT = 0.5;
const WORD = /[\p{L}\p{M}\p{N}]+(?:['’_][\p{L}\p{N}]+)*/gu;

/**
 * The clauses of a keyword query. Each word is analysed in every language the index holds and matched by whichever
 * stem occurs (alternatives, never extra required terms). Stop words of the query's language are dropped from
 * longer queries only. Repeated words count once per occurrence. Words of four letters or more also match vocabulary terms a
 * few edits away, weighted down; runs of unspaced scripts and Korean words also match as character pairs.
 */
export function keywordClauses(text: string, ctx: KeywordQueryContext): QueryClause[] {
  const clauses = new Map<string, QueryClause>();
  const add = (terms: ClauseTerm[], props: readonly string[], key: string): QueryClause | undefined => {
    if (terms.length === 0) return undefined;
    const known = clauses.get(key);
    if (known) {
      known.count++;
      return known;
    }
    const clause = { terms, count: 1, props };
    clauses.set(key, clause);
    return clause;
  };
  const words = [...text.toLowerCase().matchAll(WORD)].map((m) => m[0]);
  const correct = words.length <= MAX_WORDS_CORRECTED;
  const isStop = (w: string): boolean => ctx.stopLanguage.stopWords.has(cueForm(w));
  // The index keeps stop words, so a short query of function words ("men inte för mycket") still finds the note that
  // says it; in a question they only add noise and time, as in Lucene, where BM25's idf would barely discount them.
  const dropStops = words.length > SHORT_QUERY_WORDS && !words.every(isStop);
  let last: { clause: QueryClause; word: string } | undefined;
  for (const word of words) {
    last = undefined;
    if (PAIRED_LETTER.test(word)) {
      for (const [gram, n] of bigramCounts(word)) {
        for (let i = 0; i < n; i++) add([{ term: gram, weight: GRAM_WEIGHT }], [ctx.gramProp], `g:${gram}`);
      }
    }
    if (UNSPACED_LETTER.test(word)) {
      for (const term of ctx.analyzer.terms(word)) add([{ term, weight: 1 }], ctx.props, `w:${term}`);
      continue;
    }
    const parts = word.includes("_") ? [word, ...word.split("_").filter((p) => p !== "")] : [word];
    for (const part of parts) {
      if (dropStops && isStop(part)) continue;
      const stems = part === word && parts.length > 1 ? [{ term: word, weight: 1 }] : stemsOf(part, ctx);
      const key = `w:${stems.map((t) => t.term).sort().join(" ")}`;
      const fresh = !clauses.has(key);
      const clause = add(stems.map(({ term, weight, languages }) => ({ term, weight, ...(languages ? { languages } : {}) })), ctx.props, key);
      if (!clause) continue;
      const short = words.length <= SHORT_QUERY_WORDS;
      // Corrections read the vocabulary of the searched fields, so the fields are part of the key.
      const fix = (): ClauseTerm[] => corrections(part, stems, ctx, short);
      const fixes = fresh && correct ? (ctx.corrections?.get(`${part}\u0001${short}\u0001${ctx.maxEdits}\u0001${ctx.props.join(",")}`, fix) ?? fix()) : [];
      clause.terms.push(...fixes.map((t) => ({ ...t })));
      if (fixes.length > 0) clause.typo = { word: foldAccents(part), edits: editsFor(part, ctx) };
      last = { clause, word: part };
    }
  }
  if (ctx.prefixLast && last) {
    // The word being typed may be unfinished rather than misspelt: its completions count as close to it too.
    if (last.clause.typo) last.clause.typo.prefix = true;
    addCompletions(last.clause, ctx);
  }
  return [...clauses.values()];
}

/** A stem of a query word, with the languages that give it for that word (a mask only when not all of them do). */
interface Stem extends ClauseTerm {
  givenBy?: LanguageMask;
}

/**
 * The word's distinct index terms over the index's languages (`ctx.analyzer` keeps stop words). Each matches chunks
 * of every language, which finds forms one stemmer leaves apart and another joins ("higher" and "high"), except
 * those of languages where it is a stop word and that do not give it for this word.
 */
function stemsOf(word: string, ctx: KeywordQueryContext): Stem[] {
  const byTerm = new Map<string, Set<number>>();
  ctx.languages.forEach((lang, ordinal) => {
    const term = ctx.analyzer.normalize(word, lang);
    if (term === "") return;
    const set = byTerm.get(term) ?? new Set<number>();
    set.add(ordinal);
    byTerm.set(term, set);
  });
  const n = ctx.languages.length;
  return [...byTerm].map(([term, set]) => {
    const stem: Stem = { term, weight: 1 };
    if (!ctx.chunkLanguages || set.size === n) return stem;
    stem.givenBy = maskOf(n, (i) => set.has(i));
    const stop = ctx.stopTerms?.get(term);
    let barred = false;
    for (let i = 0; stop && i < n; i++) barred ||= stop[i] === 1 && !set.has(i);
    if (barred && stop) stem.languages = maskOf(n, (i) => set.has(i) || stop[i] === 0);
    return stem;
  });
}

/** Chunks holding `t` in any searched field (the most in one field), counting only those of its languages. */
function documentFrequency(t: { term: string; languages?: LanguageMask }, ctx: KeywordQueryContext): number {
  let df = 0;
  for (const prop of ctx.props) {
    const field = ctx.fields[prop];
    if (!field) continue;
    const n = t.languages && ctx.chunkLanguages ? maskedDocumentFrequency(field, t.term, t.languages, ctx.chunkLanguages) : field.documentFrequency(t.term);
    df = Math.max(df, n);
  }
  return df;
}

/** Edits a correction of `word` may need: none under 4 letters, 2 from 8 letters when allowed, else 1. */
function editsFor(word: string, ctx: KeywordQueryContext): number {
  const length = [...word].length;
  if (ctx.maxEdits <= 0 || length < MIN_FUZZY_LENGTH) return 0;
  return length >= MIN_TWO_EDIT_LENGTH ? Math.min(ctx.maxEdits, 2) : 1;
}

/** Vocabulary terms a few edits from the word's stems, or other forms of it, closest first. */
function corrections(word: string, stems: readonly Stem[], ctx: KeywordQueryContext, shortQuery: boolean): ClauseTerm[] {
  const edits = editsFor(word, ctx);
  if (edits === 0) return [];
  // Known only in the languages that give the stem: Finnish stems "atlla" (talla) to "at", which every Danish note has.
  if (stems.some((s) => documentFrequency({ term: s.term, languages: s.givenBy }, ctx) > MAX_DF_TO_CORRECT)) return [];
  const df = (term: string): number => Math.max(...ctx.props.map((p) => ctx.fields[p]?.documentFrequency(term) ?? 0));
  const own = new Set(stems.map((s) => s.term));
  const whole = new Map<string, number>();
  const forms = new Map<string, number>();
  const cover = new Map<string, number>();
  const folded = foldAccents(word);
  // In a longer query (a pasted question with a rare name) three-letter stems begin hundreds of words and add long
  // posting lists to the pass: on SciFact they cost time and nDCG@10 (0.6948 without them, 0.6931 with).
  const minCover = shortQuery ? MIN_STEM_COVER : Math.max(MIN_STEM_COVER, Math.ceil(folded.length / 2));
  const keep = (into: Map<string, number>, m: { term: string; edits: number }): void => {
    if (!own.has(m.term)) into.set(m.term, Math.min(into.get(m.term) ?? edits, m.edits));
  };
  const vocabularies = ctx.props.map((prop) => ctx.fields[prop]?.vocabulary.terms() ?? []);
  const union = ctx.vocabularies && vocabularies.length > 1 ? unionWalks(ctx.vocabularies.of(vocabularies), edits) : undefined;
  // The cover walk and the stems' in one: it gives the whole word's matches too, which are the stem's when the word is
  // its own stem.
  union?.prepare(folded, minCover, [...own].filter((stem) => [...stem].length >= MIN_FUZZY_LENGTH));
  ctx.props.forEach((prop, at) => {
    const vocabulary = vocabularies[at] ?? [];
    const wholeOf = (w: string) => (union ? union.inField(vocabulary, union.whole(w)) : fuzzyTerms(vocabulary, w, edits));
    // A stem is corrected only if a word that long would be: Swedish "van" for "vanligaste", or Turkish "t" for
    // "tine", is one edit from dozens of unrelated short terms.
    for (const stem of own) if ([...stem].length >= MIN_FUZZY_LENGTH) for (const m of wholeOf(stem)) keep(whole, m);
    // The word as typed against stems that begin it: a misspelt inflected word often stems to
    // nothing near its real stem ("qurante" → "qurant", while "quarante" → "quar").
    const common = (ctx.fields[prop]?.documentCount ?? 0) * MAX_COVER_SHARE;
    const covers = union ? union.inField(vocabulary, union.cover(folded, minCover)) : fuzzyTerms(vocabulary, folded, edits, minCover);
    for (const m of covers) {
      if (!whole.has(m.term) && !(m.edits > 0 && df(m.term) > common)) keep(cover, m);
    }
    // Other forms of the word (see word-forms.ts), for what no stemmer joins: Polish "naczynia" for "naczyniami".
    const withPrefix = (prefix: string): string[] => ctx.fields[prop]?.vocabulary.withPrefix(prefix) ?? [];
    for (const base of new Set([folded, ...own])) {
      for (const term of formsOf(base, withPrefix)) if (!own.has(term)) forms.set(term, FORM_EDITS);
    }
  });
  // A form that is also a closer correction, or a stem that begins the word, keeps that place: forms only add.
  const added = [...forms].filter(([t]) => !whole.has(t) && !cover.has(t));
  const all = [...whole, ...added].map(([t, n]) => ({ t, n, c: false })).concat([...cover].map(([t, n]) => ({ t, n, c: true })));
  return all
    .sort((a, b) => a.n - b.n || b.t.length - a.t.length || df(b.t) - df(a.t) || (a.t < b.t ? -1 : 1))
    .slice(0, MAX_CORRECTIONS)
    .map(({ t, n, c }) => ({ term: t, weight: FUZZY_WEIGHT[n] ?? 0, fuzzy: true, ...(c ? { cover: true } : {}) }));
}

/**
 * Adds every vocabulary term that starts with one of the clause's stems, its idf capped at the stems' own (see
 * `ClauseTerm.completion`): at full weight while what was typed is no word of the notes ("proj"), at
 * `COMPLETION_WEIGHT` once it is one ("for", "red"), since the user may well mean that word.
 */
function addCompletions(clause: QueryClause, ctx: KeywordQueryContext): void {
  const have = new Set(clause.terms.map((t) => t.term));
  const stems = clause.terms.filter((t) => !t.fuzzy && t.term.length >= MIN_PREFIX_LENGTH).map((t) => t.term);
  const weight = clause.terms.some((t) => !t.fuzzy && documentFrequency(t, ctx) > 0) ? COMPLETION_WEIGHT : 1;
  for (const prop of ctx.props) {
    for (const stem of stems) {
      for (const term of ctx.fields[prop]?.vocabulary.withPrefix(stem) ?? []) {
        if (have.has(term)) continue;
        have.add(term);
        clause.terms.push({ term, weight, completion: true });
      }
    }
  }
}
