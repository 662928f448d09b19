import { afterEach, describe, expect, it, vi } from "vitest";
import { decodePostings } from "../../../src/core/keyword/postings-codec";
import { mergePostingParts, type PostingPart } from "../../../src/core/keyword/postings-merge";
import { encodePostingParts } from "../../../src/core/keyword/postings-parts";
import { splitRanks, writeRanks } from "../../../src/core/keyword/postings-ranks";
import { ByteReader, ByteWriter } from "../../../src/core/persist/varint";
import { runAll } from "../../../src/core/shared/slices";
import { build, expected, freshBuild, pairsOf, plain, random, type Case } from "./postings-fixtures";

/**
 * The documents of `c` saved the way a vault's history leaves them: several saves (each `encodePostingParts` call
 * one save, with parts of its own), some of them written before parts carried ranks (trailer taken off), the parts
 * then listed in a shuffled order, a share of each part's documents dropped (dead rows).
 */
function history(c: Case, rand: () => number, saves: number, dropShare: number): { parts: PostingPart[]; maxId: number; kept: number[] } {
  const maxId = c.docs[c.docs.length - 1] ?? 0;
  const bySave: number[][] = Array.from({ length: saves }, () => []);
  for (const id of c.docs) bySave[Math.floor(rand() * saves)]?.push(id);
  const parts: PostingPart[] = [];
  const kept: number[] = [];
  for (const docs of bySave) {
    const count = 1 + Math.floor(rand() * 4);
    const groups: number[][] = Array.from({ length: count }, () => []);
    for (const id of docs) groups[Math.floor(rand() * count)]?.push(id);
    const partOf = new Int32Array(maxId + 1).fill(-1);
    const ordinalOf = new Int32Array(maxId + 1);
    groups.forEach((g, p) => g.forEach((id, ordinal) => ((partOf[id] = p), (ordinalOf[id] = ordinal))));
    const bytes = runAll(encodePostingParts(c.fields, partOf, ordinalOf, groups.map((g) => g.length)));
    if (!bytes) throw new Error("encodePostingParts failed");
    const old = rand() < 0.3;
    groups.forEach((g, p) => {
      const idOf = Int32Array.from(g, (id) => (rand() < dropShare ? -1 : id));
      for (const id of idOf) if (id >= 0) kept.push(id);
      const written = bytes[p] as Uint8Array;
      parts.push({ bytes: old ? splitRanks(written).postings : written, idOf });
    });
  }
  parts.sort(() => rand() - 0.5);
  return { parts, maxId, kept };
}

/** Every string a part's bytes hold: its fields' names and terms. */
function stringsOf(part: PostingPart): { names: number; terms: string[][] } {
  const decoded = runAll(decodePostings(splitRanks(part.bytes).postings, Int32Array.from(part.idOf, (_, i) => i), part.idOf.length)) ?? [];
  return { names: decoded.length, terms: decoded.map((f) => f.terms) };
}

afterEach(() => vi.restoreAllMocks());

describe("postings of several saves, joined by rank", () => {
  it("gives what decoding each part alone and joining gives, whatever mix of saves and old parts", () => {
    for (let seed = 1; seed <= 60; seed++) {
      const rand = random(1000 + seed);
      const c = build(rand, 1 + Math.floor(rand() * 90));
      const { parts, maxId, kept } = history(c, rand, 1 + Math.floor(rand() * 4), seed % 3 === 0 ? 0 : rand() * 0.4);
      const merged = runAll(mergePostingParts(parts, maxId));
      expect(merged, `seed ${seed}`).toBeDefined();
      expect(plain(merged ?? []), `seed ${seed}`).toEqual(expected(parts, maxId));
      const asBuilt = (merged ?? []).map((f) => ({ prop: f.prop, terms: f.terms, lists: f.lists.map(pairsOf), documentCount: f.documentCount }));
      expect(asBuilt, `seed ${seed}`).toEqual(freshBuild(c, kept));
    }
  });

  it("reads each term's string once per save, not once per part", () => {
    const rand = random(21);
    const c = build(rand, 200);
    const maxId = c.docs[c.docs.length - 1] ?? 0;
    const partOf = new Int32Array(maxId + 1).fill(-1);
    const ordinalOf = new Int32Array(maxId + 1);
    const counts = [0, 0, 0, 0, 0, 0];
    for (const id of c.docs) {
      const p = Math.floor(rand() * counts.length);
      partOf[id] = p;
      ordinalOf[id] = counts[p]!++;
    }
    const bytes = runAll(encodePostingParts(c.fields, partOf, ordinalOf, counts)) ?? [];
    const parts = bytes.map((b, p) => ({ bytes: b, idOf: Int32Array.from(c.docs.filter((id) => partOf[id] === p)) }));
    const seen = parts.map(stringsOf);
    const names = seen.reduce((a, s) => a + s.names, 0);
    const perPart = seen.reduce((a, s) => a + s.terms.flat().length, 0);
    const distinct = (seen[0]?.terms ?? []).reduce((a, _, f) => a + new Set(seen.flatMap((s) => s.terms[f] ?? [])).size, 0);
    expect(distinct).toBeLessThan(perPart);
    const read = vi.spyOn(ByteReader.prototype, "string");
    expect(runAll(mergePostingParts(parts, maxId))).toBeDefined();
    expect(read).toHaveBeenCalledTimes(names + distinct);
  });

  it("writes no ranks for a save of one part (a one-note edit writes what it wrote before)", () => {
    const c = build(random(3), 30);
    const maxId = c.docs[c.docs.length - 1] ?? 0;
    const ordinalOf = new Int32Array(maxId + 1).fill(-1);
    const partOf = new Int32Array(maxId + 1).fill(-1);
    c.docs.forEach((id, i) => ((partOf[id] = 0), (ordinalOf[id] = i)));
    const [one] = runAll(encodePostingParts(c.fields, partOf, ordinalOf, [c.docs.length])) ?? [];
    expect(splitRanks(one as Uint8Array).ranks).toBeUndefined();
  });

  it("refuses ranks that don't read, and a save whose ranks don't follow its terms' order", () => {
    const bad = new ByteWriter();
    bad.uint(9);
    writeRanks(bad, [1, 2], [{ size: 2, ranks: [0, 5] }]);
    expect(splitRanks(bad.view()).ranks).toBe("bad");
    // One part, one field, terms "b" then "a" (not ascending) under ranks that say they are.
    const out = new ByteWriter();
    for (const n of [4, 1, 1]) out.uint(n);
    out.string("text");
    out.uint(2);
    out.uint(2);
    out.string("b");
    out.string("a");
    for (const n of [1, 0, 1, 1, 0, 1]) out.uint(n);
    const postings = out.view().slice();
    expect(runAll(mergePostingParts([{ bytes: postings, idOf: Int32Array.from([0]) }], 0))).toBeUndefined();
    writeRanks(out, [7, 8], [{ size: 2, ranks: [0, 1] }]);
    expect(runAll(mergePostingParts([{ bytes: out.view(), idOf: Int32Array.from([0]) }], 0))).toBeUndefined();
    // The same part with its terms in order is taken.
    const fine = new ByteWriter();
    for (const n of [4, 1, 1]) fine.uint(n);
    fine.string("text");
    fine.uint(2);
    fine.uint(2);
    fine.string("a");
    fine.string("b");
    for (const n of [1, 0, 1, 1, 0, 1]) fine.uint(n);
    writeRanks(fine, [7, 8], [{ size: 2, ranks: [0, 1] }]);
    expect(runAll(mergePostingParts([{ bytes: fine.view(), idOf: Int32Array.from([0]) }], 0))?.[0]?.terms).toEqual(["a", "b"]);
  });
});
