import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { VectorPool, type PooledNote } from "../../../../src/core/sync/embedding/vector-pool";

/** Loaded notes: unique chunk ids, texts drawn from a few hashes so that notes share some. */
const notes = fc.array(fc.array(fc.nat(5), { maxLength: 4 }), { maxLength: 8 }).map((ns) =>
  ns.map((hashes, n): PooledNote => ({ chunks: hashes.map((_, c) => ({ id: `n${n}c${c}` })), embedHashes: hashes.map((h) => `h${h}`) })),
);

const op = fc.oneof(
  fc.record({ kind: fc.constant("retain" as const), hash: fc.nat(6), id: fc.nat(3), embedded: fc.boolean() }),
  fc.record({ kind: fc.constant("release" as const), hash: fc.nat(6), note: fc.nat(7), chunk: fc.nat(3) }),
  fc.record({ kind: fc.constant("deliver" as const), hash: fc.nat(6) }),
  fc.record({ kind: fc.constant("lookup" as const), hash: fc.nat(6) }),
);

const vectorOf = (id: string): Float32Array => Float32Array.of(id.length, id.charCodeAt(1));

describe("VectorPool.defer", () => {
  it("answers as a pool that retained every loaded chunk at once, however far a sliced settling got first", () => {
    fc.assert(
      fc.property(notes, fc.nat(12), fc.integer({ min: 1, max: 5 }), fc.array(op, { maxLength: 30 }), (loaded, slices, perStep, ops) => {
        const eager = new VectorPool(vectorOf);
        const lazy = new VectorPool(vectorOf);
        for (const n of loaded) n.chunks.forEach((c, i) => eager.retain(n.embedHashes[i]!, c.id, true));
        for (const n of loaded) lazy.defer(n);
        const steps = lazy.settleSteps(perStep);
        // A sliced settling under way, then the synchronous calls of a change (which settle the rest first).
        for (let i = 0; i < slices; i++) steps.next();
        for (const o of ops) {
          const hash = `h${o.hash}`;
          if (o.kind === "retain") expect(lazy.retain(hash, `x${o.id}`, o.embedded)).toBe(eager.retain(hash, `x${o.id}`, o.embedded));
          else if (o.kind === "release") expect(lazy.release(hash, `n${o.note}c${o.chunk}`)).toBe(eager.release(hash, `n${o.note}c${o.chunk}`));
          else if (o.kind === "deliver") expect(lazy.deliver(hash, Float32Array.of(1))).toEqual(eager.deliver(hash, Float32Array.of(1)));
          else expect(lazy.lookup(hash)).toEqual(eager.lookup(hash));
          expect(lazy.pendingChunks).toBe(eager.pendingChunks);
        }
        // The settling left behind finds nothing more to do, and every text is where the eager pool has it, in order.
        while (!steps.next().done);
        expect([...lazy.indexedTexts()]).toEqual([...eager.indexedTexts()]);
        expect(lazy.deferring).toBe(false);
      }),
    );
  });

  it("records nothing until asked, and everything once a sliced settling ends", () => {
    const lazy = new VectorPool(vectorOf);
    lazy.defer({ chunks: [{ id: "a" }, { id: "b" }], embedHashes: ["h1", "h2"] });
    expect(lazy.deferring).toBe(true);
    const steps = lazy.settleSteps(1);
    expect(steps.next().done).toBe(false);
    expect(lazy.deferring).toBe(true);
    while (!steps.next().done);
    expect(lazy.deferring).toBe(false);
    expect([...lazy.indexedTexts()]).toEqual([["h1", ["a"]], ["h2", ["b"]]]);
  });
});
