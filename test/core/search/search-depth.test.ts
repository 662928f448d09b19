import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { chunkNote } from "../../../src/core/chunk/chunker";
import { ChunkIndex } from "../../../src/core/index/chunk-index";
import { embeddingInput } from "../../../src/core/index/embedding-input";
import { readNotesDeepSync } from "../../../src/core/search/note-depth";
import { SearchEngine } from "../../../src/core/search/search-engine";
import { DEFAULT_SEARCH_OPTIONS } from "../../../src/core/search/search-options";
import { vectorFor } from "../sync/helpers/counting-embedder";

const DIMS = 8;
// More than one language, and a misspelling, as users type them.
const WORDS = ["canvas", "leinwand", "toile", "画布", "canvass", "garden", "graph", "plugin"];
const SMALL_CHUNKS = { maxTokens: 24, overlapRatio: 0 };

/** A note of `sections` short sections, each saying its words. */
function markdown(title: string, sections: string[][]): string {
  return `# ${title}\n\n${sections.map((words, i) => `## Part ${i}\n\n${words.join(" ")} text.`).join("\n\n")}\n`;
}

function engineOver(notes: [string, string][], typoTolerance = DEFAULT_SEARCH_OPTIONS.typoTolerance): SearchEngine {
  const index = new ChunkIndex(DIMS);
  for (const [path, md] of notes) {
    const note = chunkNote(path, md, SMALL_CHUNKS);
    index.addNote(note, note.chunks.map((c) => vectorFor("depth", embeddingInput(c), DIMS)));
  }
  const engine = new SearchEngine({ index });
  engine.setOptions({ ...DEFAULT_SEARCH_OPTIONS, autoWeights: false, typoTolerance });
  return engine;
}

const paths = (engine: SearchEngine, query: string, limit: number, vector?: Float32Array): Promise<string[]> =>
  engine
    .search({ query, limit, mode: vector ? "hybrid" : "keyword", ...(vector ? { queryVector: vector } : {}) })
    .then((r) => r.results.map((x) => x.path));

describe("SearchEngine candidate depth", () => {
  it("finds as many notes as the limit asks even when one note has many matching chunks", async () => {
    const crowded: [string, string][] = [["Big.md", markdown("Big", Array.from({ length: 40 }, () => ["canvas"]))]];
    for (let i = 0; i < 12; i++) crowded.push([`Small ${i}.md`, markdown(`Small ${i}`, [["canvas", "garden"], ["graph"]])]);
    const engine = engineOver(crowded);
    const top5 = await paths(engine, "canvas", 5);
    expect(top5).toHaveLength(5);
    expect(await paths(engine, "canvas", 20)).toHaveLength(13);
  });

  it("returns the top 5 as the first 5 of the top 20, in keyword and hybrid search (property)", async () => {
    const noteArb = fc.array(fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 12 });
    await fc.assert(
      fc.asyncProperty(
        fc.array(noteArb, { minLength: 1, maxLength: 40 }),
        fc.constantFrom(...WORDS),
        fc.integer({ min: 1, max: 19 }),
        fc.boolean(),
        fc.constantFrom(0, 1, 2),
        async (notes, query, small, hybrid, typos) => {
          const engine = engineOver(notes.map((sections, i) => [`n${i}.md`, markdown(`Note ${i}`, sections)]), typos);
          const vector = hybrid ? vectorFor("depth", query, DIMS) : undefined;
          const top20 = await paths(engine, query, 20, vector);
          const topN = await paths(engine, query, small, vector);
          expect(topN).toEqual(top20.slice(0, small));
          // With typo tolerance on, "canvas" also finds "canvass": only the exact count is known in advance.
          if (!hybrid && typos === 0) {
            const matching = notes.filter((sections) => sections.some((words) => words.includes(query))).length;
            expect(top20.length).toBe(Math.min(20, matching));
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe("filtered lists", () => {
  // 600 chunks of 300 notes, two each, best first; the notes a filter keeps are scattered through the list.
  const list = Array.from({ length: 600 }, (_, i) => ({ id: `n${Math.floor(i / 2)}.md#${i % 2}`, score: 600 - i }));
  const keep = (path: string): boolean => Number(path.slice(1, -3)) % 37 === 5;

  it("are read until they hold enough notes that pass, however deep those rank, and hold only those", () => {
    const asked: number[] = [];
    const read = (limit: number) => (asked.push(limit), list.slice(0, limit));
    const hits = readNotesDeepSync(read, 4, 2, { keep });
    const notes = [...new Set(hits.map((h) => h.id.split("#")[0]))];
    expect(notes.slice(0, 4)).toEqual(["n5.md", "n42.md", "n79.md", "n116.md"]);
    expect(hits.every((h) => keep(h.id.split("#")[0]!))).toBe(true);
    // Reading stopped once the four were in: the list was not read to its end.
    expect(Math.max(...asked)).toBeLessThan(list.length);
  });

  it("filter each hit once, and give what filtering every read whole gives, also when a deeper read reorders (property)", () => {
    // The reference: every read filtered whole, as the list was read before reads were filtered incrementally.
    const naive = (read: (limit: number) => typeof list, notes: number, filter: (p: string) => boolean): typeof list => {
      for (let limit = notes * 2; ; limit *= 4) {
        const hits = read(limit).filter((h) => filter(h.id.split("#")[0]!));
        if (read(limit).length < limit || new Set(hits.map((h) => h.id.split("#")[0])).size >= notes) return hits;
      }
    };
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 2, max: 60 }), fc.integer({ min: 0, max: 900 }), (notes, modulo, reorderAt) => {
        const pass = (path: string): boolean => Number(path.slice(1, -3)) % modulo === 1;
        // A read deeper than `reorderAt` swaps its first two hits: a list that is not the shallower one extended
        // (never past 700).
        const read = (limit: number): typeof list => {
          const out = list.slice(0, limit);
          if (reorderAt <= 700 && limit > reorderAt && out.length > 1) [out[0], out[1]] = [out[1]!, out[0]!];
          return out;
        };
        const asked = new Map<string, number>();
        const keep = (path: string): boolean => (asked.set(path, (asked.get(path) ?? 0) + 1), pass(path));
        expect(readNotesDeepSync(read, notes, 2, { keep })).toEqual(naive(read, notes, pass));
        // Two chunks a note: each hit asked about once.
        if (reorderAt > 700) expect(Math.max(0, ...asked.values())).toBeLessThanOrEqual(2);
      }),
      { numRuns: 200 },
    );
  });

  it("return every passing note when fewer pass than asked", () => {
    const hits = readNotesDeepSync((limit) => list.slice(0, limit), 20, 2, { keep });
    expect(new Set(hits.map((h) => h.id.split("#")[0])).size).toBe(8);
  });

  it("give a filtered hybrid search the notes an index of only those notes would give (path:, tag:, phrase)", async () => {
    const notes: [string, string][] = [];
    for (let i = 0; i < 120; i++) {
      const folder = i % 10 === 3 ? "keep" : "other";
      const tag = i % 15 === 4 ? "\ntags: [kept]" : "";
      const words = [WORDS[i % WORDS.length]!, WORDS[(i * 7) % WORDS.length]!, i % 11 === 0 ? "red fox" : "blue"];
      notes.push([`${folder}/n${i}.md`, `---\ntitle: n${i}${tag}\n---\n${markdown(`Note ${i}`, [words])}`]);
    }
    const query = "canvas garden";
    const vector = vectorFor("depth", query, DIMS);
    const cases: [string, (path: string, md: string) => boolean][] = [
      [" path:keep", (p) => p.startsWith("keep/")],
      [" tag:kept", (_p, md) => md.includes("tags: [kept]")],
      [' "red fox"', (_p, md) => md.includes("red fox")],
    ];
    for (const [filter, kept] of cases) {
      const only = engineOver(notes.filter(([p, md]) => kept(p, md)));
      const all = engineOver(notes);
      const semantic = (e: SearchEngine, q: string) => e.search({ query: q, mode: "semantic", limit: 10, queryVector: vector }).then((r) => r.results.map((x) => x.path));
      // Cosines do not depend on the other notes, so semantic results must be exactly those of the smaller index.
      expect(await semantic(all, query + filter)).toEqual(await semantic(only, query));
      const hybrid = await paths(all, query + filter, 10, vector);
      expect(hybrid.length).toBeGreaterThan(0);
      expect(hybrid.every((p) => kept(p, notes.find(([q]) => q === p)?.[1] ?? ""))).toBe(true);
    }
  });

  it("check a phrase or an exclusion against a note's text as it is now, after an edit and while it is added in steps", async () => {
    const index = new ChunkIndex(0);
    const engine = new SearchEngine({ index });
    const found = async (query: string) => (await engine.search({ query, mode: "keyword" })).results.map((r) => r.path);
    index.addNote(chunkNote("a.md", markdown("A", [["garden", "red fox"]]), SMALL_CHUNKS));
    index.addNote(chunkNote("b.md", markdown("B", [["garden", "blue"]]), SMALL_CHUNKS));
    expect(await found('garden "red fox"')).toEqual(["a.md"]);
    expect(await found("garden -fox")).toEqual(["b.md"]);
    index.addNote(chunkNote("a.md", markdown("A", [["garden", "grey wolf"]]), SMALL_CHUNKS));
    expect(await found('garden "red fox"')).toEqual([]);
    expect((await found("garden -fox")).sort()).toEqual(["a.md", "b.md"]);
    // A long note added one chunk a step: a search between steps must not leave the later chunks unseen.
    const long = chunkNote("c.md", markdown("C", [...Array.from({ length: 6 }, () => ["garden"]), ["red fox"]]), SMALL_CHUNKS);
    expect(long.chunks.length).toBeGreaterThan(2);
    const steps = index.addNoteSteps(long, [], 1);
    steps.next();
    steps.next();
    expect(await found('garden "red fox"')).toEqual([]);
    while (!steps.next().done);
    expect(await found('garden "red fox"')).toEqual(["c.md"]);
  });
});
