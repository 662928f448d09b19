import { describe, expect, it } from "vitest";
import { Harness } from "../helpers/harness";
import type { IndexService } from "../../../../src/core/sync/control/index-service";

/** Every chunk's nearest chunks to a few probe vectors: ids and scores, exactly. */
function answers(s: IndexService): string {
  const index = s.index;
  const dims = index.dims;
  return JSON.stringify(
    [1, 2, 3].map((seed) => {
      const probe = Float32Array.from({ length: dims }, (_, i) => Math.sin(seed * 7.1 + i * 1.3));
      return index.vectorSearch(probe, { limit: 50, similarity: -1 });
    }),
  );
}

describe("a loaded int8 index's norms, taken after the load", () => {
  it("are pending right after the load; a vector search then answers as the index that was saved, and so does one after the slices took them", async () => {
    const h = new Harness({ vectorPrecision: "int8" });
    for (let n = 0; n < 30; n++) h.source.write(`n${n}.md`, `# Note ${n}\n\nAbout kites and wind, part ${n}.\n\nMore on dunes ${n} and tides.\n`);
    const first = await h.started();
    const expected = answers(first);
    await first.save();
    await first.stop();

    const again = h.service();
    await again.start();
    await again.whenLoaded();
    // Nothing has taken the saved rows' norms yet: the search takes those it reads.
    expect(again.index.vectorStore?.normsPending).toBe(true);
    expect(answers(again)).toBe(expected);
    await again.stop();

    // Left alone, the load takes them itself, in slices after it: the same answers again.
    const alone = h.service();
    await alone.start();
    await alone.whenLoaded();
    expect(alone.index.vectorStore?.normsPending).toBe(true);
    await alone.whenIdle();
    for (let i = 0; i < 20 && alone.index.vectorStore?.normsPending; i++) await new Promise((r) => setImmediate(r));
    expect(alone.index.vectorStore?.normsPending).toBe(false);
    expect(answers(alone)).toBe(expected);
    await alone.stop();
  });
});
