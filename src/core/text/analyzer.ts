import { tokenizer as oramaTokenizer } from "@orama/orama/components";
import { ENGLISH_STOP_WORDS } from "./stop-words";

/** How text becomes index terms. The same analyzer runs on notes and on queries. */
export interface AnalyzerOptions {
  /** Reduce English words to their Porter stem ("studies" → "studi"). Default true. */
  stemming: boolean;
  /** Drop English stop words ("the", "of"). Default true. */
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
const COMBINING = /\p{M}+/gu;
/** Accent folding is only safe for alphabets where marks are accents; in Devanagari or Thai they are vowels. */
const FOLDABLE = /^[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{M}\p{N}]+$/u;
const POSSESSIVE = /['’]s$/u;
const APOSTROPHE = /['’]/gu;
const MAX_TERM_LENGTH = 64;
const STEM_CACHE_LIMIT = 200_000;

// Orama ships a Porter stemmer; reuse it rather than keep our own copy of the algorithm.
const porter = oramaTokenizer.createTokenizer({ language: "english", stemming: true }).stemmer;

/**
 * Turns text into index terms, keeping duplicates (BM25 needs term frequencies).
 * Latin-script words are lower-cased, accent-folded ("café" → "cafe"), stripped of possessives, stop-worded and
 * stemmed. Runs of unspaced scripts (Chinese, Japanese, Thai…) are split into words by Intl.Segmenter, so a Chinese
 * query finds a Chinese note.
 */
export class Analyzer {
  private readonly stemCache = new Map<string, string>();
  private readonly segmenter: Intl.Segmenter | undefined;

  constructor(private readonly options: AnalyzerOptions = DEFAULT_ANALYZER_OPTIONS) {
    this.segmenter = typeof Intl.Segmenter === "function" ? new Intl.Segmenter(undefined, { granularity: "word" }) : undefined;
  }

  /** Index terms of `text`, in order, duplicates kept. */
  terms(text: string): string[] {
    const out: string[] = [];
    for (const match of text.toLowerCase().matchAll(WORD)) this.wordTerms(match[0], out);
    return out;
  }

  /**
   * The multiset `terms(text)` as counts. Each distinct word is analysed once, however often it occurs, which is
   * what makes indexing long texts cheaper than going through `terms`.
   */
  termCounts(text: string): TermCounts {
    const words = new Map<string, number>();
    for (const match of text.toLowerCase().matchAll(WORD)) words.set(match[0], (words.get(match[0]) ?? 0) + 1);
    const counts = new Map<string, number>();
    const scratch: string[] = [];
    let length = 0;
    for (const [word, n] of words) {
      scratch.length = 0;
      this.wordTerms(word, scratch);
      for (const t of scratch) counts.set(t, (counts.get(t) ?? 0) + n);
      length += scratch.length * n;
    }
    return { counts, length };
  }

  private wordTerms(word: string, out: string[]): void {
    if (UNSPACED.test(word)) this.segment(word, out);
    else if (word.includes("_")) {
      // Code names: `pg_basebackup` is a term of its own, and its parts still find it ("basebackup").
      out.push(word.slice(0, MAX_TERM_LENGTH));
      for (const part of word.split("_")) if (part) this.push(part, out);
    } else this.push(word, out);
  }

  private segment(run: string, out: string[]): void {
    if (!this.segmenter) {
      // Without a segmenter, single characters still give a usable (if coarse) match.
      for (const ch of run) out.push(ch);
      return;
    }
    for (const part of this.segmenter.segment(run)) {
      if (!part.isWordLike) continue;
      if (UNSPACED.test(part.segment)) out.push(part.segment);
      else this.push(part.segment, out);
    }
  }

  private push(word: string, out: string[]): void {
    const term = this.normalize(word);
    if (term) out.push(term);
  }

  /** Normalised form of one lower-case word, or "" when it is a stop word. Cached: vaults repeat words a lot. */
  normalize(word: string): string {
    const cached = this.stemCache.get(word);
    if (cached !== undefined) return cached;
    let term = word.replace(POSSESSIVE, "").replace(APOSTROPHE, "");
    if (/[^\p{ASCII}]/u.test(term) && FOLDABLE.test(term)) term = term.normalize("NFKD").replace(COMBINING, "").normalize("NFC");
    if (term.length > MAX_TERM_LENGTH) term = term.slice(0, MAX_TERM_LENGTH);
    if (this.options.stopWords && ENGLISH_STOP_WORDS.has(term)) term = "";
    else if (this.options.stemming && porter && /^[a-z]+$/u.test(term)) term = porter(term);
    if (this.stemCache.size >= STEM_CACHE_LIMIT) this.stemCache.clear();
    this.stemCache.set(word, term);
    return term;
  }
}
