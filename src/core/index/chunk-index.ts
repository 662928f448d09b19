import type { Chunk, ChunkedNote } from "../types";
import { ChunkDb, fieldBoosts } from "./chunk-db";
import { Analyzer } from "../text/analyzer";
import { ENGLISH, languageOf, type Language } from "../text/languages";
import { DEFAULT_LEXICAL_OPTIONS, type LexicalOptions } from "../keyword/lexical-options";
import { nearestChunksSteps } from "../vectors/nearest-chunks";
import { rankChunksSteps, type RankedChunks } from "../vectors/ranked-chunks";
import { VectorStore } from "../vectors/vector-store";
import type { VectorPrecision } from "../vectors/vector-precision";
import { adoptPages, pagesOf, type VectorPage } from "./saved-vector-pages";
import { KeywordSearcher } from "../keyword/keyword-searcher";
import { chunkFieldTexts, lazyFieldTexts, NOTE_WIDE_FIELDS, TEXT_FIELDS } from "./chunk-fields";
import { ChunkLanguages } from "./chunk-languages";
import { NoteTable } from "../keyword/note-table";
import { GRAM_FIELD, LANGUAGE_FIELD } from "../keyword/field-terms";
import { runAll } from "../shared/slices";
import { restoreKeywordPartsSteps, restoreKeywordSteps, type KeywordPart } from "../keyword/keyword-restore";
import { encodePostingParts } from "../keyword/postings-parts";
import { KeywordExport } from "../keyword/keyword-export";
import { ChunkTextShare } from "./chunk-text-share";
import { distinctiveWords } from "./distinctive-words";
import type { IndexedChunk, KeywordSearchOptions, SavedNote, ScoredId, VectorSearchOptions } from "./index-types";

export type { IndexedChunk, KeywordSearchOptions, SavedNote, ScoredId, VectorSearchOptions } from "./index-types";

/**
 * The index over chunks: an Orama database of the chunks' text fields, searched by BM25 over text, title, heading
 * path and aliases (our component inside Orama, see chunk-db.ts), and a `VectorStore` that owns the chunks'
 * vectors (Orama has no vector property). Orama keeps inserted documents by reference, so every insert gets a fresh
 * object and nothing inserted is mutated.
 */
export class ChunkIndex {
  private readonly db: ChunkDb;
  /** Language code each chunk (by id) is analysed in; a chunk not listed is analysed as English. */
  private readonly chunkLangs = new Map<string, string>();
  /** A saved index is being restored: text fields are left out of inserts, their postings go in whole after. */
  private restoring = false;
  private readonly chunks = new Map<string, IndexedChunk>();
  private readonly byPath = new Map<string, string[]>();
  private readonly langs: ChunkLanguages;
  private readonly boost: Record<string, number>;
  // Stop words are indexed: a short query of function words must find its note. Queries drop them (keyword-query.ts).
  private readonly analyzer = new Analyzer({ stemming: true, stopWords: false });
  private readonly keywords: KeywordSearcher;
  private readonly notes = new NoteTable([...TEXT_FIELDS, GRAM_FIELD], NOTE_WIDE_FIELDS);
  // Bumped on every change to the text fields: while only vectors arrive, checkpoints reuse the last export.
  private textRevision = 0;
  // Bumped when a vector is stored apart from its note (`setVector`) or the store changes precision.
  private vectorChanges = 0;
  private vectors: VectorStore | undefined;
  private readonly tieKey: (id: string) => number;
  private readonly exported = new KeywordExport();
  /** How many notes hold each chunk's text (see `ChunkTextShare`). */
  readonly textShare = new ChunkTextShare();

  constructor(
    /** Vector size of the embedding model; 0 builds a keyword-only index. */
    readonly dims: number,
    private readonly lexical: LexicalOptions = DEFAULT_LEXICAL_OPTIONS,
    /** Language of notes whose language neither frontmatter nor their words tell. Default English. */
    defaultLanguage: Language = ENGLISH,
    /** How the vector store keeps vectors (see `VectorPrecision`). Default "float32". */
    precision: VectorPrecision = "float32",
  ) {
    this.langs = new ChunkLanguages(this.chunkLangs, this.analyzer, defaultLanguage);
    // Equal cosines rank by Orama's internal id of the chunk (our BM25 component is given the same number): it stays
    // with a chunk id for the life of the index, so ties rank as they did when Orama held the vectors.
    this.tieKey = (id: string): number => this.db.tieKey(id);
    this.vectors = dims > 0 ? new VectorStore(dims, this.tieKey, precision) : undefined;
    this.db = new ChunkDb(this.analyzer, (id) => this.chunkLangs.get(id));
    this.boost = fieldBoosts(lexical);
    const [db, analyzer, boost, props] = [this.db, this.analyzer, this.boost, TEXT_FIELDS];
    const text = (id: string): string => this.chunks.get(id)?.chunk.text ?? "";
    const lines = (id: string): string => [...(this.chunks.get(id)?.chunk.headingPath ?? []), text(id)].join("\n");
    const langOf = (id: string): Language => languageOf(this.chunkLangs.get(id)) ?? ENGLISH;
    const [notes, revision, noteOf] = [this.notes, () => this.textRevision, (id: string) => this.chunks.get(id)?.chunk.path ?? id];
    this.keywords = new KeywordSearcher({ db, analyzer, props, boost, lexical, text, lines, languageOf: langOf, notes, noteOf, revision });
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
    return this.vectors;
  }

  /** How this index keeps its vectors. */
  get vectorPrecision(): VectorPrecision {
    return this.vectors?.precision ?? "float32";
  }

  /**
   * Changes whenever a note is added, replaced or removed, and with every change to the chunks' texts: what is
   * worked out from the notes' paths, tags or texts can be kept while it stays the same.
   */
  get revision(): number {
    return this.textRevision;
  }

  /** Changes with `revision` and whenever a stored vector changes: what is worked out from the vectors can be kept while both stay the same. */
  get vectorRevision(): number {
    return this.textRevision + this.vectorChanges;
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
    if (!entry || entry.vector || this.vectors?.precision !== "int8") return entry;
    const vector = this.vectors.get(id);
    return vector ? { ...entry, vector } : entry;
  }

  /**
   * Keeps every vector in `precision` from now on, converting the stored ones (nothing is embedded again). Going
   * from int8 to float32 keeps the dequantized values: what int8 rounded off is gone. Searches meanwhile use the old
   * store, which is swapped in one step at the end. Returns how many vectors were converted.
   */
  *setVectorPrecisionSteps(precision: VectorPrecision, perStep = 512): Generator<void, number, void> {
    const old = this.vectors;
    if (!old || old.precision === precision) return 0;
    const next = new VectorStore(this.dims, this.tieKey, precision);
    const views = new Map<string, Float32Array | undefined>();
    for (const [id, entry] of this.chunks) {
      const v = old.get(id);
      if (!v) continue;
      views.set(id, next.set(id, entry.chunk.path, v));
      if (views.size % perStep === 0) yield;
    }
    this.vectors = next;
    this.vectorChanges++;
    for (const [id, vector] of views) {
      const entry = this.chunks.get(id);
      if (entry) this.chunks.set(id, { ...entry, vector });
    }
    return views.size;
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
    this.textRevision++; // also for a note without chunks: its path is new
    this.langs.noteAdded(note);
    for (const [i, chunk] of note.chunks.entries()) {
      if (i > 0 && i % perStep === 0) yield;
      const entry = this.entryOf(note, chunk, vectors[i]);
      this.chunks.set(chunk.id, entry);
      this.insertDoc(entry);
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
      const id = ids.pop() as string;
      this.vectorStore?.delete(id);
      this.noteTable("remove", id, path);
      this.db.remove(id);
      this.langs.chunkRemoved(id);
      this.textShare.remove(id, path);
      this.textRevision++;
      this.chunks.delete(id);
      done++;
    }
    this.byPath.delete(path);
    this.textRevision++;
    this.langs.noteRemoved(path);
    return true;
  }

  /** Makes `lang` the default language, re-analysing just the chunks it changes (`ChunkLanguages`); returns how many. */
  *setDefaultLanguageSteps(lang: Language, perStep = 64): Generator<void, number, void> {
    return yield* this.langs.setDefaultSteps(lang, this.byPath, (id) => this.chunks.get(id), (e) => this.reanalyse(e), perStep);
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
    if (this.chunks.size > 0) throw new Error("restoreSteps needs an empty index");
    const order: IndexedChunk[] = [];
    this.restoring = keywords !== undefined;
    const store = this.vectorStore;
    const slotOf = adoptPages(store, pagesOf(rows), this.dims);
    try {
      for (const { note, vectors, rows: rowOf } of saved) {
        const ids: string[] = [];
        this.byPath.set(note.path, ids);
        this.langs.noteAdded(note);
        for (const [i, chunk] of note.chunks.entries()) {
          const slot = slotOf(rowOf?.[i] ?? -1);
          const entry = this.entryOf(note, chunk, slot === undefined ? vectors[i] : undefined);
          this.chunks.set(chunk.id, entry);
          this.insertDoc(entry);
          if (slot !== undefined) store?.claim(chunk.id, chunk.path, slot);
          ids.push(chunk.id);
          order.push(entry);
          if (order.length % perStep === 0) yield;
        }
      }
    } finally {
      this.restoring = false;
      this.vectorStore?.settle();
    }
    this.textRevision++;
    if (keywords === undefined) return false;
    const idOf = Int32Array.from(order, (e) => this.db.internalIdOf(e.chunk.id) ?? 0);
    try {
      const target = {
        fields: this.db.postings.fields, analyzer: this.analyzer, order, idOf, perStep,
        choose: (entry: IndexedChunk) => this.langs.choose(entry),
        restoreLanguages: () => this.keywords.restoreLanguages(this.chunkLangs),
        placed: (entry: IndexedChunk) => this.noteTable("add", entry.chunk.id, entry.chunk.path),
      };
      return keywords instanceof Uint8Array ? yield* restoreKeywordSteps(keywords, target) : yield* restoreKeywordPartsSteps(keywords, target);
    } finally {
      this.textRevision++; // postings filled between steps: nothing kept from a search meanwhile may outlive them
    }
  }

  /**
   * The text fields' postings, encoded for saving with chunks numbered by their position in `ids`, which must list
   * every indexed chunk once. Undefined when it doesn't (the caller then saves no postings).
   */
  *exportKeywordSteps(ids: readonly string[]): Generator<void, Uint8Array | undefined, void> {
    if (ids.length !== this.chunks.size) return undefined;
    const db = this.db;
    return yield* this.exported.steps({
      fields: db.postings.fields,
      internalIdOf: (id) => db.internalIdOf(id),
      internalIdCount: db.ids.length,
      has: (id) => this.chunks.has(id),
      revision: () => this.textRevision,
    }, ids);
  }

  /**
   * The text fields' postings of each group of chunk ids (disjoint; every id indexed), each encoded as
   * `exportKeywordSteps` would encode an index of just that group, in one pass over the postings. Undefined when
   * an id is not indexed.
   */
  *exportKeywordPartsSteps(groups: readonly (readonly string[])[]): Generator<void, Uint8Array[] | undefined, void> {
    const db = this.db;
    const partOf = new Int32Array(db.ids.length + 1).fill(-1);
    const ordinalOf = new Int32Array(db.ids.length + 1);
    for (const [part, ids] of groups.entries()) {
      for (const [ordinal, id] of ids.entries()) {
        const internalId = db.internalIdOf(id);
        if (internalId === undefined || !this.chunks.has(id)) return undefined;
        partOf[internalId] = part;
        ordinalOf[internalId] = ordinal;
      }
    }
    return yield* encodePostingParts(db.postings.fields, partOf, ordinalOf, groups.map((g) => g.length));
  }

  /** Attach or replace a chunk's vector. Returns false for an unknown chunk or a vector of the wrong size. */
  setVector(id: string, vector: Float32Array): boolean {
    const old = this.chunks.get(id);
    if (!old || !this.vectors || !this.usable(vector)) return false;
    this.vectors.recycle();
    this.vectorChanges++;
    this.chunks.set(id, { ...old, vector: this.vectors.set(id, old.chunk.path, vector) });
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
   * `maxShare` of the chunks (default: none) are left out.
   */
  distinctiveWords(ids: readonly string[], count: number, leaveOut?: ReadonlySet<string>, maxShare?: number): string[] {
    const field = this.db.postings.fields[LANGUAGE_FIELD];
    if (!field) return [];
    const texts = ids.flatMap((id) => {
      const entry = this.chunks.get(id);
      return entry ? [{ text: entry.chunk.text, lang: languageOf(this.langs.recorded(id)) ?? ENGLISH }] : [];
    });
    return distinctiveWords(texts, { analyzer: this.analyzer, documentFrequency: (t) => field.documentFrequency(t), documents: this.chunks.size }, count, leaveOut, maxShare);
  }

  private usable(v: Float32Array | undefined): Float32Array | undefined {
    return v && this.dims > 0 && v.length === this.dims ? v : undefined;
  }

  private entryOf(note: ChunkedNote, chunk: Chunk, vector: Float32Array | undefined): IndexedChunk {
    const { title, aliases, tags } = note.meta;
    return { chunk, title, aliases, tags, links: note.meta.links, vector: this.usable(vector) };
  }

  /** Indexes a chunk's text again in the language `langs` now gives it; its internal id and vector stay. */
  private reanalyse(entry: IndexedChunk): void {
    // The note table holds the chunk's field lengths, which the new analysis changes.
    this.noteTable("remove", entry.chunk.id, entry.chunk.path);
    this.db.remove(entry.chunk.id);
    this.langs.choose(entry);
    this.db.insert(entry.chunk.id, chunkFieldTexts(entry));
    this.noteTable("add", entry.chunk.id, entry.chunk.path);
    this.textRevision++;
  }

  /** Adds a chunk to the note table, or takes it out, with its field lengths as the postings hold them now. */
  private noteTable(op: "add" | "remove", id: string, path: string): void {
    const internalId = this.db.internalIdOf(id);
    if (internalId !== undefined) this.notes.track(op, internalId, path, this.db.postings.fields);
  }

  private insertDoc(entry: IndexedChunk): void {
    this.textRevision++;
    // Counted when related notes first ask, not here: indexing and restoring pay nothing for a view that may be closed.
    this.textShare.add(entry.chunk.id, entry.chunk.path, () => entry.chunk.text);
    if (this.restoring) {
      // Restoring, the texts are only kept for a later removal: worked out then, if ever (`lazyFieldTexts`).
      this.db.insertKeysOnly(lazyFieldTexts(entry));
    } else {
      this.langs.choose(entry);
      this.db.insert(entry.chunk.id, chunkFieldTexts(entry));
      this.noteTable("add", entry.chunk.id, entry.chunk.path);
    }
    if (entry.vector) entry.vector = this.vectorStore?.set(entry.chunk.id, entry.chunk.path, entry.vector);
  }
}
