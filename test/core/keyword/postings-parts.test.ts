import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FieldPostings } from "../../../src/core/keyword/field-postings";
import { PostingList } from "../../../src/core/keyword/posting-list";
import { POSTINGS_LAYOUT } from "../../../src/core/keyword/postings-codec";
import { encodePostingParts } from "../../../src/core/keyword/postings-parts";
import { runAll } from "../../../src/core/shared/slices";
import { ByteWriter } from "../../../src/core/persist/varint";

/** The encoding as it was before lists were read from the first member's id: every posting of every list, kept as the reference. */
function everyPosting(fields: Record<string, FieldPostings>, partOf: Int32Array, ordinalOf: Int32Array, counts: readonly number[]): Uint8Array[] {
  const props = Object.keys(fields);
  const outs = counts.map((n) => {
    const out = new ByteWriter(1 << 12);
    out.uint(POSTINGS_LAYOUT);
    out.uint(n);
    out.uint(props.length);
    return out;
  });
  for (const prop of props) {
    const field = fields[prop] as FieldPostings;
    const lengths = counts.map((n) => new Int32Array(n));
    partOf.forEach((part, id) => {
      const into = lengths[part];
      if (into) into[ordinalOf[id] ?? 0] = field.lengthOf(id);
    });
    const terms = counts.map(() => [] as string[]);
    const lists = counts.map(() => new ByteWriter(1 << 12));
    for (const term of field.vocabulary.terms()) {
      const list = field.postings(term) as PostingList;
      const ids = counts.map(() => [] as number[][]);
      for (let k = 0; k < list.length; k++) {
        const id = list.ids[k] ?? 0;
        ids[partOf[id] ?? -1]?.push([ordinalOf[id] ?? 0, list.counts[k] ?? 0]);
      }
      ids.forEach((pairs, part) => {
        if (pairs.length === 0) return;
        terms[part]?.push(term);
        lists[part]?.uint(pairs.length);
        for (const [ordinal, count] of pairs) {
          lists[part]?.uint(ordinal ?? 0);
          lists[part]?.uint(count ?? 0);
        }
      });
    }
    outs.forEach((out, p) => {
      out.string(prop);
      for (const n of lengths[p] ?? []) out.uint(n);
      out.uint(terms[p]?.length ?? 0);
      for (const term of terms[p] ?? []) out.string(term);
      out.bytes(lists[p]?.view() ?? new Uint8Array(0));
    });
  }
  return outs.map((out) => out.view());
}

const WORDS = ["garden", "tomato", "soil", "constructor", "__proto__", "хлеб", "雨", "a", "ab", "z"];

/** Fields over documents with ids `1..n`, built by adding them (lists in id order) or restored (lists in any order). */
function fieldsOf(docs: readonly (readonly number[])[], restoredShuffle: number | undefined): Record<string, FieldPostings> {
  const text = new FieldPostings();
  docs.forEach((words, d) => {
    const counts = new Map<string, number>();
    for (const w of words) counts.set(WORDS[w % WORDS.length] ?? "a", (counts.get(WORDS[w % WORDS.length] ?? "a") ?? 0) + 1 + (w % 3));
    text.add(d + 1, counts, words.length);
  });
  if (restoredShuffle === undefined) return { text };
  // The same postings as a saved index hands them back: each list in another order, not yet sorted.
  const restored = new FieldPostings();
  const terms = text.vocabulary.terms();
  const lists = terms.map((term) => {
    const list = text.postings(term) as PostingList;
    const pairs = Array.from(list.ids.subarray(0, list.length), (id, k) => [id, list.counts[k] ?? 0] as const);
    pairs.sort((x, y) => ((x[0] * restoredShuffle) % 7) - ((y[0] * restoredShuffle) % 7));
    return PostingList.from(Int32Array.from(pairs, (p) => p[0]), Int32Array.from(pairs, (p) => p[1]));
  });
  const lengths = new Int32Array(docs.length + 1);
  for (let id = 1; id <= docs.length; id++) lengths[id] = text.lengthOf(id);
  restored.restore([...terms], lists, lengths, docs.length);
  return { text: restored };
}

describe("encodePostingParts", () => {
  it("writes the bytes a read of every posting writes, for any sets of documents, lists in id order or restored", () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.nat(40), { maxLength: 6 }), { minLength: 1, maxLength: 30 }),
        fc.array(fc.integer({ min: -1, max: 2 }), { maxLength: 31 }),
        fc.option(fc.integer({ min: 1, max: 6 }), { nil: undefined }),
        (docs, parts, shuffle) => {
          const partOf = new Int32Array(docs.length + 1).fill(-1);
          const ordinalOf = new Int32Array(docs.length + 1);
          const counts = [0, 0, 0];
          parts.forEach((part, i) => {
            const id = 1 + (i % docs.length);
            if (part < 0 || partOf[id] !== -1) return;
            partOf[id] = part;
            ordinalOf[id] = counts[part]!++;
          });
          const expected = everyPosting(fieldsOf(docs, shuffle), partOf, ordinalOf, counts);
          expect(runAll(encodePostingParts(fieldsOf(docs, shuffle), partOf, ordinalOf, counts))).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });

  /** Encodes the `members` of `n` documents of five terms each as one set; returns the postings read and whether the bytes match. */
  function readsToSave(n: number, members: readonly number[]): { reads: number; same: boolean } {
    const docs = Array.from({ length: n }, (_, d) => [0, 1, 2, 3, d % 40]);
    const text = fieldsOf(docs, undefined).text;
    if (!text) throw new Error("no text field");
    let reads = 0;
    // Counts every posting the encoding reads through the lists' arrays.
    const counted = (array: Int32Array): Int32Array =>
      new Proxy(array, {
        get(target, key) {
          if (typeof key === "string" && /^\d+$/.test(key)) reads++;
          return Reflect.get(target, key) as unknown;
        },
      });
    const watched = new Proxy(text, {
      get(target, key) {
        if (key !== "postings") {
          const value = Reflect.get(target, key) as unknown;
          return typeof value === "function" ? (value as () => unknown).bind(target) : value;
        }
        return (term: string) => {
          const list = target.postings(term);
          if (!list) return undefined;
          return new Proxy(list, {
            get(l, k) {
              if (k === "ids" || k === "counts") return counted(l[k]);
              const value = Reflect.get(l, k) as unknown;
              return typeof value === "function" ? (value as () => unknown).bind(l) : value;
            },
          });
        };
      },
    });
    const partOf = new Int32Array(n + 1).fill(-1);
    const ordinalOf = new Int32Array(n + 1);
    members.forEach((id, k) => [partOf[id], ordinalOf[id]] = [0, k]);
    const bytes = runAll(encodePostingParts({ text: watched }, partOf, ordinalOf, [members.length]));
    return { reads, same: JSON.stringify(bytes) === JSON.stringify(everyPosting({ text }, partOf, ordinalOf, [members.length])) };
  }

  it("reads the postings of the documents saved only, not every posting of the index", () => {
    // 20 documents of five terms each: 200 reads of ids and counts. Reading every list whole read about 14,000.
    const newest = readsToSave(3000, Array.from({ length: 20 }, (_, k) => 3000 - k));
    expect(newest.same).toBe(true);
    expect(newest.reads).toBeLessThanOrEqual(2 * 5 * 20);
    // Indexed together but not last (the keyword index is built ahead of the embeddings a checkpoint waits for).
    const middle = readsToSave(3000, Array.from({ length: 20 }, (_, k) => 1000 + k));
    expect(middle.same).toBe(true);
    expect(middle.reads).toBeLessThanOrEqual(2 * 5 * 20);
  });
});
