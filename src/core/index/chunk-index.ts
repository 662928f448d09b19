import type { ChunkedNote } from "../types";
import { ENGLISH, type Language } from "../text/languages";
import { DEFAULT_LEXICAL_OPTIONS, type LexicalOptions } from "../keyword/lexical-options";
import { nearestChunksSteps } from "../vectors/nearest-chunks";
import { rankChunksSteps, type RankedChunks } from "../vectors/ranked-chunks";
import type { VectorStore } from "../vectors/vector-store";
import type { VectorPrecision } from "../vectors/vector-precision";
import type { VectorPage } from "./saved-vector-pages";
import type { KeywordSearcher } from "../keyword/keyword-searcher";
import { runAll, type Steps } from "../shared/slices";
import type { KeywordPart } from "../keyword/keyword-restore";
import { KeywordExport } from "../keyword/keyword-export";
import type { ChunkTextShare } from "./chunk-text-share";
import { noteDistinctiveWords } from "./note-words";
import { ChunkTables } from "./chunk-tables";
import { exportKeywordPartsSteps, exportKeywordSteps, restoreChunksSteps } from "./chunk-persistence";
import type { ChunkMap } from "./chunk-map";
import type { IndexedChunk, KeywordSearchOptions, SavedNote, ScoredId, VectorSearchOptions } from "./index-types";

export type { IndexedChunk, KeywordSearchOptions, SavedNote, ScoredId, VectorSearchOptions } from "./index-types";

/**
 * The index over chunks: an Orama database of the chunks' text fields, searched by BM25 over text, title, heading
 * path and aliases (our component inside Orama, see chunk-db.ts), and a `VectorStore` that owns the chunks'
 * vectors (Orama has no vector property). Orama keeps inserted documents by reference, so every insert gets a fresh
 * object and nothing inserted is mutated. What it holds lives in `ChunkTables`; saving and restoring it in
 * chunk-persistence.ts.
 */
export class ChunkIndex {
  private readonly t: ChunkTables;
  private readonly chunks: ChunkMap;
  private readonly byPath: Map<string, string[]>;
  private readonly keywords: KeywordSearcher;
  private readonly exported = new KeywordExport();
  /** How many notes hold each chunk's text (see `ChunkTextShare`). */
  readonly textShare: ChunkTextShare;

  constructor(
    /** Vector size of the embedding model; 0 builds a keyword-only index. */
    readonly dims: number,
    lexical: LexicalOptions = DEFAULT_LEXICAL_OPTIONS,
    /** Language of notes whose language neither frontmatter nor their words tell. Default English. */
    defaultLanguage: Language = ENGLISH,
    /** How the vector store keeps vectors (see `VectorPrecision`). Default "float32". */
    precision: VectorPrecision = "float32",
  ) {
    const t = (this.t = new ChunkTables(dims, defaultLanguage, precision));
    [this.chunks, this.byPath, this.textShare] = [t.chunks, t.byPath, t.textShare];
    this.keywords = t.keywordSearcher(lexical);
  }

  /** Number of chunks indexed. */
  get size(): number {
    return this.chunks.size;
  }

  /** Number of chunks that have a vector. */
  get vectorCount(): number {
    return this.vectorStore?.size ?? 0;
  }

  /**
   * The store that owns this index's vectors (in a float32 store the entries' `vector` are views into it); none when
   * keyword-only. A precision change (`setVectorPrecisionSteps`) replaces it.
   */
  get vectorStore(): VectorStore | undefined {
    return this.t.vectors;
  }

  /** How this index keeps its vectors. */
  get vectorPrecision(): VectorPrecision {
    return this.t.vectors?.precision ?? "float32";
  }

  /**
   * Changes whenever a note is added, replaced or removed, and with every change to the chunks' texts: what is
   * worked out from the notes' paths, tags or texts can be kept while it stays the same.
   */
  get revision(): number {
    return this.t.textRevision;
  }

  /** Changes with `revision` and whenever a stored vector changes: what is worked out from the vectors can be kept while both stay the same. */
  get vectorRevision(): number {
    return this.t.textRevision + this.t.vectorChanges;
  }

  hasNote(path: string): boolean {
    return this.byPath.has(path);
  }

  notePaths(): IterableIterator<string> {
    return this.byPath.keys();
  }

  chunkIdsOf(path: string): readonly string[] {
    return this.byPath.get(path) ?? [];
  }

  /**
   * Chunk `id` as stored, the same object until its text changes, without decoding its vector: in an int8 index
   * `vector` is undefined (use `get` for it). For reading text, titles and tags, e.g. checking every note's text
   * against a filter, where a decoded copy per call would cost far more than the check.
   */
  entry(id: string): IndexedChunk | undefined {
    return this.chunks.get(id);
  }

  /** Chunk `id` as indexed; in an int8 index its `vector` is a dequantized copy, made for this call. */
  get(id: string): IndexedChunk | undefined {
    const entry = this.chunks.get(id);
    const store = this.t.vectors;
    if (!entry || entry.vector || store?.precision !== "int8") return entry;
    const vector = store.get(id);
    return vector ? { ...entry, vector } : entry;
  }

  /**
   * Keeps every vector in `precision` from now on, converting the stored ones (nothing is embedded again). Going
   * from int8 to float32 keeps the dequantized values: what int8 rounded off is gone. Searches meanwhile use the old
   * store, which is swapped in one step at the end. Returns how many vectors were converted.
   */
  *setVectorPrecisionSteps(precision: VectorPrecision, perStep = 512): Generator<void, number, void> {
    return yield* this.t.setPrecisionSteps(precision, perStep);
  }

  /**
   * Index a note's chunks, replacing any earlier version of the note. `vectors[i]` belongs to `note.chunks[i]`;
   * a missing one leaves the chunk keyword-only until `setVector`.
   */
  addNote(note: ChunkedNote, vectors: readonly (Float32Array | undefined)[] = []): void {
    runAll(this.addNoteSteps(note, vectors, Infinity));
  }

  /**
   * `addNote` in steps of at most `perStep` chunks (removing the old version included), so a caller can yield to
   * the UI between steps when a note has thousands of chunks. Between steps the note is partly indexed and stays
   * consistent: `removeNote` or another `addNote` of the same path cleans up a half-added note.
   */
  *addNoteSteps(
    note: ChunkedNote,
    vectors: readonly (Float32Array | undefined)[] = [],
    perStep = 64,
  ): Generator<void, void, void> {
    this.vectorStore?.recycle();
    yield* this.removeNoteSteps(note.path, perStep);
    const ids: string[] = [];
    this.byPath.set(note.path, ids);
    this.t.textRevision++; // also for a note without chunks: its path is new
    this.t.langs.noteAdded(note);
    for (const [i, chunk] of note.chunks.entries()) {
      if (i > 0 && i % perStep === 0) yield;
      const entry = this.t.entryOf(note, chunk, vectors[i]);
      // Only a restored index has lists to ready (no generator per chunk otherwise).
      if (this.t.db.restored) yield* this.t.settleSteps(chunk.id, entry);
      this.chunks.set(chunk.id, entry);
      this.t.insertDoc(entry, false);
      ids.push(chunk.id);
    }
  }

  /** Drop every chunk of a note. Returns false when the note was not indexed. */
  removeNote(path: string): boolean {
    return runAll(this.removeNoteSteps(path, Infinity));
  }

  /** `removeNote` in steps of at most `perStep` chunks; between steps the note is partly removed. */
  *removeNoteSteps(path: string, perStep = 64): Generator<void, boolean, void> {
    const listed = this.byPath.get(path);
    if (!listed) return false;
    // A copy that shrinks as chunks go, so an interrupted removal leaves only chunks that are still indexed listed.
    const ids = [...listed];
    this.byPath.set(path, ids);
    let done = 0;
    while (ids.length > 0) {
      if (done > 0 && done % perStep === 0) yield;
      const id = ids[ids.length - 1] as string;
      if (this.t.db.restored) yield* this.t.settleSteps(id);
      ids.pop();
      this.t.removeChunk(id, path);
      done++;
    }
    this.byPath.delete(path);
    this.t.textRevision++;
    this.t.langs.noteRemoved(path);
    return true;
  }

  /** Makes `lang` the default language, re-analysing just the chunks it changes (`ChunkLanguages`); returns how many. */
  *setDefaultLanguageSteps(lang: Language, perStep = 64): Generator<void, number, void> {
    return yield* this.t.langs.setDefaultSteps(lang, this.byPath, (id) => this.chunks.get(id), (e) => this.t.reanalyse(e), perStep);
  }

  /**
   * Fills this empty index with saved notes. `keywords` is what `exportKeywordSteps` encoded for the same chunks in
   * the same order: the text fields' postings then go in whole, instead of every chunk's text being analysed again
   * (most of a restart's time). Returns false when `keywords` was missing or unusable and the texts were analysed.
   */
  // `rows`: the saved vectors' arrays (a segmented index has one per segment), which the vector store adopts as they
  // are (see `adoptPages`): int8 rows go into an int8 store without being dequantized, each chunk claiming the row
  // its `SavedNote.rows` names (rows counted across the pages). `keywords` may also be the postings of the segments
  // the notes came from (see `KeywordPart`).
  *restoreSteps(
    saved: readonly SavedNote[],
    keywords: Uint8Array | readonly KeywordPart[] | undefined,
    perStep = 256,
    rows?: VectorPage | readonly VectorPage[],
  ): Generator<void, boolean, void> {
    return yield* restoreChunksSteps(this.t, () => this.keywords.restoreLanguages(this.t.chunkLangs), saved, keywords, perStep, rows);
  }

  /**
   * The text fields' postings, encoded for saving with chunks numbered by their position in `ids`, which must list
   * every indexed chunk once. Undefined when it doesn't (the caller then saves no postings).
   */
  *exportKeywordSteps(ids: readonly string[]): Generator<void, Uint8Array | undefined, void> {
    return yield* exportKeywordSteps(this.t, this.exported, ids);
  }

  /**
   * The text fields' postings of each group of chunk ids (disjoint; every id indexed), each encoded as
   * `exportKeywordSteps` would encode an index of just that group, in one pass over the postings. Undefined when
   * an id is not indexed.
   */
  *exportKeywordPartsSteps(groups: readonly (readonly string[])[]): Generator<void, Uint8Array[] | undefined, void> {
    return yield* exportKeywordPartsSteps(this.t, groups);
  }

  /** Attach or replace a chunk's vector. Returns false for an unknown chunk or a vector of the wrong size. */
  setVector(id: string, vector: Float32Array): boolean {
    const old = this.chunks.get(id);
    const store = this.t.vectors;
    if (!old || !store || !this.t.usable(vector)) return false;
    store.recycle();
    this.t.vectorChanges++;
    this.chunks.set(id, { ...old, vector: store.set(id, old.chunk.path, vector) });
    return true;
  }

  /**
   * Chunks matching any word of `text`, best BM25F score first, ties by chunk id (so a restored index ranks the
   * same). See `KeywordSearcher.search`.
   */
  keywordSearch(text: string, opts: KeywordSearchOptions): ScoredId[] {
    if (!text.trim() || this.chunks.size === 0) return [];
    return this.keywords.search(text, opts);
  }

  /** Frees what searches asked with `scratch` kept (see `KeywordSearchOptions.scratch`). */
  dropScratch(): void { this.keywords.dropScratch(); }

  /** Builds ahead, in slices, what a first misspelt or rare word would pay for (see keyword-warmup.ts). */
  warmKeywordSteps(stop?: () => boolean): Steps<void> {
    return this.keywords.warmSteps(stop);
  }

  /** A corrected query for one that found nothing ("did you mean"), or undefined. See `KeywordSearcher.suggest`. */
  suggestQuery(text: string, maxEdits = 2): string | undefined {
    return this.chunks.size === 0 ? undefined : this.keywords.suggest(text, maxEdits);
  }

  /** Languages of the chunks indexed, most chunks first. */
  languages(): Language[] {
    return this.keywords.languages();
  }

  /** The `limit` chunks nearest to `vector` by cosine, at or above `similarity`, best first; ties by first indexing. */
  vectorSearch(vector: Float32Array, opts: VectorSearchOptions): ScoredId[] {
    return runAll(this.vectorSearchSteps(vector, opts, Infinity));
  }

  /** `vectorSearch` in steps of about `perStep` vectors (see `nearestChunksSteps`). */
  *vectorSearchSteps(vector: Float32Array, opts: VectorSearchOptions, perStep = 4096): Generator<void, ScoredId[], void> {
    if (!this.vectorStore || vector.length !== this.dims) return [];
    return yield* nearestChunksSteps(this.vectorStore, vector, opts.similarity, Math.max(1, opts.limit), perStep, opts.allowNote);
  }

  /** Every vector at or above `opts.similarity`, scanned once, ranked on demand (`rankChunksSteps`); no `limit`. */
  *rankVectorsSteps(vector: Float32Array, opts: VectorSearchOptions, perStep = 4096): Generator<void, RankedChunks, void> {
    if (!this.vectorStore || vector.length !== this.dims) return { size: 0, take: () => [] };
    return yield* rankChunksSteps(this.vectorStore, vector, opts.similarity, perStep, opts.allowNote);
  }

  /** BM25F score a chunk with these field texts would get for `query`, judged by this index's statistics. */
  keywordScoreOf(query: string, fields: { text: string; title: string; headings: string; aliases: string }): number {
    return this.keywords.scoreOf(query, fields);
  }

  /**
   * The `count` words of `ids`' texts that say most about them against this index: each analysed in its chunk's
   * language, weighed by its count in the texts times its IDF over the chunks; written as they appear, so a keyword
   * search finds the same terms. Stop words, numbers, words in `leaveOut` (lower case) and words in more than
   * `maxShare` of the chunks (default: none) are left out. A source past `WORD_SAMPLE_CHARS` is weighed by an even
   * sample of its chunks; each chunk's analysis is kept while the chunk is (see note-words.ts).
   */
  distinctiveWords(ids: readonly string[], count: number, leaveOut?: ReadonlySet<string>, maxShare?: number): string[] {
    return noteDistinctiveWords(this.t, ids, count, leaveOut, maxShare);
  }
}
