import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { chunkNote } from "../../../src/core/chunk/chunker";
import { ChunkIndex } from "../../../src/core/index/chunk-index";
import type { ScoredId } from "../../../src/core/index/index-types";
import { embeddingInput } from "../../../src/core/index/embedding-input";
import { readNotesDeep } from "../../../src/core/search/note-depth";
import { createNoteFilter, type NoteFilter } from "../../../src/core/search/note-filter";
import { parseQuery } from "../../../src/core/search/query-parser";
import { fewPassing, rankedOnceVectorHits, textFilteredVectorHits } from "../../../src/core/search/text-filter-scan";
import type { RankedChunks } from "../../../src/core/vectors/ranked-chunks";
import { vectorFor } from "../sync/helpers/counting-embedder";

const DIMS = 8;
const SMALL_CHUNKS = { maxTokens: 24, overlapRatio: 0 };
// Several languages and a misspelling, as notes have them; few words, so phrases repeat across notes.
const WORDS = ["garden", "plan", "spring", "jardin", "printemps", "garten", "frühling", "sprnig", "画布", "weather"];

function indexOf(notes: string[][][], precision: "float32" | "int8"): ChunkIndex {
  const index = new ChunkIndex(DIMS, undefined, undefined, precision);
  notes.forEach((sections, i) => {
    const md = `# Note ${i}\n\n${sections.map((words, s) => `## Part ${s}\n\n${words.join(" ")}.`).join("\n\n")}\n`;
    const note = chunkNote(`${i % 3 === 0 ? "a" : "b"}/n${i}.md`, md, SMALL_CHUNKS);
    index.addNote(note, note.chunks.map((c) => vectorFor("scan", embeddingInput(c), DIMS)));
  });
  return index;
}

function drain<T>(steps: Generator<void, T, void>): T {
  let step = steps.next();
  while (!step.done) step = steps.next();
  return step.value;
}

/** The vector list as the engine read it before text-filter-scan.ts: every vector ranked, read deeper until enough notes pass. */
function rankedThenFiltered(index: ChunkIndex, vector: Float32Array, similarity: number, notes: number, filter: NoteFilter): ScoredId[] {
  const opts = { similarity, limit: 1, ...(filter.place ? { allowNote: filter.place } : {}) };
  let ranked: RankedChunks | undefined;
  const scan = function* (limit: number): Generator<void, ScoredId[], void> {
    ranked ??= yield* index.rankVectorsSteps(vector, { ...opts, limit });
    return ranked.take(limit);
  };
  return drain(readNotesDeep(scan, notes, undefined, { keep: filter.pass }));
}

describe("textFilteredVectorHits", () => {
  it("gives the same hits in the same order as ranking every vector and filtering down the list (property)", () => {
    const noteArb = fc.array(fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 4 });
    fc.assert(
      fc.property(
        fc.array(noteArb, { minLength: 1, maxLength: 30 }),
        fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 2 }),
        fc.constantFrom("phrase", "excluded", "both"),
        fc.boolean(),
        fc.integer({ min: 1, max: 12 }),
        fc.constantFrom(-1, 0, 0.3),
        fc.constantFrom("float32" as const, "int8" as const),
        (notes, words, kind, inA, want, similarity, precision) => {
          const index = indexOf(notes, precision);
          const phrase = kind === "excluded" ? "" : `"${words.join(" ")}"`;
          const excluded = kind === "phrase" ? "" : `-${words[0] ?? "garden"}`;
          const query = `plan ${phrase} ${excluded} ${inA ? "path:a" : ""}`;
          const vector = vectorFor("scan", query, DIMS);
          const filter = createNoteFilter(index, parseQuery(query));
          const again = createNoteFilter(index, parseQuery(query));
          if (!filter || !again) throw new Error("the query has filters");
          const got = drain(textFilteredVectorHits(index, vector, similarity, want, filter));
          expect(got).toEqual(rankedThenFiltered(index, vector, similarity, want, again));
        },
      ),
      { numRuns: 150 },
    );
  });

  it("scores only the vectors of the passing notes when fewer notes pass than the list is read to", () => {
    const notes = Array.from({ length: 20 }, (_, i) => [[i === 4 || i === 9 ? "spring garden plan" : "weather plan"], ["jardin"]]);
    const index = indexOf(notes, "int8");
    const rank = vi.spyOn(index, "rankVectorsSteps");
    const filter = createNoteFilter(index, parseQuery('"garden plan"'));
    if (!filter) throw new Error("the query has filters");
    const hits = drain(textFilteredVectorHits(index, vectorFor("scan", "garden plan", DIMS), -1, 30, filter));
    expect(new Set(hits.map((h) => h.id.split("#")[0]))).toEqual(new Set(["b/n4.md", "a/n9.md"]));
    const allow = rank.mock.calls[0]?.[1].allowNote;
    expect([...index.notePaths()].filter((p) => allow?.(p))).toEqual(["b/n4.md", "a/n9.md"]);
  });

  it("stops asking the filter once as many notes pass as the list is read to", () => {
    const pass = vi.fn((p: string) => p !== "x");
    expect(fewPassing(["a", "x", "b", "c", "d"], pass, 2)).toBeUndefined();
    expect(pass).toHaveBeenCalledTimes(3);
    expect(fewPassing(["a", "x", "b"], pass, 3)).toEqual(new Set(["a", "b"]));
  });
});

/** The vector list of a `path:`/`tag:` search as the engine read it before: one scan per read, each deeper. */
function scanPerRead(index: ChunkIndex, vector: Float32Array, similarity: number, notes: number, filter: NoteFilter): ScoredId[] {
  const opts = { similarity, ...(filter.place ? { allowNote: filter.place } : {}) };
  return drain(readNotesDeep((limit) => index.vectorSearchSteps(vector, { ...opts, limit }), notes, undefined, { keep: filter.pass }));
}

describe("rankedOnceVectorHits (path: and tag: filters)", () => {
  it("gives the same hits in the same order as a scan per read (property)", () => {
    const noteArb = fc.array(fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 6 });
    fc.assert(
      fc.property(
        fc.array(noteArb, { minLength: 1, maxLength: 30 }),
        fc.constantFrom("path:a", "path:b", "path:a path:b", "tag:x"),
        fc.integer({ min: 1, max: 12 }),
        fc.constantFrom(-1, 0, 0.3),
        fc.constantFrom("float32" as const, "int8" as const),
        (notes, place, want, similarity, precision) => {
          const index = indexOf(notes, precision);
          const query = `plan garden ${place}`;
          const vector = vectorFor("scan", query, DIMS);
          const [filter, again] = [createNoteFilter(index, parseQuery(query)), createNoteFilter(index, parseQuery(query))];
          if (!filter || !again) throw new Error("the query has filters");
          expect(drain(rankedOnceVectorHits(index, vector, similarity, want, filter))).toEqual(scanPerRead(index, vector, similarity, want, again));
        },
      ),
      { numRuns: 150 },
    );
  });

  it("scans the vectors once however deep the list is read", () => {
    // Four notes of six chunks under b/: the first read (two chunks a wanted note) holds them all only in part.
    const notes = Array.from({ length: 6 }, (_, i) => Array.from({ length: 6 }, (_, s) => [WORDS[(i + s) % WORDS.length]!, "plan"]));
    const index = indexOf(notes, "int8");
    const filter = createNoteFilter(index, parseQuery("plan path:b"));
    if (!filter) throw new Error("the query has filters");
    const [rank, scan] = [vi.spyOn(index, "rankVectorsSteps"), vi.spyOn(index, "vectorSearchSteps")];
    const hits = drain(rankedOnceVectorHits(index, vectorFor("scan", "plan", DIMS), -1, 10, filter));
    expect(new Set(hits.map((h) => h.id.split("#")[0]))).toEqual(new Set(["b/n1.md", "b/n2.md", "b/n4.md", "b/n5.md"]));
    expect([rank.mock.calls.length, scan.mock.calls.length]).toEqual([1, 0]);
    // As it was read before: one scan per read, and this list needed more than one.
    const again = createNoteFilter(index, parseQuery("plan path:b"));
    if (!again) throw new Error("the query has filters");
    scanPerRead(index, vectorFor("scan", "plan", DIMS), -1, 10, again);
    expect(scan.mock.calls.length).toBeGreaterThan(1);
  });
});
