import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { chunkNote } from "../../../src/core/chunk/chunker";
import { ChunkIndex } from "../../../src/core/index/chunk-index";
import { warmFilterCaches } from "../../../src/core/search/filter-warmup";
import { createNoteFilter } from "../../../src/core/search/note-filter";
import { foldedNoteText, notesHolding } from "../../../src/core/search/note-texts";
import { foldForMatch } from "../../../src/core/search/query-filter";
import { parseQuery } from "../../../src/core/search/query-parser";
import { fewPassing } from "../../../src/core/search/text-filter-scan";

const SMALL_CHUNKS = { maxTokens: 24, overlapRatio: 0 };
// Scripts that fold differently (accents, a Latin-1 letter, Chinese, Cyrillic, emoji with a variation selector and
// a joiner, a lone mark), a misspelling, whitespace runs: phrases and exclusions must find the same notes whichever
// way they are looked for.
const WORDS = ["garden", "plan", "Spring", "jardin", "PRINTEMPS", "Frühling", "sprnig", "画布", "ёлка", "🗂️", "👩‍💻", "\u0301", "ß", "a-b", "x\ty"];

function drain<T>(steps: Generator<void, T, void>): T {
  let step = steps.next();
  while (!step.done) step = steps.next();
  return step.value;
}

function indexOf(notes: string[][]): ChunkIndex {
  const index = new ChunkIndex(4);
  notes.forEach((words, i) => {
    const md = words.length === 0 ? "" : `# T${i}\n\n${words.join(i % 2 === 0 ? " " : "  ")}\n`;
    index.addNote(chunkNote(`${i % 3 === 0 ? "a" : "b"}/n${i}.md`, md, SMALL_CHUNKS));
  });
  return index;
}

/** The notes whose folded text holds every phrase, asked note by note (what `pass` did before the catalog). */
function holdingOneByOne(index: ChunkIndex, phrases: string[]): Set<string> {
  const out = new Set<string>();
  for (const path of index.notePaths()) {
    const id = index.chunkIdsOf(path)[0];
    const first = id === undefined ? undefined : index.entry(id);
    if (first && phrases.every((p) => foldedNoteText(index, path, first).includes(p))) out.add(path);
  }
  return out;
}

describe("warmFilterCaches and the text catalog", () => {
  it("finds exactly the notes a note-by-note check finds, and every filter passes the same notes (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.constantFrom(...WORDS), { maxLength: 6 }), { minLength: 1, maxLength: 25 }),
        fc.array(fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 2 }), { minLength: 1, maxLength: 2 }),
        fc.constantFrom("", " path:a", " -plan", " -画布", " tag:x"),
        fc.integer({ min: 1, max: 7 }),
        (notes, phraseWords, extra, perSlice) => {
          const cold = indexOf(notes);
          const warm = indexOf(notes);
          drain(warmFilterCaches(warm, () => false, perSlice));
          const phrases = phraseWords.map((w) => foldForMatch(w.join(" "))).filter((p) => p !== "");
          if (phrases.length > 0) expect(notesHolding(warm, phrases)).toEqual(holdingOneByOne(warm, phrases));
          const query = `plan ${phraseWords.map((w) => `"${w.join(" ")}"`).join(" ")}${extra}`;
          const [a, b] = [createNoteFilter(cold, parseQuery(query)), createNoteFilter(warm, parseQuery(query))];
          for (const path of cold.notePaths()) expect([path, b?.pass(path)]).toEqual([path, a?.pass(path)]);
          if (a && b) expect(fewPassing(b.candidates?.() ?? warm.notePaths(), b.pass, 3)).toEqual(fewPassing(cold.notePaths(), a.pass, 3));
        },
      ),
      { numRuns: 200 },
    );
  });

  it("passes the same notes as a cold index for odd filter input typed key by key (property)", () => {
    // Unbalanced quotes, a lone "-", empty path: and tag:, emoji with a variation selector, a joiner, a lone mark.
    const KEYS = ['"', "-", " ", "path:", "tag:", "path:\"\"", "🗂️", "👩‍💻", "\u0301", "\u200d", "garden", "plan", "画布", "#", "0", "'"];
    const notes = [["garden", "plan"], ["🗂️", "0", "plan"], ["画布", "garden"], ["👩‍💻", "\u0301"], []];
    const [cold, warm] = [indexOf(notes), indexOf(notes)];
    drain(warmFilterCaches(warm));
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...KEYS), { minLength: 1, maxLength: 8 }), (keys) => {
        const typed = keys.join("");
        for (let end = 1; end <= typed.length; end++) {
          const q = parseQuery(typed.slice(0, end));
          const [a, b] = [createNoteFilter(cold, q), createNoteFilter(warm, q)];
          expect(b === undefined).toBe(a === undefined);
          for (const path of cold.notePaths()) expect(b?.pass(path)).toBe(a?.pass(path));
          if (a && b) expect(fewPassing(b.candidates?.() ?? warm.notePaths(), b.pass, 2)).toEqual(fewPassing(cold.notePaths(), a.pass, 2));
        }
      }),
      { numRuns: 300 },
    );
  });

  it("lets a rare phrase skip the note-by-note check: only the notes holding it are read", () => {
    const notes = Array.from({ length: 200 }, (_, i) => (i === 17 || i === 150 ? ["spring", "garden", "plan"] : ["weather", "plan"]));
    const index = indexOf(notes);
    drain(warmFilterCaches(index));
    const entry = vi.spyOn(index, "entry");
    const filter = createNoteFilter(index, parseQuery('"garden plan"'));
    if (!filter) throw new Error("the query has filters");
    const kept = fewPassing(filter.candidates?.() ?? index.notePaths(), filter.pass, 50);
    expect(kept).toEqual(new Set(["a/n150.md", "b/n17.md"]));
    // Before the catalog every one of the 200 notes was read (its first chunk, then its folded text).
    expect(entry.mock.calls.length).toBeLessThanOrEqual(4);
    for (let i = 0; i < 200; i++) filter.pass(`${i % 3 === 0 ? "a" : "b"}/n${i}.md`);
    expect(entry.mock.calls.length).toBeLessThanOrEqual(4);
  });

  it("is not used once the index changed, and stops when asked to", () => {
    const index = indexOf([["garden", "plan"], ["plan"]]);
    drain(warmFilterCaches(index));
    expect(notesHolding(index, ["garden plan"])).toEqual(new Set(["a/n0.md"]));
    index.addNote(chunkNote("b/new.md", "# New\n\ngarden plan\n", SMALL_CHUNKS));
    // The new note holds the phrase too: a stale catalog would miss it, so it is not asked.
    expect(notesHolding(index, ["garden plan"])).toBeUndefined();
    expect(createNoteFilter(index, parseQuery('"garden plan"'))?.pass("b/new.md")).toBe(true);
    const other = indexOf(Array.from({ length: 30 }, () => ["plan"]));
    expect(drain(warmFilterCaches(other, () => true, 5))).toBe(0);
    expect(notesHolding(other, ["plan"])).toBeUndefined();
  });

  it("finds the same notes in the catalog made again after edits, ASCII and Chinese notes trading places", () => {
    const index = indexOf([["garden", "plan"], ["画布", "plan"], ["weather"]]);
    drain(warmFilterCaches(index));
    index.addNote(chunkNote("b/n1.md", "# T1\n\ngarden plan\n", SMALL_CHUNKS));
    index.addNote(chunkNote("a/n0.md", "# T0\n\n画布 plan\n", SMALL_CHUNKS));
    index.addNote(chunkNote("b/new.md", "# New\n\nweather 画布 plan\n", SMALL_CHUNKS));
    drain(warmFilterCaches(index));
    for (const phrase of ["garden plan", "画布 plan", "plan", "weather"]) {
      expect(notesHolding(index, [phrase]), phrase).toEqual(holdingOneByOne(index, [phrase]));
    }
    expect(notesHolding(index, ["画布 plan"])).toEqual(new Set(["a/n0.md", "b/new.md"]));
  });

  it("leaves a phrase that more than `atMost` notes hold to the note-by-note check", () => {
    const index = indexOf(Array.from({ length: 12 }, (_, i) => (i < 5 ? ["garden", "plan"] : ["plan"])));
    drain(warmFilterCaches(index));
    expect(notesHolding(index, ["garden plan"], 5)?.size).toBe(5);
    expect(notesHolding(index, ["garden plan"], 4)).toBeUndefined();
    expect(notesHolding(index, ["plan"], 11)).toBeUndefined();
    expect(notesHolding(index, ["plan"], 12)?.size).toBe(12);
  });
});
