import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { nearestChunksSteps, type NearChunk } from "../../../src/core/vectors/nearest-chunks";
import { rankChunksSteps } from "../../../src/core/vectors/ranked-chunks";
import { pairDotKernel } from "../../../src/core/vectors/pair-dot-kernel";
import { pairDotRows } from "../../../src/core/vectors/pair-dot-js";
import { runAll } from "../../../src/core/shared/slices";
import { VectorStore } from "../../../src/core/vectors/vector-store";

/** Dot product with four running sums by position modulo 4, added left to right: the scan's arithmetic. */
function dot4(a: Float32Array, b: Float32Array): number {
  const s = [0, 0, 0, 0];
  let i = 0;
  for (; i + 3 < a.length; i += 4) for (let l = 0; l < 4; l++) s[l]! += a[i + l]! * b[i + l]!;
  for (; i < a.length; i++) s[0]! += a[i]! * b[i]!;
  return s[0]! + s[1]! + s[2]! + s[3]!;
}

const norm = (v: Float32Array): number => Math.sqrt(v.reduce((s, x) => s + x * x, 0));

/** Orama's arithmetic, for comparison: one running sum in order. */
function dot1(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}

interface Live {
  id: string;
  key: number;
  v: Float32Array;
}

/** Every vector, one by one, a full sort: what the scan must return. */
function reference(live: readonly Live[], q: Float32Array, floor: number, limit: number, product = dot4): NearChunk[] {
  return live
    .filter((l) => norm(l.v) > 0)
    .map((l) => ({ id: l.id, key: l.key, score: product(q, l.v) / (norm(q) * norm(l.v)) }))
    .filter((h) => h.score >= floor)
    .sort((a, b) => b.score - a.score || a.key - b.key)
    .slice(0, limit)
    .map(({ id, score }) => ({ id, score }));
}

const coordinate = fc.float({ min: -2, max: 2, noNaN: true, noDefaultInfinity: true });
type Op = { kind: "set"; n: number; v: number[] } | { kind: "delete"; n: number } | { kind: "recycle" };

function ops(dims: number): fc.Arbitrary<Op[]> {
  const vec = fc.array(coordinate, { minLength: dims, maxLength: dims });
  const op: fc.Arbitrary<Op> = fc.oneof(
    fc.record({ kind: fc.constant("set" as const), n: fc.integer({ min: 0, max: 40 }), v: vec }),
    fc.record({ kind: fc.constant("delete" as const), n: fc.integer({ min: 0, max: 40 }) }),
    fc.constant({ kind: "recycle" as const }),
  );
  return fc.array(op, { minLength: 1, maxLength: 120 });
}

/** Plays `ops` on a store and on a plain list; returns both. */
function play(dims: number, list: readonly Op[]): { store: VectorStore; live: Live[] } {
  const keys = new Map<string, number>();
  const store = new VectorStore(dims, (id) => keys.get(id) ?? 0);
  const live = new Map<string, Live>();
  for (const op of list) {
    if (op.kind === "recycle") store.recycle();
    const id = op.kind === "recycle" ? "" : `n${op.n % 7}.md#${op.n}`;
    if (op.kind === "set") {
      if (!keys.has(id)) keys.set(id, keys.size + 1);
      const v = Float32Array.from(op.v);
      store.set(id, id.split("#")[0]!, v);
      live.set(id, { id, key: keys.get(id)!, v });
    } else if (op.kind === "delete") {
      store.delete(id);
      live.delete(id);
    }
  }
  return { store, live: [...live.values()] };
}

describe("nearest chunks over the vector store", () => {
  it("gives exactly the naive scan's hits, scores and tie order, through stores, replaces, removes and slot reuse", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(3, 4, 8, 13).chain((dims) =>
          fc.tuple(fc.constant(dims), ops(dims), fc.array(coordinate, { minLength: dims, maxLength: dims })),
        ),
        fc.integer({ min: 1, max: 12 }),
        fc.constantFrom(-1, 0, 0.3),
        fc.integer({ min: 1, max: 5 }),
        ([dims, list, q], limit, floor, perStep) => {
          const { store, live } = play(dims, list);
          const query = Float32Array.from(q);
          const got = runAll(nearestChunksSteps(store, query, floor, limit, perStep));
          expect(got).toEqual(reference(live, query, floor, limit));
          // Against Orama's own arithmetic the scores agree up to float rounding.
          const orama = reference(live, query, -Infinity, live.length, dot1);
          for (const h of got) {
            const o = orama.find((x) => x.id === h.id);
            expect(Math.abs((o?.score ?? NaN) - h.score)).toBeLessThan(1e-9);
          }
          expect(store.size).toBe(live.length);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("ranks only the allowed notes' vectors: the same hits as scanning all of them and keeping the allowed", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(3, 8).chain((dims) => fc.tuple(fc.constant(dims), ops(dims), fc.array(coordinate, { minLength: dims, maxLength: dims }))),
        fc.integer({ min: 1, max: 12 }),
        fc.constantFrom(-1, 0),
        fc.integer({ min: 1, max: 5 }),
        fc.subarray(["n0.md", "n1.md", "n2.md", "n3.md", "n4.md", "n5.md", "n6.md"]),
        ([dims, list, q], limit, floor, perStep, notes) => {
          const { store, live } = play(dims, list);
          const query = Float32Array.from(q);
          const allowed = new Set(notes);
          const noteOf = (id: string): string => id.split("#")[0]!;
          const got = runAll(nearestChunksSteps(store, query, floor, limit, perStep, (path) => allowed.has(path)));
          expect(got).toEqual(reference(live.filter((l) => allowed.has(noteOf(l.id))), query, floor, limit));
          // The full `limit` is filled from the allowed notes even when other notes' vectors rank above them.
          const allowedHits = reference(live, query, floor, live.length).filter((h) => allowed.has(noteOf(h.id)));
          expect(got).toHaveLength(Math.min(limit, allowedHits.length));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("ranks on demand after one scan: every take(limit) is what a scan for that limit gives", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(3, 8).chain((dims) => fc.tuple(fc.constant(dims), ops(dims), fc.array(coordinate, { minLength: dims, maxLength: dims }))),
        fc.array(fc.integer({ min: 0, max: 45 }), { minLength: 1, maxLength: 4 }),
        fc.constantFrom(-1, 0, 0.3),
        fc.subarray(["n0.md", "n1.md", "n2.md", "n3.md", "n4.md", "n5.md", "n6.md"], { minLength: 1 }),
        ([dims, list, q], limits, floor, notes) => {
          const { store } = play(dims, list);
          const query = Float32Array.from(q);
          const allow = (path: string): boolean => notes.includes(path);
          const ranked = runAll(rankChunksSteps(store, query, floor, 3, allow));
          for (const limit of limits) {
            const scanned = limit === 0 ? [] : runAll(nearestChunksSteps(store, query, floor, limit, 3, allow));
            expect(ranked.take(limit)).toEqual(scanned);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it("finds nothing for a zero query or a query of the wrong size", () => {
    const store = new VectorStore(4, () => 1);
    store.set("a.md#0", "a.md", Float32Array.from([1, 0, 0, 0]));
    expect(runAll(nearestChunksSteps(store, new Float32Array(4), -1, 5))).toEqual([]);
    expect(runAll(nearestChunksSteps(store, new Float32Array(3).fill(1), -1, 5))).toEqual([]);
  });

  it("scores contiguous rows bit for bit alike in the kernel and its JavaScript twin", () => {
    const kernel = pairDotKernel(12);
    if (!kernel) throw new Error("no kernel");
    fc.assert(
      fc.property(fc.array(coordinate, { minLength: 12, maxLength: 12 * 700 }), fc.array(coordinate, { minLength: 24, maxLength: 24 }), (xs, ab) => {
        const count = Math.floor(xs.length / 12);
        const rows = Float32Array.from(xs.slice(0, count * 12));
        const a = Float32Array.from(ab.slice(0, 12));
        const b = Float32Array.from(ab.slice(12));
        const wasm = new Float64Array(count + 2);
        const js = new Float64Array(count + 2);
        kernel.scoreRows(rows, count, a, b, wasm, 2);
        pairDotRows(rows, count, a, b, js, 2);
        for (let i = 0; i < count + 2; i++) expect(Object.is(wasm[i], js[i])).toBe(true);
      }),
      { numRuns: 40 },
    );
  });
});
