import { count, create, insert, remove, type AnyOrama, type IIndex, type Tokenizer, type TokenScore } from "@orama/orama";
import { getDocumentProperties, index as oramaIndex, internalDocumentIDStore } from "@orama/orama/components";
import type { Analyzer } from "../text/analyzer";
import { bm25Search } from "../keyword/bm25-search";
import { plainClauses, type Bm25Postings } from "../keyword/bm25-terms";
import { FieldPostings } from "../keyword/field-postings";
import { fieldTermCounts } from "../keyword/field-terms";
import type { TermCounts } from "../text/analyzer";
import type { LexicalOptions } from "../keyword/lexical-options";
import { chunkFieldTexts } from "./chunk-fields";
import { RestoredIds } from "./restored-ids";
import type { IndexedChunk } from "./index-types";

/** The fields Orama keeps per chunk: the text fields and the character pairs of unspaced scripts. */
const SCHEMA = { text: "string", title: "string", headings: "string", aliases: "string", grams: "string" } as const;

/** A chunk's field texts, as inserted. */
export type ChunkFieldTexts = Record<keyof typeof SCHEMA, string>;

/** Postings read or sorted by `ChunkDb.settleSteps` between two yields. */
const SETTLE_POSTINGS = 8192;

/** A field of a chunk analysed ahead by `settleSteps`, for the insert or removal of that chunk that follows. */
interface Analysed {
  id: string;
  value: string;
  lang: string | undefined;
  counted: TermCounts;
}

/** The analysis kept by `settleSteps`, when its inputs are exactly those of this insert or removal; taken once. */
function takeAnalysed(ahead: Map<string, Analysed>, prop: string, id: string, value: string, lang: string | undefined): TermCounts | undefined {
  const kept = ahead.get(prop);
  if (!kept) return undefined;
  ahead.delete(prop);
  return kept.id === id && kept.value === value && kept.lang === lang ? kept.counted : undefined;
}

type OramaIndexStore = Parameters<typeof oramaIndex.insertTokenScoreParameters>[0];
/** Orama's index store with our inverted index of each text field beside its own trees. */
type Bm25Store = OramaIndexStore & { fields: Record<string, FieldPostings> };

/**
 * The one file that knows Orama. Orama keeps the chunk documents and their ids (internal ids are what postings and
 * vector tie-breaks are keyed by); its full-text index is replaced by our BM25F component (below), whose postings
 * `postings` hands out typed. Nothing outside reads Orama's internals or casts its stores.
 */
export class ChunkDb {
  private readonly db: AnyOrama;
  private readonly store: Bm25Store;
  private readonly ahead = new Map<string, Analysed>();
  private readonly idMap: RestoredIds;

  /** `languageOf`: the language code each chunk (by id) is analysed in; undefined means English. */
  constructor(
    private readonly analyzer: Analyzer,
    private readonly languageOf: (id: string) => string | undefined,
  ) {
    const hooks = { languageOf, ahead: this.ahead };
    this.db = create({
      schema: SCHEMA,
      // Results are ranked, never sorted by a field: Orama's sorter would only cost time on every insert.
      sort: { enabled: false },
      components: {
        tokenizer: createOramaTokenizer(analyzer),
        index: createBm25Component(analyzer, hooks) as never,
        getDocumentProperties: documentProperties,
      },
    }) as AnyOrama;
    this.store = this.db.data.index as Bm25Store;
    this.idMap = RestoredIds.install(this.db.internalDocumentIDStore);
  }

  /** The text fields' postings and the chunk ids by internal id, for BM25F scoring. */
  get postings(): Bm25Postings {
    return { fields: this.store.fields, ids: this.ids };
  }

  /** Chunk ids by internal id: `ids[internalId - 1]`. Grows on insert; `remove` never shrinks it. */
  get ids(): readonly string[] {
    return this.db.internalDocumentIDStore.internalIdToId;
  }

  /** Documents in the database. */
  get count(): number {
    return count(this.db);
  }

  /** The internal id of chunk `id`, or undefined when it was never inserted. */
  internalIdOf(id: string): number | undefined {
    return this.db.internalDocumentIDStore.idToInternalId.get(id);
  }

  /** The internal id of chunk `id`, allotted now when it has none: a stable tie-break key for equal scores. */
  tieKey(id: string): number {
    return internalDocumentIDStore.getInternalDocumentId(this.db.internalDocumentIDStore, id);
  }

  insert(id: string, fields: ChunkFieldTexts): void {
    void insert(this.db, { id, ...fields });
  }

  /**
   * Keeps a chunk without indexing its text fields, whose postings are restored whole afterwards: what Orama's
   * `insert()` would do then (give the id its internal number, keep the document `remove()` reads back), without its
   * schema check and one component call per field, which were a third of a restart's restore. The document kept is
   * the index's own entry of the chunk, whose field texts are worked out only if a removal reads them
   * (`documentProperties`): most chunks of a restart never are, and an object per chunk to hold them was 7 MB at
   * 150,000 chunks. The entry must stay as it is while the chunk is indexed.
   */
  insertKeysOnly(entry: IndexedChunk): number {
    const id = entry.chunk.id;
    // A restore's chunks are new to the index, and found by their note (see `RestoredIds`).
    const internalId = this.idMap.append(id, entry.chunk.path, entry.chunk.ordinal);
    if (!this.db.documentsStore.store(this.db.data.docs, id, internalId, entry)) throw new Error(`chunk ${id} is already indexed`);
    return internalId;
  }

  remove(id: string): void {
    void remove(this.db, id);
  }

  /**
   * Readies the insert (`fields` analysed in `lang`, undefined for English) or the removal (no `insert`) of chunk
   * `id`: in a restored index, the posting lists of its terms may still be encoded or out of order, and the
   * one synchronous insert or removal would read and sort them all at once (tens of ms for a chunk of common words,
   * the first edit after a load). Here they are read and sorted a few at a time, yielding between, and the analysis
   * is kept for the insert or removal that follows (the same inputs give the same terms). Does nothing in an index
   * that was not restored.
   */
  /** Some field's postings came from a saved index: inserts and removals go through `settleSteps` first. */
  get restored(): boolean {
    for (const field of Object.values(this.store.fields)) if (field.restored) return true;
    return false;
  }

  *settleSteps(id: string, insert?: { fields: ChunkFieldTexts; lang: string | undefined }): Generator<void, void, void> {
    const restored = Object.entries(this.store.fields).filter(([, field]) => field.restored);
    if (restored.length === 0) return;
    // What the BM25 component will be given: the texts and language of the insert, or those Orama reads back to remove.
    const kept = insert ? undefined : (this.db.documentsStore.get(this.db.data.docs, id) as object | undefined);
    const doc = insert ? insert.fields : kept && (isEntry(kept) ? chunkFieldTexts(kept) : (kept as ChunkFieldTexts));
    const lang = insert ? insert.lang : this.languageOf(id);
    if (!doc) return;
    let work = 0;
    for (const [prop, field] of restored) {
      const value = doc[prop as keyof ChunkFieldTexts];
      if (typeof value !== "string") continue;
      const counted = fieldTermCounts(this.analyzer, value, lang, prop);
      for (const term of counted.counts.keys()) {
        work += field.postings(term)?.settle() ?? 0;
        if (work >= SETTLE_POSTINGS) {
          work = 0;
          yield;
        }
      }
      this.ahead.set(prop, { id, value, lang, counted });
    }
  }
}

/** A document kept by `insertKeysOnly` (the chunk's entry), not the field texts an `insert` was given. */
function isEntry(doc: object): doc is IndexedChunk {
  return "chunk" in doc;
}

/** Orama's reading of a kept document's fields, which for an entry kept by `insertKeysOnly` are its field texts. */
function documentProperties(doc: object, paths: string[]): Record<string, string | number | boolean> {
  if (!isEntry(doc)) return getDocumentProperties(doc, paths) as Record<string, string | number | boolean>;
  const texts: Record<string, string> = chunkFieldTexts(doc);
  const out: Record<string, string> = {};
  for (const path of paths) if (texts[path] !== undefined) out[path] = texts[path];
  return out;
}

/** Each field's BM25F weight, from the lexical options. */
export function fieldBoosts(lexical: LexicalOptions): Record<string, number> {
  return { text: 1, title: lexical.titleBoost, headings: lexical.headingBoost, aliases: lexical.aliasBoost, grams: 1 };
}

/** Orama's tokenizer interface over our Analyzer (Orama's own search path only; inserts analyse in the component). */
function createOramaTokenizer(analyzer: Analyzer): Tokenizer {
  return {
    language: "english",
    normalizationCache: new Map(),
    tokenize: (raw: string, language?: string, prop?: string) =>
      typeof raw === "string" ? [...fieldTermCounts(analyzer, raw, language, prop).counts.keys()] : [],
  };
}

/**
 * Orama's stock full-text index stores term frequency as count ÷ field length and, with `exact:false`, expands every
 * query term as a prefix; with `exact:true` it adds a case-sensitive regex filter on the raw text. Neither gives
 * Lucene-style BM25, which is what keyword search is judged against. This component keeps Orama's document store,
 * id store and vector index, but indexes text fields itself, into typed-array posting lists with raw term counts
 * (`FieldPostings`), looks terms up exactly and scores BM25F (see bm25-search.ts). Each chunk's text is analysed in
 * its own language, asked of `hooks.languageOf`; the posting lists are also what the index files save.
 */
function createBm25Component(
  analyzer: Analyzer,
  hooks: { languageOf: (id: string) => string | undefined; ahead: Map<string, Analysed> },
): IIndex<OramaIndexStore> {
  const base = oramaIndex.createIndex();
  const fieldOf = (index: OramaIndexStore, prop: string): FieldPostings | undefined => (index as Bm25Store).fields[prop];
  return {
    ...base,
    create(orama, ids, schema) {
      const store = base.create(orama, ids, schema) as Bm25Store;
      store.fields = {};
      for (const [prop, tree] of Object.entries(store.indexes)) {
        if (tree.type === "Radix") store.fields[prop] = new FieldPostings();
      }
      return store;
    },
    insert(impl, index, prop, id, internalId, value, schemaType, language, tokenizer, docsCount, options) {
      const field = fieldOf(index, prop);
      if (!field || typeof value !== "string") {
        base.insert(impl, index, prop, id, internalId, value, schemaType, language, tokenizer, docsCount, options);
        return;
      }
      const lang = hooks.languageOf(String(id)) ?? language;
      const counted = takeAnalysed(hooks.ahead, prop, String(id), value, lang) ?? fieldTermCounts(analyzer, value, lang, prop);
      field.add(internalId, counted.counts, counted.length);
    },
    remove(impl, index, prop, id, internalId, value, schemaType, language, tokenizer, docsCount) {
      const field = fieldOf(index, prop);
      if (!field || typeof value !== "string") {
        return base.remove(impl, index, prop, id, internalId, value, schemaType, language, tokenizer, docsCount);
      }
      const lang = hooks.languageOf(String(id)) ?? language;
      const counted = takeAnalysed(hooks.ahead, prop, String(id), value, lang) ?? fieldTermCounts(analyzer, value, lang, prop);
      field.remove(internalId, counted.counts.keys());
      return true;
    },
    search(index, term, tokenizer: Tokenizer, language, props, _exact, _tolerance, boost, relevance, docsCount, where) {
      const store = index as unknown as Bm25Store;
      const postings = { fields: store.fields, ids: store.sharedInternalDocumentStore.internalIdToId };
      const hits = bm25Search(postings, plainClauses(tokenizer.tokenize(term, language), props), {
        boost: boost as Record<string, number>,
        k1: relevance.k,
        b: relevance.b,
        docsCount,
        where,
        limit: Infinity,
      });
      return hits.map((h): TokenScore => [h.id, h.score]);
    },
  };
}
