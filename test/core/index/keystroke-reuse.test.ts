import { describe, expect, it } from "vitest";
import { chunkNote } from "../../../src/core/chunk/chunker";
import { ChunkIndex, type SavedNote } from "../../../src/core/index/chunk-index";
import { ClauseCache, clauseKey } from "../../../src/core/keyword/clause-cache";
import { TermCache, termContext } from "../../../src/core/keyword/term-cache";
import { RevisionMemo } from "../../../src/core/index/revision-memo";
import type { ChunkedNote } from "../../../src/core/types";

const WORDS = ["garden", "tomato", "soil", "project", "projection", "compost", "rain", "recipe", "language", "morning"];

/** A note of sentences drawn from WORDS, with a misspelling-prone rare word now and then. */
function markdown(seed: number): string {
  const sentence = (k: number) => Array.from({ length: 8 }, (_, i) => WORDS[(seed * 7 + k * 3 + i * i) % WORDS.length]).join(" ");
  const rare = seed % 5 === 0 ? " irrigation" : "";
  return `# ${WORDS[seed % WORDS.length]} ${seed}\n\n${sentence(1)}.${rare}\n\n## Part ${seed}\n\n${sentence(2)}. ${sentence(3)}.\n`;
}

function notesOf(count: number, from = 0): Map<string, ChunkedNote> {
  const out = new Map<string, ChunkedNote>();
  for (let i = from; i < from + count; i++) out.set(`n${i}.md`, chunkNote(`n${i}.md`, markdown(i)));
  return out;
}

function indexOf(notes: Map<string, ChunkedNote>): ChunkIndex {
  const idx = new ChunkIndex(0);
  for (const n of notes.values()) idx.addNote(n);
  return idx;
}

/** Every key of typing `query`, each searched as the search modal does (the last word a prefix until a space). */
function typed(query: string): string[] {
  return [...query].map((_, i) => query.slice(0, i + 1)).filter((k) => k.trim() !== "");
}

function search(idx: ChunkIndex, key: string) {
  return idx.keywordSearch(key, { limit: 40, prefixLast: !/\s$/.test(key), chunksPerNote: 2 });
}

const QUERIES = ["tomato soil rain", "project morning", "irigation garden", "recipe languag", "compost compost soil"];

describe("keystroke reuse (clause scores and corrections kept between searches)", () => {
  it("gives every key of a typed query the results of an index that never searched before", () => {
    const notes = notesOf(30);
    const typing = indexOf(notes);
    for (const q of QUERIES) {
      for (const key of typed(q)) expect(search(typing, key), key).toEqual(search(indexOf(notes), key));
    }
  });

  it("forgets what it kept when notes are added, changed or removed", () => {
    const notes = notesOf(40);
    const idx = indexOf(notes);
    const check = () => {
      for (const q of QUERIES) for (const key of typed(q).slice(-3)) expect(search(idx, key), key).toEqual(search(indexOf(notes), key));
    };
    check();
    // A new note holding the words searched before: kept scores would leave it out, or score the old ones against
    // the old statistics.
    for (const n of notesOf(5, 100).values()) {
      idx.addNote(n);
      notes.set(n.path, n);
    }
    check();
    const changed = chunkNote("n3.md", "# irrigation\n\ntomato soil rain tomato soil rain irigation\n");
    idx.addNote(changed);
    notes.set("n3.md", changed);
    check();
    for (const path of ["n0.md", "n5.md", "n10.md"]) {
      idx.removeNote(path);
      notes.delete(path);
    }
    check();
  });

  it("gives the key typed after an edit the results of a fresh index (term walks and chunk words are not carried over)", () => {
    const notes = notesOf(30);
    const idx = indexOf(notes);
    // "proj" walks the completion "project"; "irigation gard" reads chunks' words for the misspelt word.
    for (const key of ["pro", "proj", "irigation gar"]) search(idx, key);
    const edited = chunkNote("n1.md", "# project\n\nproject project projection irrigation garden\n");
    idx.addNote(edited);
    notes.set("n1.md", edited);
    for (const key of ["proje", "irigation gard"]) expect(search(idx, key), key).toEqual(search(indexOf(notes), key));
  });

  it("forgets what it kept from searches made while a saved index was being restored", () => {
    const notes = notesOf(30);
    const idx = indexOf(notes);
    const saved: SavedNote[] = [...notes.values()].map((note) => ({ note, vectors: [] }));
    const keywords = drain(idx.exportKeywordSteps(saved.flatMap((s) => s.note.chunks.map((c) => c.id))));
    const restored = new ChunkIndex(0);
    const steps = restored.restoreSteps(saved, keywords, 5);
    // Searches between the steps see a half-restored index; what they kept must not outlive it.
    for (let s = steps.next(); !s.done; s = steps.next()) for (const q of QUERIES) search(restored, q);
    for (const q of QUERIES) for (const key of typed(q).slice(-3)) expect(search(restored, key), key).toEqual(search(idx, key));
  });
});

describe("ClauseCache", () => {
  const scores = (n: number) => ({
    chunkIds: new Int32Array(n),
    chunkScores: new Float64Array(n),
    noteIds: new Int32Array(0),
    noteScores: new Float64Array(0),
  });

  it("keeps clauses for one revision only", () => {
    const cache = new ClauseCache().validFor(1);
    cache.set("a", scores(3));
    expect(cache.validFor(1).get("a")?.chunkIds.length).toBe(3);
    expect(cache.validFor(2).get("a")).toBeUndefined();
  });

  it("keys a clause without the terms the index lacks, which add nothing to it", () => {
    const clause = (terms: string[]) => ({ terms: terms.map((term) => ({ term, weight: 1 })), count: 1, props: ["text"] });
    const occurs = (term: string) => term !== "ques";
    expect(clauseKey(clause(["que", "ques", "question"]), occurs)).toBe(clauseKey(clause(["que", "question"]), occurs));
    expect(clauseKey(clause(["que", "ques", "question"]))).not.toBe(clauseKey(clause(["que", "question"])));
    expect(clauseKey(clause(["que", "questions"]), occurs)).not.toBe(clauseKey(clause(["que", "question"]), occurs));
  });

  it("drops the least recently used clauses past its limit, and never keeps one too large", () => {
    const cache = new ClauseCache().validFor(1);
    for (let i = 0; i < 30; i++) {
      cache.set(`c${i}`, scores(1));
      cache.get("c0");
    }
    expect(cache.get("c0")).toBeDefined();
    expect(cache.get("c1")).toBeUndefined();
    expect(cache.size).toBeLessThanOrEqual(24);
    cache.set("huge", scores(2_000_001));
    expect(cache.get("huge")).toBeUndefined();
  });
});

describe("TermCache", () => {
  const walk = (n: number) => ({ chunkIds: new Int32Array(n), chunkTfs: new Float64Array(n), noteIds: new Int32Array(0), noteTfs: new Float64Array(0), noteDf: 0 });

  it("is emptied with its clause cache when the revision changes", () => {
    const cache = new ClauseCache().validFor(1);
    cache.terms.set("t", walk(2));
    expect(cache.validFor(1).terms.get("t")?.chunkIds.length).toBe(2);
    expect(cache.validFor(2).terms.get("t")).toBeUndefined();
  });

  it("holds a term's walk per context: another mask, field set or normalisation does not read it", () => {
    const terms = new TermCache();
    const plain = termContext(undefined, "text:1", 0.75, 0.75);
    terms.set("soil", walk(2), plain);
    expect(terms.get("soil", plain)?.chunkIds.length).toBe(2);
    expect(terms.get("soil", termContext(Uint8Array.of(1, 0), "text:1", 0.75, 0.75))).toBeUndefined();
    expect(terms.get("soil", termContext(undefined, "text:2", 0.75, 0.75))).toBeUndefined();
    expect(terms.get("soil", termContext(undefined, "text:1", 0.75, undefined))).toBeUndefined();
    // The limit counts walks over all contexts, the oldest going first.
    const other = termContext(Uint8Array.of(0, 1), "text:1", 0.75, 0.75);
    for (let i = 0; i < 8192; i++) terms.set(`t${i}`, walk(1), other);
    expect(terms.size).toBe(8192);
    expect(terms.get("soil", plain)).toBeUndefined();
    expect(terms.get("t8191", other)).toBeDefined();
  });

  it("drops the least recently used walks past its limit, and never keeps one too large", () => {
    const terms = new TermCache();
    terms.set("big", walk(1_500_000));
    terms.set("other", walk(600_000));
    expect(terms.get("big")).toBeUndefined();
    expect(terms.get("other")).toBeDefined();
    terms.set("huge", walk(2_000_001));
    expect(terms.get("huge")).toBeUndefined();
  });

  it("moves a walk read back to the newest only once it has fallen behind the newest few thousand", () => {
    const terms = new TermCache();
    terms.set("a", walk(1));
    terms.set("b", walk(1));
    // Read right after it was put: left where it is, so it still goes before "b".
    expect(terms.get("a")).toBeDefined();
    for (let i = 0; i < 8191; i++) terms.set(`t${i}`, walk(1));
    expect(terms.get("a")).toBeUndefined();
    expect(terms.get("b")).toBeDefined();
    // Read long after it was put: moved to the newest, so "t0" goes first.
    for (let i = 8191; i < 8191 + 8190; i++) {
      if (i === 8191 + 2100) terms.get("b");
      terms.set(`t${i}`, walk(1));
    }
    expect(terms.get("b")).toBeDefined();
  });
});

describe("RevisionMemo", () => {
  it("computes a value once per revision", () => {
    const memo = new RevisionMemo<number>(2);
    let made = 0;
    const make = () => ++made;
    expect(memo.validFor(1).get("a", make)).toBe(1);
    expect(memo.validFor(1).get("a", make)).toBe(1);
    expect(memo.validFor(2).get("a", make)).toBe(2);
    memo.get("b", make);
    memo.get("c", make);
    expect(memo.get("a", make)).toBe(5);
  });
});

function drain<T>(steps: Generator<void, T, void>): T {
  for (;;) {
    const s = steps.next();
    if (s.done) return s.value;
  }
}
