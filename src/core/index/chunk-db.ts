import { create, type AnyOrama } from "@orama/orama";
import { internalDocumentIDStore } from "@orama/orama/components";
import type { Analyzer } from "../text/analyzer";
import { createBm25Component, type IndexSwitches } from "./bm25-component";
import type { LexicalOptions } from "./lexical-options";
import { createOramaTokenizer } from "./orama-tokenizer";

/** The fields Orama keeps per chunk: the text fields and the character pairs of unspaced scripts. */
const SCHEMA = { text: "string", title: "string", headings: "string", aliases: "string", grams: "string" } as const;

/** An Orama database of chunks whose text fields our BM25F component indexes (see bm25-component.ts). */
export function createChunkDb(analyzer: Analyzer, switches: IndexSwitches): AnyOrama {
  return create({
    schema: SCHEMA,
    // Results are ranked, never sorted by a field: Orama's sorter would only cost time on every insert.
    sort: { enabled: false },
    components: { tokenizer: createOramaTokenizer(analyzer), index: createBm25Component(switches) as never },
  }) as AnyOrama;
}

/** Each field's BM25F weight, from the lexical options. */
export function fieldBoosts(lexical: LexicalOptions): Record<string, number> {
  return { text: 1, title: lexical.titleBoost, headings: lexical.headingBoost, aliases: lexical.aliasBoost, grams: 1 };
}

/**
 * What Orama's `insert()` does for a chunk while its text fields are left out (a saved index being restored, see
 * `IndexSwitches.skipText`): give the id its internal number and keep the document, which `remove()` reads back.
 * Our BM25 component indexes nothing then and the schema has only text fields, so the rest of `insert()` (schema
 * check, one component call per field) is skipped: it was a third of a restart's restore.
 */
export function storeUnindexed(db: AnyOrama, doc: { readonly id: string }): void {
  const internalId = internalDocumentIDStore.getInternalDocumentId(db.internalDocumentIDStore, doc.id);
  if (!db.documentsStore.store(db.data.docs, doc.id, internalId, doc)) throw new Error(`chunk ${doc.id} is already indexed`);
}
