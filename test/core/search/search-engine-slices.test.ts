import { describe, expect, it, vi } from "vitest";
import { ChunkIndex } from "../../../src/core/index/chunk-index";
import { SearchEngine } from "../../../src/core/search/search-engine";
import type { ChunkedNote } from "../../../src/core/types";

/** 9,000 one-chunk notes with 3-d vectors on a circle: enough for the scan to take several slices. */
function bigIndex(): ChunkIndex {
  const index = new ChunkIndex(3);
  for (let i = 0; i < 9000; i++) {
    const path = `n${i}.md`;
    const note: ChunkedNote = {
      path,
      meta: { title: `Note ${i}`, aliases: [], tags: [], links: [] },
      chunks: [{ id: `${path}#0`, path, ordinal: 0, headingPath: [`Note ${i}`], text: `word${i % 50} text`, startLine: 0, endLine: 1, tokens: 2 }],
    };
    const angle = (i / 9000) * 2 * Math.PI;
    index.addNote(note, [Float32Array.from([Math.cos(angle), Math.sin(angle), 0.5])]);
  }
  return index;
}

describe("SearchEngine with a pause between slices of the vector scan", () => {
  const index = bigIndex();
  const queryVector = Float32Array.from([1, 0.2, 0.5]);

  it("yields while scanning and returns exactly what an unsliced scan returns", async () => {
    const plain = await new SearchEngine({ index }).search({ query: "word7", mode: "hybrid", queryVector, limit: 20 });
    let pauses = 0;
    const pause = () => {
      pauses++;
      return Promise.resolve();
    };
    const sliced = await new SearchEngine({ index, pause }).search({ query: "word7", mode: "hybrid", queryVector, limit: 20 });
    expect(pauses).toBeGreaterThanOrEqual(2);
    expect(sliced.results.map((r) => [r.path, r.score])).toEqual(plain.results.map((r) => [r.path, r.score]));
    expect(sliced.results.length).toBe(20);
  });

  it("stops scanning when the request is aborted between slices", async () => {
    const controller = new AbortController();
    const pause = () => {
      controller.abort();
      return Promise.resolve();
    };
    const res = await new SearchEngine({ index, pause }).search({
      query: "word7",
      mode: "semantic",
      queryVector,
      signal: controller.signal,
    });
    expect(res.aborted).toBe(true);
    expect(res.results).toEqual([]);
  });

  // The modal's full search is aborted by the next keystroke; its empty answer is thrown away, so it must not pay
  // for what an empty answer shown to the user would: a "did you mean" corrects every word of the query.
  it("asks for no word corrections for the empty answer of an aborted search", async () => {
    const suggest = vi.spyOn(index, "suggestQuery");
    // Far from every note's vector: nothing passes the similarity floor, so the answer is empty either way.
    const away = Float32Array.from([0, 0, -1]);
    const controller = new AbortController();
    const pause = () => {
      controller.abort();
      return Promise.resolve();
    };
    const inScan = await new SearchEngine({ index, pause }).search({ query: "wrod7", mode: "semantic", queryVector: away, signal: controller.signal });
    const before = new AbortController();
    before.abort();
    const atStart = await new SearchEngine({ index }).search({ query: "wrod7", mode: "semantic", queryVector: away, signal: before.signal });
    expect([inScan.aborted, atStart.aborted]).toEqual([true, true]);
    expect(suggest).not.toHaveBeenCalled();
    // The same search not aborted answers nothing too, and does ask: the spy would have seen the calls.
    const whole = await new SearchEngine({ index }).search({ query: "wrod7", mode: "semantic", queryVector: away });
    expect(whole.results).toEqual([]);
    expect(suggest).toHaveBeenCalledTimes(1);
    suggest.mockRestore();
  });
});
