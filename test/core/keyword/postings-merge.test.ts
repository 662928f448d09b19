import { afterEach, describe, expect, it, vi } from "vitest";
import { PostingList } from "../../../src/core/keyword/posting-list";
import { decodePostings, encodePostings } from "../../../src/core/keyword/postings-codec";
import { mergePostingParts, type PostingPart } from "../../../src/core/keyword/postings-merge";
import { runAll } from "../../../src/core/shared/slices";
import { build, expected, freshBuild, pairsOf, partsOf, plain, random } from "./postings-fixtures";

afterEach(() => vi.restoreAllMocks());

describe("mergePostingParts", () => {
  it("gives what decoding each part alone and joining gives, and what a fresh build of the kept documents holds", () => {
    for (let seed = 1; seed <= 40; seed++) {
      const rand = random(seed);
      const c = build(rand, 1 + Math.floor(rand() * 80));
      const { parts, maxId, kept } = partsOf(c, rand, 1 + Math.floor(rand() * 9), seed % 3 === 0 ? 0 : rand() * 0.4);
      const merged = runAll(mergePostingParts(parts, maxId));
      expect(merged, `seed ${seed}`).toBeDefined();
      expect(plain(merged ?? []), `seed ${seed}`).toEqual(expected(parts, maxId));
      const asBuilt = (merged ?? []).map((f) => ({
        prop: f.prop,
        terms: f.terms,
        lists: f.lists.map(pairsOf),
        documentCount: f.documentCount,
      }));
      expect(asBuilt, `seed ${seed}`).toEqual(freshBuild(c, kept));
    }
  });

  it("gives from one part exactly what the single-blob decoder gives", () => {
    const rand = random(7);
    const c = build(rand, 60);
    const maxId = c.docs[c.docs.length - 1] ?? 0;
    const ordinalOf = new Int32Array(maxId + 1).fill(-1);
    c.docs.forEach((id, ordinal) => (ordinalOf[id] = ordinal));
    const blob = runAll(encodePostings(c.fields, ordinalOf, c.docs.length)) as Uint8Array;
    const idOf = Int32Array.from(c.docs);
    expect(plain(runAll(mergePostingParts([{ bytes: blob, idOf }], maxId)) ?? [])).toEqual(plain(runAll(decodePostings(blob, idOf, c.docs.length)) ?? []));
  });

  it("makes one list per merged term, none per term of each part", () => {
    const rand = random(11);
    const c = build(rand, 80);
    const { parts, maxId } = partsOf(c, rand, 6, 0.2);
    const from = vi.spyOn(PostingList, "from");
    const merged = runAll(mergePostingParts(parts, maxId)) ?? [];
    expect(from).toHaveBeenCalledTimes(merged.reduce((a, f) => a + f.terms.length, 0));
  });

  it("refuses damaged or mismatched parts instead of guessing", () => {
    const rand = random(5);
    const c = build(rand, 40);
    const { parts, maxId } = partsOf(c, rand, 3, 0.1);
    const ok = runAll(mergePostingParts(parts, maxId));
    expect(ok).toBeDefined();
    const [first, second, third] = parts as [PostingPart, PostingPart, PostingPart];
    // Cut short, a byte too many, the wrong chunk count.
    expect(runAll(mergePostingParts([first, { ...second, bytes: second.bytes.subarray(0, second.bytes.length - 1) }, third], maxId))).toBeUndefined();
    expect(runAll(mergePostingParts([first, { ...second, bytes: Uint8Array.from([...second.bytes, 0]) }, third], maxId))).toBeUndefined();
    expect(runAll(mergePostingParts([first, { ...second, idOf: second.idOf.subarray(1) }, third], maxId))).toBeUndefined();
  });
});
