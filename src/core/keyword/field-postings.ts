import { PostingList } from "./posting-list";
import { TermDictionary } from "./term-dictionary";
import { runAll, type Steps } from "../shared/slices";

/** Terms put in a restored field's map between two yields: a few ms of work on a busy machine. */
const TERMS_PER_STEP = 4096;

/** A saved field, made ready by `FieldPostings.prepare` to take a field's place at once (`FieldPostings.adopt`). */
export interface PreparedField {
  lists: Map<string, PostingList>;
  /** The terms in use, ascending. */
  terms: string[];
  lengths: Int32Array;
  total: number;
  documentCount: number;
}

/**
 * The inverted index of one text field: each term's posting list, each document's field length (terms counted
 * with repeats), and the vocabulary for prefix lookups. Terms live in a Map, never in a plain object: a note may
 * well contain "constructor" or "__proto__".
 */
export class FieldPostings {
  private lists = new Map<string, PostingList>();
  private lengths: Int32Array = new Int32Array(64);
  private total = 0;
  private docs = 0;
  readonly vocabulary = new TermDictionary((term) => this.lists.has(term));
  /** Lists came from a saved index (`restore`): some may still wait to be read or sorted (`PostingList.settle`). */
  restored = false;

  /** Number of documents added and not removed (those with an empty field included). */
  get documentCount(): number {
    return this.docs;
  }

  /** Mean field length over the documents; 0 when there are none. */
  get averageLength(): number {
    return this.docs > 0 ? this.total / this.docs : 0;
  }

  /** Number of distinct terms. */
  get termCount(): number {
    return this.lists.size;
  }

  /** Indexes a document's field, given each distinct term's count and the length with repeats. */
  add(id: number, counts: ReadonlyMap<string, number>, length: number): void {
    for (const [term, count] of counts) {
      let list = this.lists.get(term);
      if (!list) {
        list = new PostingList();
        this.lists.set(term, list);
        this.vocabulary.add(term);
      }
      list.add(id, count);
    }
    this.setLength(id, length);
    this.docs++;
  }

  /** Takes a document out, given the distinct terms it was added with. */
  remove(id: number, terms: Iterable<string>): void {
    for (const term of terms) {
      const list = this.lists.get(term);
      if (!list?.remove(id) || list.length > 0) continue;
      this.lists.delete(term);
      this.vocabulary.remove();
    }
    this.total -= this.lengths[id] ?? 0;
    if (id < this.lengths.length) this.lengths[id] = 0;
    this.docs = Math.max(0, this.docs - 1);
  }

  postings(term: string): PostingList | undefined {
    return this.lists.get(term);
  }

  /** Number of documents containing `term`. */
  documentFrequency(term: string): number {
    return this.lists.get(term)?.length ?? 0;
  }

  /** Field length of document `id` (0 for an unknown one). */
  lengthOf(id: number): number {
    return this.lengths[id] ?? 0;
  }

  /**
   * Replaces everything with a saved state: `terms` ascending with `lists[i]` belonging to `terms[i]`, and `lengths`
   * holding each document's field length by id (0 for ids with no document).
   */
  restore(terms: string[], lists: PostingList[], lengths: Int32Array, documentCount: number): void {
    this.adopt(runAll(FieldPostings.prepare(terms, lists, lengths, documentCount)));
  }

  /**
   * A saved state (as `restore` takes it) made ready in steps, changing nothing: every term's map entry took one
   * step of 50 ms and more at 50,000 notes on a busy machine, the longest stall of a load. `adopt` then puts it in
   * place at once, so that no search ever sees a field half restored.
   */
  static *prepare(terms: string[], lists: PostingList[], lengths: Int32Array, documentCount: number): Steps<PreparedField> {
    const map = new Map<string, PostingList>();
    // Terms are distinct, so those set here are the vocabulary (no lookup per term to find them again).
    const used: string[] = [];
    for (let i = 0; i < terms.length; i++) {
      if (i % TERMS_PER_STEP === TERMS_PER_STEP - 1) yield;
      const list = lists[i];
      if (!list || list.length === 0) continue;
      map.set(terms[i]!, list);
      used.push(terms[i]!);
    }
    let total = 0;
    for (let id = 0; id < lengths.length; id++) total += lengths[id]!;
    return { lists: map, terms: used.length === terms.length ? terms : used, lengths, total, documentCount };
  }

  /** Replaces everything with a state `prepare` made ready (see `restore`). */
  adopt(p: PreparedField): void {
    this.lists = p.lists;
    this.restored = true;
    this.vocabulary.reset(p.terms);
    this.lengths = p.lengths;
    this.total = p.total;
    this.docs = p.documentCount;
  }

  private setLength(id: number, length: number): void {
    if (id >= this.lengths.length) {
      const next = new Int32Array(Math.max(id + 1, this.lengths.length * 2));
      next.set(this.lengths);
      this.lengths = next;
    }
    this.total += length - (this.lengths[id] ?? 0);
    this.lengths[id] = length;
  }
}
