import { describe, expect, it } from "vitest";
import { chunkNote } from "../../../src/core/chunk/chunker";
import { ChunkIndex } from "../../../src/core/index/chunk-index";
import { warmKeystrokeSteps, warmupQueries } from "../../../src/core/search/keystroke-warmup";
import { SearchEngine } from "../../../src/core/search/search-engine";
import { DEFAULT_SEARCH_OPTIONS } from "../../../src/core/search/search-options";
import { runAll } from "../../../src/core/shared/slices";

/**
 * Forty notes: "there" and "these" (stop words) in every one, then "orchard" in 32, "harvest" in 30, "weather" in 20,
 * "cellar" in 14, "pruning" in 6 and eight rarer words in 5 each.
 */
function notes(): Record<string, string> {
  const rare = ["quince", "barrow", "lantern", "meadow", "thistle", "walnut", "furrow", "hayloft"];
  const out: Record<string, string> = {};
  for (let i = 0; i < 40; i++) {
    const words = ["there", "these", i % 5 < 4 ? "orchard" : "", i % 4 < 3 ? "harvest" : "", i % 2 === 0 ? "weather" : "", i % 3 === 0 ? "cellar" : "", i % 7 === 0 ? "pruning" : "", rare[i % rare.length] ?? ""];
    out[`Farm/Note ${String(i).padStart(2, "0")}.md`] = `# Note ${i}\n\n${words.filter((w) => w !== "").join(" ")}.\n`;
  }
  return out;
}

function indexOf(files: Record<string, string>): ChunkIndex {
  const index = new ChunkIndex(0);
  for (const [path, md] of Object.entries(files)) index.addNote(chunkNote(path, md));
  return index;
}

describe("warmupQueries", () => {
  it("types the commonest words of the notes, leaves out stop words, and misspells a common word", () => {
    // First the longest word of two notes (notes 6 and 33: "orchard" and "harvest"). Then from the words counted in 24
    // of the 40 notes, commonest first: two words, three, a misspelt word ("hayloft": "barrow" and "furrow" would stay
    // the same with "rr" swapped), two words, a word and a misspelt one; the last query has no words left.
    expect(warmupQueries(indexOf(notes()))).toEqual(["orchard harvest", "weather cellar", "pruning barrow furrow", "halyoft", "lantern meadow", "quince thsitle"]);
  });

  it("gives the same queries for the same index", () => {
    expect(warmupQueries(indexOf(notes()))).toEqual(warmupQueries(indexOf(notes())));
  });

  it("types only its lightest queries into a large index", () => {
    const index = indexOf(notes());
    const small = warmupQueries(index);
    const large = warmupQueries({ notePaths: () => index.notePaths(), chunkIdsOf: (p) => index.chunkIdsOf(p), get: (id) => index.get(id), size: 100_000 });
    expect(small.length).toBe(6);
    expect(large).toEqual(["orchard harvest", "wetaher"]);
  });

  it("has nothing to type into an empty index", () => {
    expect(warmupQueries(new ChunkIndex(0))).toEqual([]);
  });
});

describe("warmKeystrokeSteps", () => {
  it("changes no answer a later search gives", () => {
    const files = notes();
    const keys = ["h", "ha", "har", "harv", "harvest o", "harvest orc", "orhcard", "weather cel"];
    const answers = (warm: boolean) => {
      const index = indexOf(files);
      const engine = new SearchEngine({ index });
      engine.setOptions({ ...DEFAULT_SEARCH_OPTIONS, autoWeights: false });
      let typed = 0;
      if (warm) runAll(warmKeystrokeSteps((req) => (typed++, engine.searchKeyword(req)), warmupQueries(index)));
      if (warm) expect(typed).toBeGreaterThan(20);
      return keys.map((query) => engine.searchKeyword({ query, prefixLast: true }).results.map((r) => [r.path, r.score]));
    };
    const cold = answers(false);
    expect(cold.some((list) => list.length > 0)).toBe(true);
    expect(answers(true)).toEqual(cold);
  });

  it("stops when told to", () => {
    let typed = 0;
    runAll(warmKeystrokeSteps(() => typed++, ["harvest orchard"], () => typed >= 3));
    expect(typed).toBe(3);
  });
});
