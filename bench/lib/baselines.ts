import { create, insert, search, type AnyOrama } from "@orama/orama";
import MiniSearch from "minisearch";
import type { BeirDataset } from "./beir";

/** Orama's own hybrid mode with its defaults, except `similarity: 0` (its 0.8 default drops most hits). */
export class OramaHybridBaseline {
  private readonly db: AnyOrama;

  constructor(ds: BeirDataset, docVectors: Map<string, Float32Array>, dims: number) {
    this.db = create({ schema: { title: "string", text: "string", embedding: `vector[${dims}]` } as never });
    for (const d of ds.docs) {
      const v = docVectors.get(d.id);
      void insert(this.db, { id: d.id, title: d.title, text: d.text, ...(v ? { embedding: Array.from(v) } : {}) });
    }
  }

  search(term: string, vector: Float32Array, limit: number): string[] {
    const res = search(this.db, {
      mode: "hybrid",
      term,
      vector: { value: vector, property: "embedding" },
      similarity: 0,
      limit,
      includeVectors: true,
    }) as { hits: { id: string }[] };
    return res.hits.map((h) => h.id);
  }
}

/** MiniSearch with its defaults: the engine Omnisearch is built on. */
export class MiniSearchBaseline {
  private readonly ms: MiniSearch<{ id: string; title: string; text: string }>;

  constructor(ds: BeirDataset) {
    this.ms = new MiniSearch({ fields: ["title", "text"] });
    this.ms.addAll(ds.docs);
  }

  search(query: string, limit: number): string[] {
    return this.ms
      .search(query)
      .slice(0, limit)
      .map((r) => String(r.id));
  }
}
