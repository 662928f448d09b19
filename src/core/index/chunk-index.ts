import { count, create, insert, remove, search, type AnyOrama } from "@orama/orama";
import type { Chunk, ChunkedNote } from "../types";
import { createBm25Component, scoreAgainstIndex, type QueryTuning } from "./bm25-component";
import { Analyzer } from "../text/analyzer";
import { DEFAULT_LEXICAL_OPTIONS, type LexicalOptions } from "./lexical-options";
import { createOramaTokenizer } from "./orama-tokenizer";
import { attachVector, detachVector, nearestVectors } from "./orama-vectors";

/** A chunk as the index keeps it, with the note fields search results need. */
export interface IndexedChunk {
  chunk: Chunk;
  title: string;
  aliases: readonly string[];
  tags: readonly string[];
  vector: Float32Array | undefined;
}

/** An index hit: chunk id and the list's own score (BM25 or cosine similarity). */
export interface ScoredId {
  id: string;
  score: number;
}

/** Options of one keyword search. */
export interface KeywordSearchOptions {
  /** How many chunks to return at most. */
  limit: number;
  /** Treat the last term as a prefix, for search-as-you-type. Default false. */
  prefixLast?: boolean;
}

/** Options of one vector search. */
export interface VectorSearchOptions {
  /** How many chunks to return at most. */
  limit: number;
  /** Cosine floor. Orama's default of 0.8 drops most real hits, so callers always pass it. */
  similarity: number;
}

const VECTOR = "embedding";

const TEXT_FIELDS = ["text", "title", "headings", "aliases"] as const;

/**
 * The Orama index over chunks: BM25 over text, title, heading path and aliases, plus a cosine vector property.
 * Orama keeps inserted documents by reference, so every insert gets a fresh object and nothing inserted is mutated.
 * Vectors go straight into Orama's vector index (see orama-vectors.ts), so each exists once, as our Float32Array.
 */
export class ChunkIndex {
  private readonly db: AnyOrama;
  private readonly tuning: QueryTuning = { prefixLast: false };
  private readonly chunks = new Map<string, IndexedChunk>();
  private readonly byPath = new Map<string, string[]>();
  // Counted as chunks come and go: the engine asks on every search.
  private withVector = 0;
  private readonly boost: Record<string, number>;
  private readonly analyzer = new Analyzer();

  constructor(
    /** Vector size of the embedding model; 0 builds a keyword-only index. */
    readonly dims: number,
    private readonly lexical: LexicalOptions = DEFAULT_LEXICAL_OPTIONS,
  ) {
    const schema: Record<string, string> = { text: "string", title: "string", headings: "string", aliases: "string" };
    if (dims > 0) schema[VECTOR] = `vector[${dims}]`;
    this.db = create({
      schema: schema as never,
      components: {
        tokenizer: createOramaTokenizer(this.analyzer),
        index: createBm25Component(this.tuning) as never,
      },
    }) as AnyOrama;
    this.boost = { text: 1, title: lexical.titleBoost, headings: lexical.headingBoost, aliases: lexical.aliasBoost };
  }

  /** Number of chunks indexed. */
  get size(): number {
    return this.chunks.size;
  }

  /** Number of chunks that have a vector. */
  get vectorCount(): number {
    return this.withVector;
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

  get(id: string): IndexedChunk | undefined {
    return this.chunks.get(id);
  }

  /**
   * Index a note's chunks, replacing any earlier version of the note. `vectors[i]` belongs to `note.chunks[i]`;
   * a missing one leaves the chunk keyword-only until `setVector`.
   */
  addNote(note: ChunkedNote, vectors: readonly (Float32Array | undefined)[] = []): void {
    drain(this.addNoteSteps(note, vectors, Infinity));
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
    yield* this.removeNoteSteps(note.path, perStep);
    const ids: string[] = [];
    this.byPath.set(note.path, ids);
    for (const [i, chunk] of note.chunks.entries()) {
      if (i > 0 && i % perStep === 0) yield;
      const entry: IndexedChunk = {
        chunk,
        title: note.meta.title,
        aliases: note.meta.aliases,
        tags: note.meta.tags,
        vector: this.usable(vectors[i]),
      };
      this.chunks.set(chunk.id, entry);
      if (entry.vector) this.withVector++;
      this.insertDoc(entry);
      ids.push(chunk.id);
    }
  }

  /** Drop every chunk of a note. Returns false when the note was not indexed. */
  removeNote(path: string): boolean {
    return drain(this.removeNoteSteps(path, Infinity));
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
      detachVector(this.db, VECTOR, id);
      void remove(this.db, id);
      if (this.chunks.get(id)?.vector) this.withVector--;
      this.chunks.delete(id);
      done++;
    }
    this.byPath.delete(path);
    return true;
  }

  /** Attach or replace a chunk's vector. Returns false for an unknown chunk or a vector of the wrong size. */
  setVector(id: string, vector: Float32Array): boolean {
    const old = this.chunks.get(id);
    if (!old || !this.usable(vector)) return false;
    if (!old.vector) this.withVector++;
    this.chunks.set(id, { ...old, vector });
    attachVector(this.db, VECTOR, id, vector);
    return true;
  }

  keywordSearch(text: string, opts: KeywordSearchOptions): ScoredId[] {
    if (!text.trim() || this.chunks.size === 0) return [];
    this.tuning.prefixLast = opts.prefixLast ?? false;
    try {
      const res = search(this.db, {
        term: text,
        properties: [...TEXT_FIELDS],
        boost: this.boost,
        relevance: { k: this.lexical.k1, b: this.lexical.b, d: 0 },
        // threshold 1: any matching term qualifies; ranking, not a filter, decides. tolerance 0: no fuzzy matches.
        threshold: 1,
        tolerance: 0,
        exact: false,
        limit: Math.max(1, opts.limit),
      }) as { hits: { id: string; score: number }[] };
      return res.hits.map((h) => ({ id: h.id, score: h.score }));
    } finally {
      this.tuning.prefixLast = false;
    }
  }

  vectorSearch(vector: Float32Array, opts: VectorSearchOptions): ScoredId[] {
    if (this.dims === 0 || vector.length !== this.dims || this.withVector === 0) return [];
    return nearestVectors(this.db, VECTOR, vector, opts.similarity, Math.max(1, opts.limit));
  }


  /** BM25F score a chunk with these field texts would get for `query`, judged by this index's statistics. */
  keywordScoreOf(query: string, fields: { text: string; title: string; headings: string; aliases: string }): number {
    const terms: Record<string, string[]> = {};
    for (const [prop, value] of Object.entries(fields)) terms[prop] = this.analyzer.terms(value);
    return scoreAgainstIndex(this.db.data.index as never, this.analyzer.terms(query), terms, {
      boost: this.boost,
      k1: this.lexical.k1,
      b: this.lexical.b,
      docsCount: count(this.db),
    });
  }

  private usable(v: Float32Array | undefined): Float32Array | undefined {
    return v && this.dims > 0 && v.length === this.dims ? v : undefined;
  }

  private insertDoc(entry: IndexedChunk): void {
    const { chunk } = entry;
    const doc: Record<string, unknown> = {
      id: chunk.id,
      text: chunk.text,
      title: entry.title,
      headings: chunk.headingPath.slice(1).join(" "),
      aliases: entry.aliases.join(" "),
    };
    void insert(this.db, doc as never);
    if (entry.vector) attachVector(this.db, VECTOR, chunk.id, entry.vector);
  }
}

/** Runs a step generator to the end. */
function drain<T>(steps: Generator<void, T, void>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}
