import { ChunkIndex, type SavedNote } from "../../index/chunk-index";
import { embeddingInput } from "../../index/embedding-input";
import { DEFAULT_LEXICAL_OPTIONS } from "../../keyword/lexical-options";
import { ENGLISH, languageOf } from "../../text/languages";
import { SNAPSHOT_FORMAT_VERSION, type IndexSnapshot, type SnapshotToSave } from "../../persist/snapshot";
import { EmbedQueue } from "../embedding/embed-queue";
import { fromRecord, sameIndexed, type NoteState } from "../notes/note-state";
import { VectorPool } from "../embedding/vector-pool";
import type { VectorPrecision } from "../../vectors/vector-precision";
import { snapshotVector } from "../../persist/int8-rows";
import { restoredRows } from "./restore-rows";
import { POOL_CHUNKS_PER_STEP, settlePoolLater, takeNormsLater } from "./load-leftovers";
import { runSliced } from "../../shared/slices";
import { snapshotOfNotes } from "./notes-snapshot";
import { pooledVectors } from "./pooled-vectors";

/** The header of a partial snapshot, whose own header the segment writer replaces. */
const SEGMENT_HEADER = { formatVersion: SNAPSHOT_FORMAT_VERSION, model: "", chunkingHash: "", savedAt: 0 };

/** Awaited between slices of work: yields to the UI when the slice's time is up. */
export type Pause = () => Promise<void>;

/**
 * Chunks added to or removed from Orama between two pauses. A chunk of mixed scripts (word segmentation, character
 * pairs) takes up to about 1 ms to analyse on a busy machine, so 8 keep a step well inside the UI's 50 ms even there;
 * a pause costs nothing until the time slice is used.
 */
const CHUNKS_PER_STEP = 8;

/**
 * The index and everything needed to keep it exact: the notes it was built from, the vectors by text, and the
 * texts still waiting for a vector. Every change goes through here, one at a time (the service never runs two).
 */
export class SyncedIndex {
  private readonly records = new Map<string, NoteState>();
  /** Vectors by text; those of text in the index are read from the index's vector store, never held twice. */
  readonly pool = new VectorPool((id) => this.current.get(id)?.vector);
  readonly queue = new EmbedQueue();
  /** `exclusionRulesHash` the restored notes were checked against (see `SnapshotHeader.exclusionsHash`). */
  checkedExclusions: string | undefined;
  private current: ChunkIndex;
  private indexedNotes = 0;
  /** Notes changed since the last save took the changes (see `takeChanges`); `allChanged`: every note. */
  private changedPaths = new Set<string>();
  private allChanged = true;

  /** `embedding`: whether chunks without a vector are queued for the embedder (false: keyword-only index). */
  constructor(
    dims: number,
    private embedding: boolean,
    /** Language code of chunks whose language can't be told (see `IndexSettings.defaultLanguage`). Default "en". */
    private defaultLanguage = "en",
    /** How the index keeps vectors (see `IndexSettings.vectorPrecision`). Default "float32". */
    private vectorPrecision: VectorPrecision = "float32",
  ) {
    this.current = this.emptyIndex(dims);
  }

  private emptyIndex(dims: number): ChunkIndex {
    return new ChunkIndex(dims, DEFAULT_LEXICAL_OPTIONS, languageOf(this.defaultLanguage) ?? ENGLISH, this.vectorPrecision);
  }

  get index(): ChunkIndex {
    return this.current;
  }

  /** The record of notes the index was built from, by path; changed only through `put`, `remove` and `restat`. */
  get notes(): ReadonlyMap<string, NoteState> {
    return this.records;
  }

  /** The note's file changed on disk but not its text: only its stat is recorded (nothing in the index moves). */
  restat(path: string, times: { mtime: number; ctime?: number }, size: number): void {
    const prev = this.records.get(path);
    if (prev) this.records.set(path, { ...prev, ...times, size });
    if (prev) this.changedPaths.add(path);
  }

  /** Notes with chunks in the index. */
  get noteCount(): number {
    return this.indexedNotes;
  }

  /** Chunks without their vector, counted only while embedding. */
  get pendingChunks(): number {
    return this.embedding ? this.pool.pendingChunks : 0;
  }

  /**
   * Puts a note's new version in place of the old one. Vectors of identical text anywhere (the old version, other
   * notes, recently dropped text, seeds) are reused; the rest is queued. A note with no chunks is recorded as
   * excluded by its content. `inputs[i]`, when given, is chunk i's embedding input (saves computing it again).
   */
  async put(next: NoteState, pause: Pause, inputs?: readonly string[]): Promise<void> {
    const prev = this.records.get(next.path);
    this.changedPaths.add(next.path);
    if (prev && sameIndexed(prev, next)) {
      this.records.set(next.path, next);
      return;
    }
    await this.settlePool(pause);
    await this.place(prev, next, await pooledVectors(this.pool, next.embedHashes, pause), pause, inputs);
  }

  /** Takes a note out of the index and out of the record. */
  async remove(path: string, pause: Pause): Promise<void> {
    const prev = this.records.get(path);
    if (!prev) return;
    await this.settlePool(pause);
    this.changedPaths.add(path);
    this.release(prev);
    this.records.delete(path);
    if (prev.chunks.length > 0) this.indexedNotes--;
    await runSliced(this.current.removeNoteSteps(path, CHUNKS_PER_STEP), pause);
  }

  /**
   * Makes `code` the language of chunks whose language neither frontmatter nor their words tell, analysing again only
   * the chunks it changes (no note is read or embedded again). Returns how many chunks changed.
   */
  async setDefaultLanguage(code: string, pause: Pause): Promise<number> {
    this.defaultLanguage = code;
    this.allChanged = true;
    return runSliced(this.current.setDefaultLanguageSteps(languageOf(code) ?? ENGLISH, CHUNKS_PER_STEP), pause);
  }

  /**
   * Keeps vectors in `precision` from now on, converting the stored ones in place (nothing is embedded again; see
   * `ChunkIndex.setVectorPrecisionSteps`). The next save writes the file in it. Returns how many were converted.
   */
  async setVectorPrecision(precision: VectorPrecision, pause: Pause): Promise<number> {
    this.vectorPrecision = precision;
    this.allChanged = true;
    return runSliced(this.current.setVectorPrecisionSteps(precision), pause);
  }

  /** A vector arrived for the text with this hash: every chunk with that text gets it. Returns how many did. */
  deliver(hash: string, vector: Float32Array): number {
    const ids = this.pool.deliver(hash, vector);
    for (const id of ids) {
      const path = this.current.get(id)?.chunk.path;
      if (this.current.setVector(id, vector) && path !== undefined) this.changedPaths.add(path);
    }
    return ids.length;
  }

  /** Rebuilds the Orama index for vectors of `dims` (when the size becomes known), keeping every note and vector. */
  async reshape(dims: number, pause: Pause): Promise<void> {
    await this.settlePool(pause);
    const next = this.emptyIndex(dims);
    for (const s of this.records.values()) {
      if (s.chunks.length === 0) continue;
      const vectors = s.embedHashes.map((h) => this.pool.lookup(h));
      await runSliced(next.addNoteSteps({ path: s.path, meta: s.meta, chunks: [...s.chunks] }, vectors, CHUNKS_PER_STEP), pause);
      await pause();
    }
    this.current = next;
    this.allChanged = true;
  }

  /**
   * Loads a snapshot into this (empty) index; the snapshot's vector array becomes part of the index's vector store
   * as it is, without a copy. The saved keyword
   * postings go into the index whole when the snapshot has usable ones; otherwise every text is analysed again.
   */
  async restore(s: IndexSnapshot, pause: Pause, noteDone?: (path: string) => void): Promise<void> {
    const dims = s.header.dims;
    // Int8 rows go into an int8 store as they are; any other pairing reads float32 values (`snapshotVector`).
    const int8 = dims > 0 && this.current.vectorPrecision === "int8";
    const paged = s.vectorPages;
    const pages = dims === 0 ? [] : (paged?.pages ?? [s.int8 ?? s.vectors]);
    const int8RowOf = (i: number): number => {
      if (!int8) return -1;
      if (paged) return paged.int8RowOf(i);
      return s.int8 && s.hasVector[i] === 1 ? i : -1;
    };
    const vectorOf = (i: number) => (dims === 0 ? undefined : paged ? paged.rowOf(i) : snapshotVector(s, i));
    const saved: SavedNote[] = [];
    // Loaded chunks go to the pool later while every one so far has its vector; from one without, here, in order.
    let deferring = true;
    for (let n = 0; n < s.notes.length; n++) {
      const record = s.notes[n]!;
      noteDone?.(record.path);
      const first = record.chunkStart;
      const stored = s.chunks.slice(first, first + record.chunkCount);
      const { rows, vectors, embedded } = restoredRows(first, stored.length, int8RowOf, vectorOf);
      const next = fromRecord(record, stored);
      deferring &&= !embedded.includes(false);
      if (deferring) this.trackDeferred(next);
      else this.track(undefined, next, embedded);
      const note = { path: next.path, meta: next.meta, chunks: stored };
      // Two literals, not a spread of a conditional object: this runs for every note at every load.
      if (stored.length > 0) saved.push(int8 ? { note, vectors, rows } : { note, vectors });
      if (n % 256 === 255) await pause();
    }
    await runSliced(this.current.restoreSteps(saved, s.keywordParts ?? s.keywords, undefined, pages), pause);
    const index = this.current;
    void takeNormsLater(index, () => this.current === index);
    // What was just loaded is what the files hold: the next save writes only what changes from here.
    this.changedPaths.clear();
    this.allChanged = false;
  }

  /** The notes changed since the last call (or every note), for a save; hand them back with `keepChanges` if it fails. */
  takeChanges(): { all: boolean; paths: Set<string> } {
    const taken = { all: this.allChanged, paths: this.changedPaths };
    this.changedPaths = new Set();
    this.allChanged = false;
    return taken;
  }

  /** A save of `taken` failed: its notes count as changed again. */
  keepChanges(taken: { all: boolean; paths: ReadonlySet<string> }): void {
    if (taken.all) this.allChanged = true;
    for (const p of taken.paths) this.changedPaths.add(p);
  }

  /** The keyword postings of each group of chunk ids, one pass over the index (see `ChunkIndex.exportKeywordPartsSteps`). */
  postingsOf(groups: readonly (readonly string[])[], pause: Pause): Promise<Uint8Array[] | undefined> {
    return runSliced(this.current.exportKeywordPartsSteps(groups), pause);
  }

  /**
   * A consistent picture of the index for saving; `header` gets the current vector size. Vectors are views into
   * the index's vector store, not copies: until the snapshot's `vectors.release()`, the store reuses no freed slot,
   * so every view keeps the vector it had when the snapshot was taken.
   */
  async snapshot(header: Omit<IndexSnapshot["header"], "dims">, pause: Pause): Promise<SnapshotToSave> {
    const whole = await this.snapshotOf(this.records.keys(), pause, header);
    const keywords = await runSliced(this.current.exportKeywordSteps(whole.chunks.map((c) => c.id)), pause);
    return { ...whole, ...(keywords ? { keywords } : {}) };
  }

  /**
   * `snapshot` of just the notes at `paths` (those in the record, in this order), without keyword postings: what a
   * save of segments writes. Vectors are views held until `vectors.release()`, as for `snapshot`.
   */
  async snapshotOf(paths: Iterable<string>, pause: Pause, header: Omit<IndexSnapshot["header"], "dims"> = SEGMENT_HEADER): Promise<SnapshotToSave> {
    return snapshotOfNotes(this.records, this.current, paths, pause, header);
  }

  private async place(
    prev: NoteState | undefined,
    next: NoteState,
    vectors: readonly (Float32Array | undefined)[],
    pause: Pause,
    inputs?: readonly string[],
  ): Promise<void> {
    this.track(prev, next, vectors.map((v) => v !== undefined), inputs);
    const note = { path: next.path, meta: next.meta, chunks: [...next.chunks] };
    if (next.chunks.length > 0) await runSliced(this.current.addNoteSteps(note, vectors, CHUNKS_PER_STEP), pause);
    else await runSliced(this.current.removeNoteSteps(next.path, CHUNKS_PER_STEP), pause);
  }

  /** The pool's deferred records in slices after what is waiting (`settlePoolLater`): for the loop once idle. */
  settlePoolLater(): void {
    const index = this.current;
    void settlePoolLater(this.pool, () => this.current === index);
  }

  /** Loaded chunks are recorded in the pool in slices before it is asked by a change (see `VectorPool.defer`). */
  private async settlePool(pause: Pause): Promise<void> {
    if (this.pool.deferring) await runSliced(this.pool.settleSteps(POOL_CHUNKS_PER_STEP), pause);
  }

  /** `track(undefined, next, …)` of a loaded note whose chunks all have their vector, its pool part deferred. */
  private trackDeferred(next: NoteState): void {
    if (next.chunks.length > 0) this.indexedNotes++;
    this.pool.defer(next);
    this.records.set(next.path, next);
  }

  /** Records `next` in place of `prev`: the note list, the vectors it holds, the texts it still needs embedded. */
  // `embedded[i]`: chunk i has its vector.
  private track(
    prev: NoteState | undefined,
    next: NoteState,
    embedded: readonly boolean[],
    inputs?: readonly string[],
  ): void {
    if (prev) this.release(prev);
    this.indexedNotes += (next.chunks.length > 0 ? 1 : 0) - (prev && prev.chunks.length > 0 ? 1 : 0);
    next.chunks.forEach((chunk, i) => {
      const hash = next.embedHashes[i] ?? "";
      if (this.pool.retain(hash, chunk.id, embedded[i] === true) && this.embedding) {
        this.queue.add({ hash, text: inputs?.[i] ?? embeddingInput(chunk) });
      }
    });
    this.records.set(next.path, next);
  }

  private release(prev: NoteState): void {
    prev.chunks.forEach((chunk, i) => {
      const hash = prev.embedHashes[i] ?? "";
      if (this.pool.release(hash, chunk.id)) this.queue.drop(hash);
    });
  }
}

