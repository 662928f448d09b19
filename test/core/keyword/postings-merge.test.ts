import { afterEach, describe, expect, it, vi } from "vitest";
import { FieldPostings } from "../../../src/core/keyword/field-postings";
import { PostingList } from "../../../src/core/keyword/posting-list";
import { decodePostings, encodePostings, type DecodedField } from "../../../src/core/keyword/postings-codec";
import { mergePostingParts, type PostingPart } from "../../../src/core/keyword/postings-merge";
import { encodePostingParts } from "../../../src/core/keyword/postings-parts";
import { runAll } from "../../../src/core/shared/slices";
import { ByteReader } from "../../../src/core/persist/varint";

/** A small seeded generator, so a failure names the case that found it. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

// Words of several scripts, "constructor" and "__proto__", and terms that sort differently by code point and by
// UTF-16 unit (an astral character against one from U+E000…U+FFFF).
const WORDS = ["garden", "tomato", "soil", "project", "projection", "constructor", "__proto__", "хлеб", "雨", "日", "\u{1F600}x", "\uFF21b", "a", "ab", "abc", "z"];

interface Case {
  fields: Record<string, FieldPostings>;
  /** Internal ids of the documents, ascending. */
  docs: number[];
}

/** Two fields over `n` documents with internal ids spread out (as after edits), random terms and counts. */
function build(rand: () => number, n: number): Case {
  const fields: Record<string, FieldPostings> = { text: new FieldPostings(), title: new FieldPostings() };
  const docs: number[] = [];
  let id = 0;
  for (let d = 0; d < n; d++) {
    id += 1 + Math.floor(rand() * 3);
    docs.push(id);
    for (const field of Object.values(fields)) {
      const counts = new Map<string, number>();
      const words = Math.floor(rand() * 6);
      for (let w = 0; w < words; w++) {
        const word = WORDS[Math.floor(rand() * WORDS.length)] ?? "a";
        counts.set(word, (counts.get(word) ?? 0) + 1 + Math.floor(rand() * 200));
      }
      let length = 0;
      for (const c of counts.values()) length += c;
      field.add(id, counts, length);
    }
  }
  return { fields, docs };
}

/** Each field as plain data, lists exactly as held (order included). */
function plain(fields: readonly DecodedField[]): unknown {
  return fields.map((f) => ({
    prop: f.prop,
    terms: f.terms,
    lists: f.lists.map((l) => [Array.from(l.ids.subarray(0, l.length)), Array.from(l.counts.subarray(0, l.length))]),
    lengths: Array.from(f.lengths),
    documentCount: f.documentCount,
  }));
}

/**
 * What the merge must give: each part decoded alone (`decodePostings`, the single-blob decoder), its dropped
 * documents taken out, and the lists of a term joined end to end in part order; terms no part keeps are left out.
 */
function expected(parts: readonly PostingPart[], maxId: number): unknown {
  const byProp = new Map<string, { lists: Map<string, [number[], number[]]>; lengths: Int32Array; docs: number }>();
  const dropped = maxId + 1;
  for (const part of parts) {
    const idOf = Int32Array.from(part.idOf, (id) => (id >= 0 ? id : dropped));
    const decoded = runAll(decodePostings(part.bytes, idOf, idOf.length)) ?? [];
    for (const f of decoded) {
      let into = byProp.get(f.prop);
      if (!into) byProp.set(f.prop, (into = { lists: new Map(), lengths: new Int32Array(maxId + 1), docs: 0 }));
      into.docs += part.idOf.filter((id) => id >= 0).length;
      for (let id = 0; id <= maxId; id++) if (f.lengths[id]) into.lengths[id] = f.lengths[id] ?? 0;
      f.terms.forEach((term, t) => {
        const list = f.lists[t] as PostingList;
        let joined = into.lists.get(term);
        if (!joined) into.lists.set(term, (joined = [[], []]));
        for (let k = 0; k < list.length; k++) {
          if (list.ids[k] === dropped) continue;
          joined[0].push(list.ids[k] ?? 0);
          joined[1].push(list.counts[k] ?? 0);
        }
      });
    }
  }
  return [...byProp].map(([prop, f]) => {
    const terms = [...f.lists.keys()].filter((t) => (f.lists.get(t)?.[0].length ?? 0) > 0).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    return { prop, terms, lists: terms.map((t) => f.lists.get(t)), lengths: Array.from(f.lengths), documentCount: f.docs };
  });
}

/** Splits the documents into `count` parts at random, encodes them, and drops a share of each part's documents. */
function partsOf(c: Case, rand: () => number, count: number, dropShare: number): { parts: PostingPart[]; maxId: number; kept: number[] } {
  const maxId = c.docs[c.docs.length - 1] ?? 0;
  const groups: number[][] = Array.from({ length: count }, () => []);
  for (const id of c.docs) groups[Math.floor(rand() * count)]?.push(id);
  // Inside a part, documents in any order: a segment lists its notes' chunks in its own order.
  for (const g of groups) g.sort(() => rand() - 0.5);
  const partOf = new Int32Array(maxId + 1).fill(-1);
  const ordinalOf = new Int32Array(maxId + 1);
  groups.forEach((g, p) =>
    g.forEach((id, ordinal) => {
      partOf[id] = p;
      ordinalOf[id] = ordinal;
    }),
  );
  const bytes = runAll(encodePostingParts(c.fields, partOf, ordinalOf, groups.map((g) => g.length)));
  if (!bytes) throw new Error("encodePostingParts failed");
  const kept: number[] = [];
  const parts = groups.map((g, p) => {
    const idOf = Int32Array.from(g, (id) => (rand() < dropShare ? -1 : id));
    for (const id of idOf) if (id >= 0) kept.push(id);
    return { bytes: bytes[p] as Uint8Array, idOf };
  });
  return { parts, maxId, kept };
}

/** The fields as a fresh build of just the `kept` documents holds them: each list as (id, count) pairs by id. */
function freshBuild(c: Case, kept: readonly number[]): unknown {
  const keep = new Set(kept);
  return Object.entries(c.fields).map(([prop, field]) => {
    const terms = field.vocabulary.terms().filter((t) => {
      const l = field.postings(t);
      return l !== undefined && Array.from(l.ids.subarray(0, l.length)).some((id) => keep.has(id));
    });
    return {
      prop,
      terms: [...terms],
      lists: terms.map((t) => pairsOf(field.postings(t) as PostingList).filter(([id]) => keep.has(id ?? -1))),
      documentCount: keep.size,
    };
  });
}

function pairsOf(l: PostingList): number[][] {
  return Array.from(l.ids.subarray(0, l.length), (id, k) => [id, l.counts[k] ?? 0]).sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0));
}

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
    const made = vi.spyOn(PostingList, "deferred");
    const merged = runAll(mergePostingParts(parts, maxId)) ?? [];
    expect(made).toHaveBeenCalledTimes(merged.reduce((a, f) => a + f.terms.length, 0));
  });

  it("decodes a list's postings only when it is first read, and then gives what was saved", () => {
    const rand = random(13);
    const c = build(rand, 80);
    const { parts, maxId } = partsOf(c, rand, 5, 0);
    const decodeAll = runAll(mergePostingParts(parts, maxId)) ?? [];
    const expectedLists = plain(decodeAll);
    const decoded = vi.spyOn(ByteReader.prototype, "uintPairs");
    const merged = runAll(mergePostingParts(parts, maxId)) ?? [];
    // Every term and its document frequency are there at once; no posting was decoded for them.
    expect(merged.map((f) => f.lists.map((l) => l.length))).toEqual(decodeAll.map((f) => f.lists.map((l) => l.length)));
    expect(decoded).not.toHaveBeenCalled();
    const text = merged[0]?.lists[0];
    expect(text?.ids).toBeDefined();
    expect(decoded.mock.calls.length).toBeGreaterThan(0);
    expect(decoded.mock.calls.length).toBeLessThanOrEqual(parts.length);
    expect(plain(merged)).toEqual(expectedLists);
  });

  it("lets a list be changed before its postings were read", () => {
    const rand = random(17);
    const c = build(rand, 60);
    const { parts, maxId } = partsOf(c, rand, 4, 0.3);
    const list = (runAll(mergePostingParts(parts, maxId)) ?? [])[0]?.lists.find((l) => l.length >= 2) as PostingList;
    const pairs = pairsOf((runAll(mergePostingParts(parts, maxId)) ?? [])[0]?.lists.find((l) => l.length >= 2) as PostingList);
    const [gone] = pairs[0] as [number, number];
    expect(list.remove(gone)).toBe(true);
    list.add(maxId + 5, 3);
    expect(pairsOf(list)).toEqual([...pairs.slice(1), [maxId + 5, 3]]);
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
