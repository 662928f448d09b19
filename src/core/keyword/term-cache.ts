import type { LanguageMask } from "./language-masks";

/**
 * One term's pass over its postings in a clause's searched fields, before its idf: the BM25F term frequency it gives
 * each chunk (its fields' counts, length-normalised and boosted, summed), and when notes are scored, each note's and
 * the term's note-level document frequency. Each list is in the order the pass met it.
 */
export interface TermWalk {
  chunkIds: Int32Array;
  chunkTfs: Float64Array;
  noteIds: Int32Array;
  noteTfs: Float64Array;
  noteDf: number;
}

/** Most terms kept: the completions of a short prefix ("que") can be over a thousand. */
const MAX_TERMS = 8192;
/** A walk read within this many puts of its last is not moved: it is among the newest already. */
const RECENT_PUTS = 2048;
/** Most chunk and note entries kept over all terms (12 bytes each, about 24 MB), as for clauses (clause-cache.ts). */
const MAX_ENTRIES = 2_000_000;

/**
 * Terms' walks from the last searches, so that the word being typed pays again only for terms it did not have on
 * the key before: "proj" and "proje" both walk "project"'s long lists, "que" and "ques" the same thousand
 * completions, and a misspelt word's corrections mostly stay as it grows. A clause's terms combine into its scores
 * exactly as when walked (the same frequencies, met in the same order), so results are bit-identical. Held for one
 * index revision only, by the owning `ClauseCache`.
 *
 * Walks are held by context (see `termContext`), then by term: a short prefix reads a thousand walks on every key, and
 * building and hashing a key string of term and context for each was a tenth of such a key's time, where the term
 * alone is a vocabulary string whose hash is already known.
 */
export class TermCache {
  /** Per context, walks in the order they were last put at the end, each with the count of puts it was put there at. */
  private readonly held = new Map<string, Map<string, { walk: TermWalk; at: number }>>();
  private entries = 0;
  private terms = 0;
  private puts = 0;

  clear(): void {
    this.held.clear();
    this.entries = 0;
    this.terms = 0;
  }

  get(term: string, context = ""): TermWalk | undefined {
    const within = this.held.get(context);
    const found = within?.get(term);
    if (!within || !found) return undefined;
    // Moved to the end only once it has fallen back past the newest few: a short prefix reads a thousand walks on
    // every key, and moving each one every time churned the map more than reading the walks cost.
    if (this.puts - found.at > RECENT_PUTS) this.putLast(within, term, found.walk);
    return found.walk;
  }

  set(term: string, walk: TermWalk, context = ""): void {
    const size = walk.chunkIds.length + walk.noteIds.length;
    if (size > MAX_ENTRIES) return;
    let within = this.held.get(context);
    if (!within) {
      within = new Map();
      this.held.set(context, within);
    }
    const old = within.get(term);
    if (old) this.entries -= old.walk.chunkIds.length + old.walk.noteIds.length;
    else this.terms++;
    this.putLast(within, term, walk);
    this.entries += size;
    // The oldest go first, context by context (searches use one context, unless a term is masked by language).
    for (const [context, walks] of this.held) {
      for (const [k, w] of walks) {
        if (this.terms <= MAX_TERMS && this.entries <= MAX_ENTRIES) return;
        walks.delete(k);
        this.terms--;
        this.entries -= w.walk.chunkIds.length + w.walk.noteIds.length;
      }
      this.held.delete(context);
    }
  }

  private putLast(within: Map<string, { walk: TermWalk; at: number }>, term: string, walk: TermWalk): void {
    within.delete(term);
    within.set(term, { walk, at: ++this.puts });
  }

  /** Terms held now. */
  get size(): number {
    return this.terms;
  }
}

/**
 * What a term's walk depends on besides the index and the term: the languages whose chunks it may match, the fields
 * with their boosts, and the length normalisation of chunks and notes (`noteB` undefined when notes are not scored).
 */
export function termContext(mask: LanguageMask | undefined, fields: string, b: number, noteB: number | undefined): string {
  return `${mask ? mask.join("") : ""}\u0001${fields}\u0001${b}\u0001${noteB ?? ""}`;
}
