import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { VectorPool } from "../../../../src/core/sync/embedding/vector-pool";

/** What the pool must answer, kept the plain way: every text's chunk ids in a set, and whether they have the vector. */
class Model {
  readonly texts = new Map<string, { ids: Set<string>; embedded: boolean }>();
  retain(hash: string, id: string, embedded: boolean): boolean {
    const t = this.texts.get(hash) ?? { ids: new Set<string>(), embedded: false };
    t.ids.add(id);
    t.embedded ||= embedded;
    this.texts.set(hash, t);
    return !t.embedded;
  }
  release(hash: string, id: string): boolean {
    const t = this.texts.get(hash);
    if (!t?.ids.delete(id)) return false;
    if (t.ids.size > 0) return false;
    this.texts.delete(hash);
    return true;
  }
  deliver(hash: string): string[] {
    const t = this.texts.get(hash);
    if (!t) return [];
    t.embedded = true;
    return [...t.ids];
  }
  get pending(): number {
    let n = 0;
    for (const t of this.texts.values()) if (!t.embedded) n += t.ids.size;
    return n;
  }
}

const op = fc.oneof(
  fc.record({ kind: fc.constant("retain" as const), hash: fc.nat(3), id: fc.nat(4), embedded: fc.boolean() }),
  fc.record({ kind: fc.constant("release" as const), hash: fc.nat(3), id: fc.nat(4) }),
  fc.record({ kind: fc.constant("deliver" as const), hash: fc.nat(3) }),
);

describe("VectorPool against a plain model", () => {
  it("answers as the model does through any retains, releases and deliveries (a lone embedded id kept compactly)", () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
        // The index's vectors: a chunk has one once its text is embedded, as the index would hold it.
        const index = new Map<string, Float32Array>();
        const pool = new VectorPool((id) => index.get(id));
        const model = new Model();
        const vectorOf = (hash: string): Float32Array => Float32Array.of(Number(hash.slice(1)), 1);
        const sync = (): void => {
          index.clear();
          for (const [hash, t] of model.texts) if (t.embedded) for (const id of t.ids) index.set(id, vectorOf(hash));
        };
        for (const o of ops) {
          const hash = `h${o.hash}`;
          // A chunk has one text at a time: the index releases its old one before it retains another.
          const elsewhere = [...model.texts].some(([h, t]) => h !== hash && t.ids.has(`c${"id" in o ? o.id : -1}`));
          if (o.kind === "retain" && elsewhere) continue;
          if (o.kind === "retain") {
            expect(pool.retain(hash, `c${o.id}`, o.embedded)).toBe(model.retain(hash, `c${o.id}`, o.embedded));
          } else if (o.kind === "release") {
            expect(pool.release(hash, `c${o.id}`)).toBe(model.release(hash, `c${o.id}`));
          } else {
            expect([...pool.deliver(hash, vectorOf(hash))].sort()).toEqual(model.deliver(hash).sort());
          }
          sync();
          expect(pool.pendingChunks).toBe(model.pending);
          for (let h = 0; h < 4; h++) {
            const t = model.texts.get(`h${h}`);
            expect(pool.needsVector(`h${h}`)).toBe(t !== undefined && !t.embedded);
            // A text in the index with its vector is found from the index; the rest only as a dropped copy, if at all.
            if (t?.embedded) expect([...(pool.lookup(`h${h}`) ?? [])]).toEqual([h, 1]);
          }
          const held = new Map([...pool.allVectors()].map(([h, v]) => [h, [...v]]));
          for (const [h, t] of model.texts) if (t.embedded) expect(held.get(h)).toEqual([Number(h.slice(1)), 1]);
        }
      }),
      { numRuns: 300 },
    );
  });
});
