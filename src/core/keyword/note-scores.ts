import type { NoteTable } from "./note-table";
import { Accumulator } from "./score-accumulator";

/** What a query term is to its clause: the word itself (a stem of it), a completion of it, or a correction. */
export type TermKind = "own" | "completion" | "fuzzy";

/** How notes are scored as whole documents beside their chunks. */
export interface NoteScoring {
  table: NoteTable;
  /** BM25 term-frequency saturation of the note score. */
  k1: number;
  /** BM25 length normalisation of the note score, against the mean note length of each field. */
  b: number;
  /** Weight of a note's best chunk score added to its note score: the passage half of "document + best passage". */
  passageWeight: number;
}

/**
 * The note-level half of one BM25F search, fed posting by posting from the same pass that scores chunks. A note is
 * scored as if its chunks were one document, the way a whole-note index (MiniSearch, Lucene) would: each field's
 * counts summed over its chunks and normalised by the note's field length, the note-level document frequency of a
 * term counted as the distinct notes its postings fall in, and the note count as the collection size. Fields that
 * repeat in every chunk (title, aliases) count once per note, or a long note would get its title counted once per
 * chunk. Everything is in flat arrays over note ordinals, so the cost is linear in the postings touched.
 */
export class NotePass {
  private readonly tfs: Accumulator;
  private readonly best: Accumulator;
  /** Per note, the last term (by stamp) that counted it in the term's document frequency. */
  private readonly dfSeen: Int32Array;
  /** Per note, the last note-wide field (by stamp) that added to its term frequency. */
  private readonly fieldSeen: Int32Array;
  private termStamp = 0;
  private fieldStamp = 0;
  private df = 0;
  private ownIdf = Infinity;
  private exactIdf = Infinity;
  private lengths: Float64Array = new Float64Array(0);
  private avgLength = 1;
  private boost = 1;
  private wide = false;
  /**
   * The current term's kept walk, when `replayTerm` stood in for its postings (two fields, not an object: a short
   * prefix replays a thousand walks on every key).
   */
  private replayedIds: Int32Array | undefined;
  private replayedTfs: Float64Array = new Float64Array(0);

  private k1 = 1.2;
  private b = 0.75;
  /**
   * Note scores of this pass, added up clause by clause in place, and the notes they were set for (`scoredCount` of
   * them; cleared when the next pass begins): a dozen clauses of common words add to every note of a large vault, and
   * an accumulator drained into this array, with a pushed number per note, cost as much as adding up their chunks.
   */
  private readonly final: Float64Array;
  private readonly scored: Int32Array;
  private scoredCount = 0;

  /** Buffers for the notes of `table` with ordinals below `size`; see `notePassFor`. */
  constructor(
    private readonly table: NoteTable,
    readonly size: number,
  ) {
    this.tfs = new Accumulator(size);
    this.best = new Accumulator(size);
    this.dfSeen = new Int32Array(size);
    this.fieldSeen = new Int32Array(size);
    this.final = new Float64Array(size);
    this.scored = new Int32Array(size);
  }

  /** Starts a pass with these settings. The stamps go on counting, so nothing but the last scores needs clearing. */
  begin(s: NoteScoring): this {
    this.k1 = s.k1;
    this.b = s.b;
    // Full, the list may have missed a note (only if a clause gave one a score of zero): clear them all.
    if (this.scoredCount >= this.scored.length) this.final.fill(0);
    else for (let k = 0; k < this.scoredCount; k++) this.final[this.scored[k]!] = 0;
    this.scoredCount = 0;
    return this;
  }

  /** A clause begins: no exact term of it has been seen yet. */
  startClause(): void {
    this.ownIdf = Infinity;
    this.exactIdf = Infinity;
  }

  /** A term's postings follow. */
  startTerm(): void {
    this.termStamp++;
    this.df = 0;
    this.replayedIds = undefined;
  }

  /** The postings of `field` for the current term follow, weighted by `boost`. */
  startField(field: string, boost: number): void {
    this.fieldStamp++;
    this.lengths = this.table.lengthsOf(field);
    this.avgLength = this.table.averageLength(field) || 1;
    this.boost = boost;
    this.wide = this.table.isNoteWide(field);
  }

  /** One posting: chunk `internalId` holds the term `count` times in the current field. */
  visit(internalId: number, count: number): void {
    const n = this.table.noteOf(internalId);
    if (n < 0) return;
    if (this.wide) {
      if (this.fieldSeen[n] === this.fieldStamp) return;
      this.fieldSeen[n] = this.fieldStamp;
    }
    if (this.dfSeen[n] !== this.termStamp) {
      this.dfSeen[n] = this.termStamp;
      this.df++;
    }
    const b = this.b;
    this.tfs.add(n, (this.boost * count) / (1 - b + (b * (this.lengths[n] ?? 0)) / this.avgLength));
  }

  /** The length normalisation notes are scored with in this pass. */
  get lengthNorm(): number {
    return this.b;
  }

  /**
   * The current term's note frequencies and its note-level document frequency, once its postings are walked (see
   * term-cache.ts): taken out of `tfs` in one pass, and read from these arrays at `endTerm` as a replayed walk's are,
   * rather than copied out and then drained again.
   */
  takeTerm(): { ids: Int32Array; tfs: Float64Array; df: number } {
    const { ids, values } = this.tfs.drainToArrays();
    this.replayedIds = ids;
    this.replayedTfs = values;
    return { ids, tfs: values, df: this.df };
  }

  /**
   * In place of the current term's postings: the note frequencies and document frequency a walk of them gave. They are
   * read as they are at `endTerm`, as `tfs` would hold them (each note once, in the order met, none zero), without
   * being added up again: a short prefix's thousand completions are replayed on every key.
   */
  replayTerm(ids: Int32Array, tfs: Float64Array, df: number): void {
    this.replayedIds = ids;
    this.replayedTfs = tfs;
    this.df = df;
  }

  /**
   * The term's postings are done: its note scores go into the clause's best. A completion's idf is capped at the
   * clause's own terms', a correction's at those and the completions' (terms come in that order), as at chunk level.
   */
  endTerm(weight: number, kind: TermKind): void {
    if (this.df === 0) return;
    const n = this.table.noteCount;
    let idf = Math.log(1 + (n - this.df + 0.5) / (this.df + 0.5));
    if (kind === "own") this.ownIdf = this.ownIdf === Infinity ? idf : Math.max(this.ownIdf, idf);
    if (kind !== "fuzzy") this.exactIdf = this.exactIdf === Infinity ? idf : Math.max(this.exactIdf, idf);
    if (kind === "completion") idf = Math.min(idf, this.ownIdf);
    else if (kind === "fuzzy") idf = Math.min(idf, this.exactIdf);
    const w = weight * idf;
    const k1 = this.k1;
    const ids = this.replayedIds;
    const tfs = this.replayedTfs;
    this.replayedIds = undefined;
    if (!ids) {
      this.tfs.drain((note, t) => this.best.max(note, (w * t * (k1 + 1)) / (t + k1)));
      return;
    }
    for (let k = 0; k < ids.length; k++) {
      const t = tfs[k] ?? 0;
      this.best.max(ids[k] ?? 0, (w * t * (k1 + 1)) / (t + k1));
    }
  }

  /**
   * The clause is done: its best term per note, which `addClause` then counts (the clause's scores can be kept and
   * added again by a later search over the same index revision; see clause-cache.ts).
   */
  endClause(): { ids: Int32Array; scores: Float64Array } {
    const { ids, values } = this.best.drainToArrays();
    return { ids, scores: values };
  }

  /** What `endClause` would give now, left in place (see `scoreClause`'s `strict`). */
  peekClause(): { ids: Int32Array; scores: Float64Array } {
    const { ids, values } = this.best.peekToArrays();
    return { ids, scores: values };
  }

  /** A clause's note scores count `count` times (the word's repeats in the query). */
  addClause(notes: Int32Array, scores: Float64Array, count: number): void {
    const { final, scored } = this;
    let n = this.scoredCount;
    for (let k = 0; k < notes.length; k++) {
      const note = notes[k]!;
      const old = final[note]!;
      // A clause lists each note once, with a score above zero: a note at zero is new to this pass.
      if (old === 0 && n < scored.length) scored[n++] = note;
      else if (old === 0) n = scored.length;
      final[note] = old + scores[k]! * count;
    }
    this.scoredCount = n;
  }

  /** Every note's score by ordinal (0 for notes that matched nothing), valid until the next `begin`. */
  finish(): Float64Array {
    return this.final;
  }
}

const passes = new WeakMap<NoteTable, NotePass>();

/**
 * A note pass over `s.table`, its buffers reused from the last search over that table: a keystroke's search would
 * otherwise allocate and zero six arrays as long as the note count. Searches never interleave (they are synchronous).
 */
export function notePassFor(s: NoteScoring): NotePass {
  const needed = s.table.capacity + 1;
  let pass = passes.get(s.table);
  if (!pass || pass.size < needed) {
    pass = new NotePass(s.table, Math.max(needed, Math.ceil((pass?.size ?? 0) * 1.5), 64));
    passes.set(s.table, pass);
  }
  return pass.begin(s);
}
