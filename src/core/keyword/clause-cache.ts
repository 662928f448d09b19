import type { QueryClause } from "./bm25-terms";
import { TermCache } from "./term-cache";
import { TermLists } from "./term-lists";

/** What one clause adds to every chunk's score, and to every note's when notes are scored (before its `count`). */
export interface ClauseScores {
  /** Internal chunk ids and the clause's score in each, in the order the pass met them. */
  chunkIds: Int32Array;
  chunkScores: Float64Array;
  /** Note ordinals and the clause's note score in each; empty when notes were not scored. */
  noteIds: Int32Array;
  noteScores: Float64Array;
}

/** Most clauses kept: the words of a query being typed, and the last word's few latest forms. */
const MAX_CLAUSES = 24;
/**
 * Most chunk and note entries kept over all clauses (12 bytes each, so about 24 MB): a common word of a 50,000-note
 * vault scores over 100,000 chunks, and a handful of such clauses is what typing a query needs.
 */
const MAX_ENTRIES = 2_000_000;

/**
 * Each clause's scores from the last searches, so that a keystroke pays only for the word being typed: the words
 * before it score the same as on the key before. A clause's scores depend on the index's statistics, so the cache
 * holds them for one index revision only (see `validFor`); they never depend on the other clauses of the query.
 */
export class ClauseCache {
  private readonly held = new Map<string, ClauseScores>();
  private entries = 0;
  private revision: number | undefined;
  /** The walks of the clauses' terms, for clauses not held (see term-cache.ts); same revision. */
  readonly terms = new TermCache();
  /** The terms' posting lists in the searched fields (see term-lists.ts); same revision. */
  readonly lists = new TermLists();

  /** Drops everything when the index changed since the cache was filled. */
  validFor(revision: number): this {
    if (this.revision !== revision) {
      this.held.clear();
      this.terms.clear();
      this.lists.clear();
      this.entries = 0;
      this.revision = revision;
    }
    return this;
  }

  get(key: string): ClauseScores | undefined {
    const found = this.held.get(key);
    if (found) {
      // Most recently used last, so the oldest go first.
      this.held.delete(key);
      this.held.set(key, found);
    }
    return found;
  }

  set(key: string, scores: ClauseScores): void {
    const size = scores.chunkIds.length + scores.noteIds.length;
    if (size > MAX_ENTRIES) return;
    const old = this.held.get(key);
    if (old) this.entries -= old.chunkIds.length + old.noteIds.length;
    this.held.delete(key);
    this.held.set(key, scores);
    this.entries += size;
    for (const [old, s] of this.held) {
      if (this.held.size <= MAX_CLAUSES && this.entries <= MAX_ENTRIES) break;
      this.held.delete(old);
      this.entries -= s.chunkIds.length + s.noteIds.length;
    }
  }

  /** Clauses held now. */
  get size(): number {
    return this.held.size;
  }
}

/**
 * What a clause's scores depend on besides the index: its fields and each term with how it counts. With `occurs`,
 * terms it says the index lacks are left out: they add nothing and set no cap, so "ques" (its own stem in no note)
 * keys the same as "que" when both complete to the same terms, and "projec" as "proje".
 */
export function clauseKey(clause: QueryClause, occurs?: (term: string) => boolean): string {
  const terms = (occurs ? clause.terms.filter((t) => occurs(t.term)) : clause.terms).map((t) => {
    const kind = t.fuzzy ? "f" : t.completion ? "c" : "o";
    return `${t.term}\u0001${t.weight}\u0001${kind}\u0001${t.languages ? t.languages.join("") : ""}`;
  });
  return `${clause.props.join(",")}\u0002${terms.join("\u0002")}`;
}
