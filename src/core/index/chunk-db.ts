import { create, type AnyOrama } from "@orama/orama";
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
