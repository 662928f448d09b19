import { describe, expect, it } from "vitest";
import { buildExcerpt } from "../../../src/core/search/excerpt";
import { ExcerptCache } from "../../../src/ui/search/excerpt-cache";

const TEXT = "Tomatoes need sun. Water the tomato plants in the morning, and mulch the soil.";

describe("ExcerptCache", () => {
  it("gives the excerpt buildExcerpt gives, and the same one again for the same text and highlight", () => {
    const cache = new ExcerptCache();
    const first = cache.get(TEXT, { terms: ["tomato"] }, 40);
    expect(first).toEqual(buildExcerpt(TEXT, { terms: ["tomato"] }, 40));
    // An equal highlight built afresh (as each new answer does) still hits.
    expect(cache.get(TEXT, { terms: ["tomato"] }, 40)).toBe(first);
  });

  it("builds anew when the highlight, the prefix or the length changes", () => {
    const cache = new ExcerptCache();
    const tomato = cache.get(TEXT, { terms: ["tomato"] }, 40);
    const soil = cache.get(TEXT, { terms: ["soil"] }, 40);
    expect(soil).toEqual(buildExcerpt(TEXT, { terms: ["soil"] }, 40));
    expect(soil).not.toEqual(tomato);
    expect(cache.get(TEXT, { terms: ["water"], prefix: "mo" }, 40)).toEqual(buildExcerpt(TEXT, { terms: ["water"], prefix: "mo" }, 40));
    expect(cache.get(TEXT, { terms: ["water"], prefix: "mul" }, 40)).toEqual(buildExcerpt(TEXT, { terms: ["water"], prefix: "mul" }, 40));
    expect(cache.get(TEXT, { terms: ["water"], prefix: "mul" }, 200)).toEqual(buildExcerpt(TEXT, { terms: ["water"], prefix: "mul" }, 200));
  });
});
