import { describe, expect, it } from "vitest";
import { yesProbability } from "../../../src/core/ollama/yes-probability";

const lp = (token: string, p: number, top: [string, number][] = []) => ({
  token,
  logprob: Math.log(p),
  top_logprobs: top.map(([t, q]) => ({ token: t, logprob: Math.log(q) })),
});

describe("yesProbability", () => {
  it("reads P(yes) from yes and no among the alternatives, whatever their case and spacing", () => {
    const r = yesProbability({ logprobs: [lp(" Yes", 0.6, [[" Yes", 0.6], ["No", 0.2]])] });
    expect(r).toEqual({ p: expect.closeTo(0.75, 6) as number });
  });

  it("adds up spellings of one word", () => {
    const r = yesProbability({ logprobs: [lp("no", 0.4, [["no", 0.4], ["yes", 0.3], ["▁YES", 0.3]])] });
    expect(r).toEqual({ p: expect.closeTo(0.6, 6) as number });
  });

  it("uses one word's own probability when the other is not listed", () => {
    expect(yesProbability({ logprobs: [lp("no", 0.9)] })).toEqual({ p: expect.closeTo(0.1, 6) as number });
  });

  it("passes over a leading token that is neither, and says when none is", () => {
    expect(yesProbability({ logprobs: [lp("\n", 0.9), lp("yes", 0.8, [["yes", 0.8], ["no", 0.2]])] })).toEqual({ p: expect.closeTo(0.8, 6) as number });
    expect(yesProbability({ logprobs: [lp("Maybe", 0.9, [["Perhaps", 0.1]])] })).toBe("not-yes-no");
  });

  it("says when the answer has no logprobs at all", () => {
    expect(yesProbability({ response: "yes" })).toBe("no-logprobs");
    expect(yesProbability({ response: "yes", logprobs: [] })).toBe("no-logprobs");
  });
});
