import type { Bm25Postings } from "./bm25-terms";
import type { PostingList } from "./posting-list";

/** A term's posting list in each of a clause's fields, in the order of `QueryClause.props` (undefined: none there). */
export type FieldLists = readonly (PostingList | undefined)[];

/** Most terms held over all field sets; past it everything is dropped and looked up again. */
const MAX_TERMS = 16_384;

/**
 * Each term's posting lists in the searched fields, looked up once and kept for one index revision (by the owning
 * `ClauseCache`; see `validFor` there). A short prefix's thousand completions were looked up in every field's
 * vocabulary (a Map of a hundred thousand terms) three times per term on every key: to key the clause, for its
 * document frequency and for its walk. Those lookups were a fifth of a replayed key's time, about as much as scoring.
 * A list read here is the one the field holds: the index's text, and so its revision, has not changed since.
 */
export class TermLists {
  private readonly byFields = new Map<string, Map<string, FieldLists>>();
  private size = 0;

  /** Drops every term held. */
  clear(): void {
    this.byFields.clear();
    this.size = 0;
  }

  /** The lists of a term in the fields `props` of `index`, from this memo or looked up and held. */
  lookup(index: Pick<Bm25Postings, "fields">, props: readonly string[]): (term: string) => FieldLists {
    const key = props.join("\u0001");
    const fields = props.map((prop) => index.fields[prop]);
    return (term) => {
      const found = this.byFields.get(key)?.get(term);
      if (found) return found;
      const lists = fields.map((f) => f?.postings(term));
      if (this.size >= MAX_TERMS) this.clear();
      let held = this.byFields.get(key);
      if (!held) {
        held = new Map<string, FieldLists>();
        this.byFields.set(key, held);
      }
      held.set(term, lists);
      this.size++;
      return lists;
    };
  }

  /** Terms held now, over all field sets. */
  get count(): number {
    return this.size;
  }
}
