import { ChunkIndex, type SavedNote } from "../../index/chunk-index";
import { embeddingInput } from "../../index/embedding-input";
import { DEFAULT_LEXICAL_OPTIONS } from "../../keyword/lexical-options";
import { ENGLISH, languageOf } from "../../text/languages";
import type { IndexSnapshot, NoteRecord, SnapshotToSave, StoredChunk } from "../../persist/snapshot";
import { EmbedQueue } from "../embedding/embed-queue";
import { fromRecord, sameIndexed, toRecord, toStoredChunks, type NoteState } from "../notes/note-state";
import { VectorPool } from "../embedding/vector-pool";
import type { VectorPrecision } from "../../vectors/vector-precision";
import { snapshotVector } from "../../persist/int8-rows";

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
    if (prev && sameIndexed(prev, next)) {
      this.records.set(next.path, next);
      return;
    }
    const vectors = next.embedHashes.map((h) => this.pool.lookup(h));
    await this.place(prev, next, vectors, pause, inputs);
  }

  /** Takes a note out of the index and out of the record. */
  async remove(path: string, pause: Pause): Promise<void> {
    const prev = this.records.get(path);
    if (!prev) return;
    this.release(prev);
    this.records.delete(path);
    if (prev.chunks.length > 0) this.indexedNotes--;
    await run(this.current.removeNoteSteps(path, CHUNKS_PER_STEP), pause);
  }

  /**
   * Makes `code` the language of chunks whose language neither frontmatter nor their words tell, analysing again only
   * the chunks it changes (no note is read or embedded again). Returns how many chunks changed.
   */
  async setDefaultLanguage(code: string, pause: Pause): Promise<number> {
    this.defaultLanguage = code;
    return run(this.current.setDefaultLanguageSteps(languageOf(code) ?? ENGLISH, CHUNKS_PER_STEP), pause);
  }

  /**
   * Keeps vectors in `precision` from now on, converting the stored ones in place (nothing is embedded again; see
   * `ChunkIndex.setVectorPrecisionSteps`). The next save writes the file in it. Returns how many were converted.
   */
  async setVectorPrecision(precision: VectorPrecision, pause: Pause): Promise<number> {
    this.vectorPrecision = precision;
    return run(this.current.setVectorPrecisionSteps(precision), pause);
  }

  /** A vector arrived for the text with this hash: every chunk with that text gets it. Returns how many did. */
  deliver(hash: string, vector: Float32Array): number {
    const ids = this.pool.deliver(hash, vector);
    for (const id of ids) this.current.setVector(id, vector);
    return ids.length;
  }

  /** Rebuilds the Orama index for vectors of `dims` (when the size becomes known), keeping every note and vector. */
  async reshape(dims: number, pause: Pause): Promise<void> {
    const next = this.emptyIndex(dims);
    for (const s of this.records.values()) {
      if (s.chunks.length === 0) continue;
      const vectors = s.embedHashes.map((h) => this.pool.lookup(h));
      await run(next.addNoteSteps({ path: s.path, meta: s.meta, chunks: [...s.chunks] }, vectors, CHUNKS_PER_STEP), pause);
      await pause();
    }
    this.current = next;
  }

  /**
   * Loads a snapshot into this (empty) index; the snapshot's vector array becomes part of the index's vector store
   * as it is, without a copy. The saved keyword
   * postings go into the index whole when the snapshot has usable ones; otherwise every text is analysed again.
   */
  async restore(s: IndexSnapshot, pause: Pause, noteDone?: (path: string) => void): Promise<void> {
    const dims = s.header.dims;
    // Int8 rows go into an int8 store as they are; any other pairing reads float32 rows (`snapshotVector`).
    const int8 = dims > 0 && s.int8 && this.current.vectorPrecision === "int8" ? s.int8 : undefined;
    const saved: SavedNote[] = [];
    for (const [n, record] of s.notes.entries()) {
      noteDone?.(record.path);
      const stored = s.chunks.slice(record.chunkStart, record.chunkStart + record.chunkCount);
      const at = (j: number) => record.chunkStart + j;
      const vectors = stored.map((_, j) => (int8 ? undefined : snapshotVector(s, at(j))));
      const rows = int8 ? stored.map((_, j) => (s.hasVector[at(j)] === 1 ? at(j) : -1)) : undefined;
      const next = fromRecord(record, stored);
      this.track(undefined, next, rows ? rows.map((r) => r >= 0) : vectors.map((v) => v !== undefined));
      if (stored.length > 0) saved.push({ note: { path: next.path, meta: next.meta, chunks: stored }, vectors, ...(rows ? { rows } : {}) });
      if (n % 256 === 255) await pause();
    }
    const rows = dims === 0 ? undefined : (int8 ?? (s.int8 ? undefined : s.vectors));
    await run(this.current.restoreSteps(saved, s.keywords, undefined, rows), pause);
  }

  /**
   * A consistent picture of the index for saving; `header` gets the current vector size. Vectors are views into
   * the index's vector store, not copies: until the snapshot's `vectors.release()`, the store reuses no freed slot,
   * so every view keeps the vector it had when the snapshot was taken.
   */
  async snapshot(header: Omit<IndexSnapshot["header"], "dims">, pause: Pause): Promise<SnapshotToSave> {
    const dims = this.current.dims;
    const notes: NoteRecord[] = [];
    const chunks: StoredChunk[] = [];
    for (const s of this.records.values()) {
      notes.push(toRecord(s, chunks.length));
      chunks.push(...toStoredChunks(s));
      await pause();
    }
    const keywords = await run(this.current.exportKeywordSteps(chunks.map((c) => c.id)), pause);
    const store = this.current.vectorStore;
    const release = store?.hold() ?? (() => undefined);
    // Slots, not vectors: an int8 store has no views to hand out, and a copy of every vector would undo its savings.
    const slots = new Int32Array(chunks.length).fill(-1);
    const hasVector = new Uint8Array(chunks.length);
    for (const [i, c] of chunks.entries()) {
      const slot = dims > 0 ? store?.slotOfId(c.id) : undefined;
      if (slot === undefined) continue;
      slots[i] = slot;
      hasVector[i] = 1;
    }
    const row = (i: number) => (store && slots[i]! >= 0 ? store.vectorAt(slots[i]!) : undefined);
    const int8Row = (i: number, codes: Int8Array) => (store && slots[i]! >= 0 && hasVector[i] ? store.int8At(slots[i]!, codes) : undefined);
    const vectors = { length: chunks.length * dims, row, int8Row, release };
    const vectorPrecision = this.current.vectorPrecision;
    return { header: { ...header, dims }, notes, chunks, vectors, hasVector, vectorPrecision, ...(keywords ? { keywords } : {}) };
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
    if (next.chunks.length > 0) await run(this.current.addNoteSteps(note, vectors, CHUNKS_PER_STEP), pause);
    else await run(this.current.removeNoteSteps(next.path, CHUNKS_PER_STEP), pause);
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

async function run<T>(steps: Generator<void, T, void>, pause: Pause): Promise<T> {
  for (;;) {
    const step = steps.next();
    if (step.done === true) return step.value;
    await pause();
  }
}
