import { create, insert, load, save, type AnyOrama, type RawData } from "@orama/orama";

/** A chunk as the baseline stores it. */
export interface BaselineDoc {
  id: string;
  text: string;
  title: string;
  headings: string;
  vector: Float32Array | undefined;
}

/** Orama's own persistence, in the same run: null where it fails, with the error message. */
export interface OramaBaseline {
  oramaSaveMs: number | null;
  oramaLoadMs: number | null;
  oramaBytes: number | null;
  /** Why save or load failed, e.g. "Invalid string length" once the JSON outgrows V8's longest string. */
  error?: string;
}

/**
 * The baseline we beat: a plain Orama db holding the same chunks, vectors as plain arrays, saved with Orama's
 * `save()` + `JSON.stringify` and loaded with `JSON.parse` + `load()`, the way plugins persist Orama today.
 */
export function measureOramaBaseline(docs: Iterable<BaselineDoc>, dims: number): OramaBaseline {
  const schema = { text: "string", title: "string", headings: "string", embedding: `vector[${dims}]` } as const;
  let db: AnyOrama | undefined = create({ schema: schema as never }) as AnyOrama;
  for (const d of docs) {
    const doc = { id: d.id, text: d.text, title: d.title, headings: d.headings };
    void insert(db, (d.vector ? { ...doc, embedding: Array.from(d.vector) } : doc) as never);
  }
  const out: OramaBaseline = { oramaSaveMs: null, oramaLoadMs: null, oramaBytes: null };
  let json: string;
  try {
    const t0 = performance.now();
    json = JSON.stringify(save(db));
    out.oramaSaveMs = performance.now() - t0;
    out.oramaBytes = Buffer.byteLength(json);
  } catch (e) {
    return { ...out, error: `save: ${message(e)}` };
  }
  db = undefined;
  try {
    const t0 = performance.now();
    const fresh = create({ schema: schema as never }) as AnyOrama;
    load(fresh, JSON.parse(json) as RawData);
    out.oramaLoadMs = performance.now() - t0;
  } catch (e) {
    return { ...out, error: `load: ${message(e)}` };
  }
  return out;
}

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
