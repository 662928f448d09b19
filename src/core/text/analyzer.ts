import { judgeLanguage } from "./language-detect";
import { cueForm, ENGLISH, foldAccents, type Language } from "./languages";
import { FOLDABLE } from "./language";
import { shielded } from "./foreign-code";

/** How text becomes index terms. The same analyzer runs on notes and on queries. */
export interface AnalyzerOptions {
  /** Reduce words to their Snowball stem in the text's language ("studies" → "studi"). Default true. */
  stemming: boolean;
  /** Drop the stop words of the text's language ("the", "of"; "und", "die"). Default true. */
  stopWords: boolean;
}

/** A text's distinct terms with how often each occurs: what an index needs, without one entry per occurrence. */
export interface TermCounts {
  /** Occurrences of each distinct term, in order of first appearance of the word it came from. */
  counts: Map<string, number>;
  /** Number of terms with duplicates, i.e. `terms(text).length`. */
  length: number;
}

export const DEFAULT_ANALYZER_OPTIONS: AnalyzerOptions = { stemming: true, stopWords: true };

/** Scripts written without spaces between words: these runs go through Intl.Segmenter. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
/**
 * A word is a run of letters, marks and digits; apostrophes inside a word are dropped ("don't" → "dont"), and
 * underscores join a code name ("pg_basebackup").
 */
const WORD = /[\p{L}\p{M}\p{N}]+(?:['’_][\p{L}\p{N}]+)*/gu;
const POSSESSIVE = /['’]s$/u;
const APOSTROPHE = /['’]/gu;
const MAX_TERM_LENGTH = 64;
/** Whether the character at `i` joins words of a link, e-mail address or path ("github.com/someone", "a@b.org"). */
const joinsAt = (s: string, i: number): boolean => {
  const c = s.charCodeAt(i);
  return c === 46 || c === 47 || c === 64 || c === 92;
};
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const STEM_CACHE_LIMIT = 200_000;
/** What a stemmer may see: letters and their marks (Devanagari and Tamil vowels are marks), no digits. */
const STEMMABLE = /^[\p{L}\p{M}]+$/u;

/**
 * Turns text into index terms, keeping duplicates (BM25 needs term frequencies).
 * Words are lower-cased, stripped of possessives, stop-worded and stemmed in the given language (English by
 * default), and accent-folded ("café" → "cafe") in alphabets where marks are accents. Runs of unspaced scripts
 * (Chinese, Japanese, Thai…) are split into words by Intl.Segmenter, so a Chinese query finds a Chinese note.
 */
export class Analyzer {
  private readonly stemCache = new Map<string, string>();
  // Made on the first unspaced run: building ICU's word breaker costs start-up about 20 ms, and most vaults never need it.
  private segmenterMemo: Intl.Segmenter | null | undefined;

  constructor(
    /** How this analyzer makes terms (read by tables made for one configuration, see stop-term-table.ts). */
    readonly options: AnalyzerOptions = DEFAULT_ANALYZER_OPTIONS,
  ) {}

  private get segmenter(): Intl.Segmenter | null {
    this.segmenterMemo ??= typeof Intl.Segmenter === "function" ? new Intl.Segmenter(undefined, { granularity: "word" }) : null;
    return this.segmenterMemo;
  }

  /** Index terms of `text` in `lang`, in order, duplicates kept. */
  terms(text: string, lang: Language = ENGLISH): string[] {
    const out: string[] = [];
    for (const match of text.toLowerCase().matchAll(WORD)) this.wordTerms(match[0], lang, out);
    return out;
  }

  /** The distinct lower-case words of `text` with their counts, before any analysis. */
  words(text: string): Map<string, number> {
    const words = new Map<string, number>();
    for (const match of text.toLowerCase().matchAll(WORD)) words.set(match[0], (words.get(match[0]) ?? 0) + 1);
    return words;
  }

  /** The language of `text` judged by its function words (see `judgeLanguage`), or `fallback`. */
  detect(text: string, fallback: Language = ENGLISH): Language {
    return this.judge(text, fallback) ?? fallback;
  }

  /** As `detect`, but undefined when the text holds too few function words to judge (a heading, a name). */
  judge(text: string, fallback: Language = ENGLISH): Language | undefined {
    // Detection weighs third-party word lists; should it ever fail, the text takes the fallback language.
    return shielded("detect", text, () => this.judgeWords(text, fallback), undefined);
  }

  private judgeWords(text: string, fallback: Language): Language | undefined {
    const lower = text.toLowerCase();
    const raw = new Map<string, number>();
    for (const match of lower.matchAll(WORD)) {
      const w = match[0];
      const end = match.index + w.length;
      // Words of links and paths are no prose: "com" of github.com would make a list of links Portuguese.
      if (w.length > 12) continue;
      if (joinsAt(lower, end) && LETTER_OR_DIGIT.test(lower[end + 1] ?? "")) continue;
      if (joinsAt(lower, match.index - 1) && LETTER_OR_DIGIT.test(lower[match.index - 2] ?? "")) continue;
      raw.set(w, (raw.get(w) ?? 0) + 1);
    }
    const folded = new Map<string, number>();
    // One-letter words keep their accent: "å" and "è" are cues, "a" is none.
    for (const [w, n] of raw) {
      const key = w.length === 1 ? w : cueForm(w);
      folded.set(key, (folded.get(key) ?? 0) + n);
    }
    return judgeLanguage(folded, fallback);
  }

  /**
   * The multiset `terms(text, lang)` as counts. Each distinct word is analysed once, however often it occurs, which
   * is what makes indexing long texts cheaper than going through `terms`.
   */
  termCounts(text: string, lang: Language = ENGLISH): TermCounts {
    const words = this.words(text);
    const counts = new Map<string, number>();
    const scratch: string[] = [];
    let length = 0;
    for (const [word, n] of words) {
      scratch.length = 0;
      this.wordTerms(word, lang, scratch);
      for (const t of scratch) counts.set(t, (counts.get(t) ?? 0) + n);
      length += scratch.length * n;
    }
    return { counts, length };
  }

  private wordTerms(word: string, lang: Language, out: string[]): void {
    if (UNSPACED.test(word)) this.segment(word, lang, out);
    else if (word.includes("_")) {
      // Code names: `pg_basebackup` is a term of its own, and its parts still find it ("basebackup").
      out.push(word.slice(0, MAX_TERM_LENGTH));
      for (const part of word.split("_")) if (part) this.push(part, lang, out);
    } else this.push(word, lang, out);
  }

  private segment(run: string, lang: Language, out: string[]): void {
    if (!this.segmenter) {
      // Without a segmenter, single characters still give a usable (if coarse) match.
      for (const ch of run) out.push(ch);
      return;
    }
    const segmenter = this.segmenter;
    // Intl.Segmenter is the platform's (ICU's) code: if it fails on a run, the run's characters are its words.
    const words = (): string[] => [...segmenter.segment(run)].filter((p) => p.isWordLike).map((p) => p.segment);
    const parts = shielded<string[] | undefined>("segment", run, words, undefined) ?? [...run];
    for (const part of parts) {
      if (UNSPACED.test(part)) out.push(part);
      else this.push(part, lang, out);
    }
  }

  private push(word: string, lang: Language, out: string[]): void {
    const term = this.normalize(word, lang);
    if (term) out.push(term);
  }

  /**
   * Normalised form of one lower-case word in `lang`, or "" when it is a stop word there. Cached: vaults repeat
   * words a lot. Other languages stem the word as written and fold the stem, since Snowball's rules know their
   * accented endings ("Häuser" → "haus"); English keeps folding first, as its index always did.
   */
  normalize(word: string, lang: Language = ENGLISH): string {
    const key = lang === ENGLISH ? word : `${lang.code}:${word}`;
    const cached = this.stemCache.get(key);
    if (cached !== undefined) return cached;
    let term = (lang.prepare ? lang.prepare(word) : word).replace(POSSESSIVE, "").replace(APOSTROPHE, "");
    if (term.length > MAX_TERM_LENGTH) term = term.slice(0, MAX_TERM_LENGTH);
    const foldable = FOLDABLE.test(term);
    const folded = foldable ? foldAccents(term) : term;
    if (this.options.stopWords && lang.stopWords.has(folded)) term = "";
    else if (!this.options.stemming) term = folded;
    else if (lang === ENGLISH) term = /^[a-z]+$/u.test(folded) ? lang.stem(folded) : folded;
    else if (!STEMMABLE.test(term)) term = folded;
    else term = foldable ? foldAccents(lang.stem(term)) : lang.stem(term);
    if (this.stemCache.size >= STEM_CACHE_LIMIT) this.stemCache.clear();
    this.stemCache.set(key, term);
    return term;
  }
}
