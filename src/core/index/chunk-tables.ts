import type { Chunk, ChunkedNote } from "../types";
import { ChunkDb, fieldBoosts } from "./chunk-db";
import { Analyzer } from "../text/analyzer";
import { ENGLISH, languageOf, type Language } from "../text/languages";
import type { LexicalOptions } from "../keyword/lexical-options";
import { KeywordSearcher } from "../keyword/keyword-searcher";
import { VectorStore } from "../vectors/vector-store";
import type { VectorPrecision } from "../vectors/vector-precision";
import { chunkFieldTexts, NOTE_WIDE_FIELDS, TEXT_FIELDS } from "./chunk-fields";
import { ChunkLanguages } from "./chunk-languages";
import { NoteTable } from "../keyword/note-table";
import { GRAM_FIELD } from "../keyword/field-terms";
import { ChunkTextShare } from "./chunk-text-share";
import type { IndexedChunk } from "./index-types";
import { ChunkMap } from "./chunk-map";
import { ShardedMap } from "../shared/sharded-map";

/**
 * What a `ChunkIndex` holds, and the few changes that must keep it all consistent: a chunk goes into the chunk map,
 * the Orama database with its postings, the note table, the text share and the vector store together, and comes out
 * of all of them together. `ChunkIndex` is the public face over these tables; restoring and exporting a saved index
 * (chunk-persistence.ts) work on them directly.
 */
export class ChunkTables {
  readonly db: ChunkDb;
  /**
   * Language code each chunk (by id) is analysed in; a chunk not listed is analysed as English. Sharded (see
   * `ShardedMap`): in a vault written in a language we stem other than English (German, French…) it lists every
   * chunk.
   */
  readonly chunkLangs = new ShardedMap<string>();
  /** The entries by chunk id, kept by internal id beside the database's own map of ids (see `ChunkMap`). */
  readonly chunks = new ChunkMap({ of: (id) => this.db.internalIdOf(id), allot: (id) => this.db.tieKey(id) });
  readonly byPath = new Map<string, string[]>();
  readonly langs: ChunkLanguages;
  // Stop words are indexed: a short query of function words must find its note. Queries drop them (keyword-query.ts).
  readonly analyzer = new Analyzer({ stemming: true, stopWords: false });
  readonly notes = new NoteTable([...TEXT_FIELDS, GRAM_FIELD], NOTE_WIDE_FIELDS);
  /** How many notes hold each chunk's text (see `ChunkTextShare`). */
  readonly textShare = new ChunkTextShare(() => this.chunks.values(), () => this.chunks.size);
  /** Bumped on every change to the text fields: while only vectors arrive, checkpoints reuse the last export. */
  textRevision = 0;
  /** Bumped when a vector is stored apart from its note (`setVector`) or the store changes precision. */
  vectorChanges = 0;
  /** The vectors; none when keyword-only. A precision change replaces the store. */
  vectors: VectorStore | undefined;
  /** Equal cosines rank by this key (see the constructor). */
  readonly tieKey: (id: string) => number;

  constructor(
    /** Vector size of the embedding model; 0 keeps no vectors. */
    readonly dims: number,
    defaultLanguage: Language = ENGLISH,
    precision: VectorPrecision = "float32",
  ) {
    this.langs = new ChunkLanguages(this.chunkLangs, this.analyzer, defaultLanguage);
    // Equal cosines rank by Orama's internal id of the chunk (our BM25 component is given the same number): it stays
    // with a chunk id for the life of the index, so ties rank as they did when Orama held the vectors.
    this.tieKey = (id: string): number => this.db.tieKey(id);
    this.vectors = dims > 0 ? this.vectorStore(precision) : undefined;
    this.db = new ChunkDb(this.analyzer, (id) => this.chunkLangs.get(id));
  }

  /** BM25F keyword search over these tables (see `KeywordSearcher`). */
  keywordSearcher(lexical: LexicalOptions): KeywordSearcher {
    const [db, analyzer, boost, props, notes, chunks] = [this.db, this.analyzer, fieldBoosts(lexical), TEXT_FIELDS, this.notes, this.chunks];
    const text = (id: string): string => chunks.get(id)?.chunk.text ?? "";
    // One lookup by chunk id, not one for the headings and another for the text: word order reads a few dozen new
    // chunks on a key.
    const lines = (id: string): string => {
      const chunk = chunks.get(id)?.chunk;
      return chunk ? [...chunk.headingPath, chunk.text].join("\n") : "";
    };
    const langOf = (id: string): Language => languageOf(this.chunkLangs.get(id)) ?? ENGLISH;
    const [revision, noteOf] = [() => this.textRevision, (id: string) => chunks.get(id)?.chunk.path ?? id];
    return new KeywordSearcher({ db, analyzer, props, boost, lexical, text, lines, languageOf: langOf, notes, noteOf, revision });
  }

  /**
   * Moves every stored vector into a new store that keeps them in `precision` (see
   * `ChunkIndex.setVectorPrecisionSteps`); the old store serves searches until the swap at the end.
   */
  *setPrecisionSteps(precision: VectorPrecision, perStep: number): Generator<void, number, void> {
    const old = this.vectors;
    if (!old || old.precision === precision) return 0;
    const next = this.vectorStore(precision);
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

  /** An empty store of this index's vectors, which finds a chunk's slot by its internal id (its tie key). */
  private vectorStore(precision: VectorPrecision): VectorStore {
    return new VectorStore(this.dims, this.tieKey, precision, (id) => this.db.internalIdOf(id));
  }

  /** `v` when it is a vector this index can keep, else undefined. */
  usable(v: Float32Array | undefined): Float32Array | undefined {
    return v && this.dims > 0 && v.length === this.dims ? v : undefined;
  }

  entryOf(note: ChunkedNote, chunk: Chunk, vector: Float32Array | undefined): IndexedChunk {
    const { title, aliases, tags } = note.meta;
    return { chunk, title, aliases, tags, links: note.meta.links, vector: this.usable(vector) };
  }

  /**
   * Puts a chunk into every table but the chunk map. `keysOnly`: a saved index is being restored, so the text fields
   * are left out and their postings go in whole afterwards; then returns the chunk's internal id.
   */
  insertDoc(entry: IndexedChunk, keysOnly: boolean): number | undefined {
    let internalId: number | undefined;
    this.textRevision++;
    // Counted when related notes first ask, not here: indexing and restoring pay nothing for a view that may be closed.
    // The entry itself is what the text is read from then: a closure per chunk (and its context) cost ~100 bytes each.
    if (keysOnly) this.textShare.addHeld();
    else this.textShare.add(entry.chunk.id, entry.chunk.path, entry);
    if (keysOnly) {
      // Restoring, the texts are only read for a later removal: worked out from the entry then, if ever.
      internalId = this.db.insertKeysOnly(entry);
    } else {
      this.langs.choose(entry);
      this.db.insert(entry.chunk.id, chunkFieldTexts(entry));
      this.noteTable("add", entry.chunk.id, entry.chunk.path);
    }
    if (entry.vector) entry.vector = this.vectors?.set(entry.chunk.id, entry.chunk.path, entry.vector);
    return internalId;
  }

  /**
   * Readies the insert of `entry` (whose note was added to `langs`) or, without `entry`, the removal of chunk `id`:
   * the posting lists they will change are read and sorted in steps (see `ChunkDb.settleSteps`). Changes nothing a
   * search sees.
   */
  *settleSteps(id: string, entry?: IndexedChunk): Generator<void, void, void> {
    // An index built from the notes (not restored) has every list in memory and sorted: nothing to ready.
    if (!this.db.restored) return;
    if (!entry) return yield* this.db.settleSteps(id);
    yield* this.db.settleSteps(id, { fields: chunkFieldTexts(entry), lang: this.langs.peek(entry) });
  }

  /** Takes chunk `id` of note `path` out of every table. */
  removeChunk(id: string, path: string): void {
    this.vectors?.delete(id);
    this.noteTable("remove", id, path);
    this.db.remove(id);
    this.langs.chunkRemoved(id);
    this.textShare.remove(id, path);
    this.textRevision++;
    this.chunks.delete(id);
  }

  /** Indexes a chunk's text again in the language `langs` now gives it; its internal id and vector stay. */
  reanalyse(entry: IndexedChunk): void {
    // The note table holds the chunk's field lengths, which the new analysis changes.
    this.noteTable("remove", entry.chunk.id, entry.chunk.path);
    this.db.remove(entry.chunk.id);
    this.langs.choose(entry);
    this.db.insert(entry.chunk.id, chunkFieldTexts(entry));
    this.noteTable("add", entry.chunk.id, entry.chunk.path);
    this.textRevision++;
  }

  /** Adds a chunk to the note table, or takes it out, with its field lengths as the postings hold them now. */
  noteTable(op: "add" | "remove", id: string, path: string): void {
    const internalId = this.db.internalIdOf(id);
    if (internalId !== undefined) this.notes.track(op, internalId, path, this.db.postings.fields);
  }
}
