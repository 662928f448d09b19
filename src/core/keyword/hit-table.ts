/**
 * Every chunk one search matched, in flat arrays: position `i` is one hit, `ids[i]` its internal chunk id, `score[i]`
 * what the list is ordered by and `chunk[i]` its own BM25F score. A common word matches tens of thousands of chunks
 * on every keystroke; one object per hit, and a closure call per comparison, made most of a keystroke's time and
 * garbage once the clauses' scores were kept (see clause-cache.ts). Only the hits a reader asks for become objects.
 */
export class HitTable {
  /** After `scoreNotes`: each hit's note ordinal (−1 for none), and each scored note's total. */
  private noteOfHit: Int32Array | undefined;
  private noteTotals: Float64Array | undefined;
  /** The last `candidates` asked for: a key reads its table twice at one depth, capped per note and not. */
  private lastCandidates: { k: number; positions: Int32Array | undefined } | undefined;

  constructor(
    readonly ids: Int32Array,
    readonly score: Float64Array,
    readonly chunk: Float64Array,
    /** Chunk id of each internal id (`external[id - 1]`), the last tie-breaker. */
    private readonly external: readonly string[],
  ) {}

  get length(): number {
    return this.ids.length;
  }

  /** Whether hit `i` ranks above hit `j`: by score, then chunk score, then chunk id (never by insertion order). */
  better(i: number, j: number): boolean {
    const si = this.score[i] ?? 0;
    const sj = this.score[j] ?? 0;
    if (si !== sj) return si > sj;
    const ci = this.chunk[i] ?? 0;
    const cj = this.chunk[j] ?? 0;
    if (ci !== cj) return ci > cj;
    return (this.external[(this.ids[i] ?? 0) - 1] ?? "") < (this.external[(this.ids[j] ?? 0) - 1] ?? "");
  }

  /**
   * Sets each hit's score to its note's: `noteScores[n]` plus `passageWeight` times the note's best chunk score.
   * Hits of no note (`noteOf` −1) keep their chunk score.
   */
  scoreNotes(noteOf: (internalId: number) => number, noteScores: Float64Array, passageWeight: number): void {
    const { ids, chunk, score } = this;
    const notes = new Int32Array(ids.length);
    // Working arrays kept from call to call (a key scores one or two tables of thousands of hits over every note
    // ordinal): `bestChunk` is all zeros between calls, `touched` lists the notes met, in a typed array (a number
    // array pushed to per note was a tenth of a key's garbage).
    if (scratch.bestChunk.length < noteScores.length) scratch.bestChunk = new Float64Array(noteScores.length);
    if (scratch.touched.length < ids.length) scratch.touched = new Int32Array(ids.length);
    const { bestChunk, touched } = scratch;
    let met = 0;
    for (let i = 0; i < ids.length; i++) {
      const n = noteOf(ids[i] ?? 0);
      notes[i] = n;
      if (n < 0) continue;
      if (bestChunk[n] === 0) touched[met++] = n;
      if ((chunk[i] ?? 0) > (bestChunk[n] ?? 0)) bestChunk[n] = chunk[i] ?? 0;
    }
    const totals = new Float64Array(met);
    for (let k = 0; k < met; k++) {
      const n = touched[k] ?? 0;
      const total = (noteScores[n] ?? 0) + passageWeight * (bestChunk[n] ?? 0);
      totals[k] = total;
      // The note's total, kept where its best chunk was, for the hits below.
      bestChunk[n] = total;
    }
    for (let i = 0; i < ids.length; i++) {
      const n = notes[i] ?? -1;
      score[i] = n < 0 ? (chunk[i] ?? 0) : (bestChunk[n] ?? 0);
    }
    for (let k = 0; k < met; k++) bestChunk[touched[k] ?? 0] = 0;
    this.noteOfHit = notes;
    this.noteTotals = totals;
    this.lastCandidates = undefined;
  }

  /**
   * Positions of the hits that can be among the `k` best, capped per note or not; undefined for all. Every chunk of
   * a note has its note's score, so the k best notes hold at least k hits scoring at least the k-th best note's
   * score, and no hit scoring below it can be listed: a common word's tens of thousands of hits come down to the
   * chunks of a few notes before capping and ranking, which compare hit against hit.
   */
  candidates(k: number): Int32Array | undefined {
    if (this.lastCandidates?.k === k) return this.lastCandidates.positions;
    const positions = this.findCandidates(k);
    this.lastCandidates = { k, positions };
    return positions;
  }

  private findCandidates(k: number): Int32Array | undefined {
    const totals = this.noteTotals;
    const notes = this.noteOfHit;
    if (!totals || !notes || totals.length <= k || k <= 0) return undefined;
    const floor = kthLargest(totals, k);
    let count = 0;
    for (let i = 0; i < notes.length; i++) if ((notes[i] ?? -1) < 0 || (this.score[i] ?? 0) >= floor) count++;
    const out = new Int32Array(count);
    let at = 0;
    for (let i = 0; i < notes.length; i++) if ((notes[i] ?? -1) < 0 || (this.score[i] ?? 0) >= floor) out[at++] = i;
    return out;
  }

  /**
   * Positions of the `perNote` best hits of each note among `among` (default all; `size`: how many note ordinals
   * there are), in no useful order; undefined when the cap leaves them all. A bounded insertion per hit into its
   * note's slots, so the cost stays linear in the hits.
   */
  capPerNote(noteOf: (internalId: number) => number, size: number, perNote: number, among?: Int32Array): Int32Array | undefined {
    const width = Math.max(1, Math.floor(perNote));
    const n = among ? among.length : this.length;
    if (!Number.isFinite(perNote) || width >= n) return among;
    const slots = new Int32Array(size * width);
    const filled = new Int32Array(size);
    const touched: number[] = [];
    for (let x = 0; x < n; x++) {
      const i = among ? (among[x] ?? 0) : x;
      const note = noteOf(this.ids[i] ?? 0);
      if (note < 0) continue;
      const start = note * width;
      let k = filled[note] ?? 0;
      if (k === 0) touched.push(note);
      if (k === width) {
        if (!this.better(i, slots[start + width - 1] ?? 0)) continue;
        k--;
      } else filled[note] = k + 1;
      while (k > 0 && this.better(i, slots[start + k - 1] ?? 0)) {
        slots[start + k] = slots[start + k - 1] ?? 0;
        k--;
      }
      slots[start + k] = i;
    }
    let count = 0;
    for (const t of touched) count += filled[t] ?? 0;
    const out = new Int32Array(count);
    let at = 0;
    for (const t of touched) for (let j = 0; j < (filled[t] ?? 0); j++) out[at++] = slots[t * width + j] ?? 0;
    return out;
  }

  /** Positions of the `k` best hits among `among` (default all), best first: a bounded heap of positions. */
  top(k: number, among?: Int32Array): number[] {
    const n = among ? among.length : this.length;
    const at = (x: number): number => (among ? (among[x] ?? 0) : x);
    const size = Math.min(k, n);
    if (size <= 0) return [];
    // The heap's root is the worst position kept, so a new hit only has to beat it.
    const heap = new Int32Array(size);
    let filled = 0;
    const siftDown = (): void => {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let w = i;
        if (l < filled && this.better(heap[w] ?? 0, heap[l] ?? 0)) w = l;
        if (r < filled && this.better(heap[w] ?? 0, heap[r] ?? 0)) w = r;
        if (w === i) return;
        const t = heap[i] ?? 0;
        heap[i] = heap[w] ?? 0;
        heap[w] = t;
        i = w;
      }
    };
    for (let x = 0; x < n; x++) {
      const p = at(x);
      if (filled < size) {
        let i = filled++;
        heap[i] = p;
        while (i > 0) {
          const parent = (i - 1) >> 1;
          if (!this.better(heap[parent] ?? 0, heap[i] ?? 0)) break;
          const t = heap[i] ?? 0;
          heap[i] = heap[parent] ?? 0;
          heap[parent] = t;
          i = parent;
        }
      } else if ((this.score[p] ?? 0) >= (this.score[heap[0] ?? 0] ?? 0) && this.better(p, heap[0] ?? 0)) {
        // Most hits score below the worst kept: one comparison of scores rules them out.
        heap[0] = p;
        siftDown();
      }
    }
    return [...heap].sort((a, b) => (this.better(a, b) ? -1 : this.better(b, a) ? 1 : 0));
  }
}

/** `scoreNotes`' working arrays, grown as needed. */
const scratch = { bestChunk: new Float64Array(0), touched: new Int32Array(0) };

/** The `k`-th largest of `xs` (1 ≤ k ≤ length), by a bounded min-heap of the k largest. */
function kthLargest(xs: Float64Array, k: number): number {
  const heap = new Float64Array(k);
  let filled = 0;
  for (let x = 0; x < xs.length; x++) {
    const v = xs[x] ?? 0;
    if (filled < k) {
      let i = filled++;
      heap[i] = v;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if ((heap[parent] ?? 0) <= v) break;
        heap[i] = heap[parent] ?? 0;
        i = parent;
      }
      heap[i] = v;
    } else if (v > (heap[0] ?? 0)) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        let mv = v;
        if (l < k && (heap[l] ?? 0) < mv) {
          m = l;
          mv = heap[l] ?? 0;
        }
        if (r < k && (heap[r] ?? 0) < mv) m = r;
        if (m === i) break;
        heap[i] = heap[m] ?? 0;
        i = m;
      }
      heap[i] = v;
    }
  }
  return heap[0] ?? 0;
}
