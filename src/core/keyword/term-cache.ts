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
 */
export class TermCache {
  /** Walks in the order they were last put at the end, each with the count of puts it was put there at. */
  private readonly held = new Map<string, { walk: TermWalk; at: number }>();
  private entries = 0;
  private puts = 0;

  clear(): void {
    this.held.clear();
    this.entries = 0;
  }

  get(key: string): TermWalk | undefined {
    const found = this.held.get(key);
    if (!found) return undefined;
    // Moved to the end only once it has fallen back past the newest few: a short prefix reads a thousand walks on
    // every key, and moving each one every time churned the map more than reading the walks cost.
    if (this.puts - found.at > RECENT_PUTS) this.putLast(key, found.walk);
    return found.walk;
  }

  set(key: string, walk: TermWalk): void {
    const size = walk.chunkIds.length + walk.noteIds.length;
    if (size > MAX_ENTRIES) return;
    const old = this.held.get(key);
    if (old) this.entries -= old.walk.chunkIds.length + old.walk.noteIds.length;
    this.putLast(key, walk);
    this.entries += size;
    for (const [k, w] of this.held) {
      if (this.held.size <= MAX_TERMS && this.entries <= MAX_ENTRIES) break;
      this.held.delete(k);
      this.entries -= w.walk.chunkIds.length + w.walk.noteIds.length;
    }
  }

  private putLast(key: string, walk: TermWalk): void {
    this.held.delete(key);
    this.held.set(key, { walk, at: ++this.puts });
  }

  /** Terms held now. */
  get size(): number {
    return this.held.size;
  }
}

/**
 * What a term's walk depends on besides the index: the term, the languages whose chunks it may match, the fields
 * with their boosts, and the length normalisation of chunks and notes (`noteB` undefined when notes are not scored).
 */
export function termKey(term: string, mask: LanguageMask | undefined, fields: string, b: number, noteB: number | undefined): string {
  return `${term}\u0001${mask ? mask.join("") : ""}\u0001${fields}\u0001${b}\u0001${noteB ?? ""}`;
}
