import { describe, expect, it } from "vitest";
import { formatJson, formatText, snippet, toJsonResult } from "../../src/cli/output-format";
import type { NoteResult } from "../../src/core/search/search-result";

function result(over: Partial<NoteResult> = {}): NoteResult {
  const best = {
    id: "Runbooks/Pg.md#1",
    headingPath: ["Pg", "Base backup"],
    startLine: 12,
    endLine: 20,
    text: "Run   pg_basebackup\nnightly.",
    score: 0.05,
    ranks: { bm25: 1, vector: 3 },
  };
  return {
    path: "Runbooks/Pg.md",
    title: "Pg",
    tags: ["ops"],
    score: 0.0476,
    relativeScore: 1,
    best,
    chunks: [best],
    explain: { ranks: { bm25: 1, vector: 3 }, fused: 0.0476, weights: { bm25: 1, vector: 1 }, k: 20 },
    ...over,
  };
}

describe("toJsonResult", () => {
  it("flattens a result to the promised fields, with 1-based lines", () => {
    expect(toJsonResult(result())).toEqual({
      path: "Runbooks/Pg.md",
      title: "Pg",
      heading: "Pg > Base backup",
      startLine: 13,
      endLine: 21,
      score: 0.0476,
      relativeScore: 1,
      ranks: { bm25: 1, vector: 3 },
      tags: ["ops"],
      snippet: "Run pg_basebackup nightly.",
    });
  });

  it("cuts the snippet at a word boundary below 700 characters", () => {
    const long = "word ".repeat(400);
    const out = toJsonResult(result({ best: { ...result().best, text: long } })).snippet;
    expect(out.length).toBeLessThanOrEqual(701);
    expect(out.length).toBeGreaterThan(600);
    expect(out.endsWith("…")).toBe(true);
  });
});

describe("formatJson", () => {
  it("prints one parseable array, also when empty", () => {
    expect(JSON.parse(formatJson([result(), result({ path: "B.md" })]))).toHaveLength(2);
    expect(formatJson([])).toBe("[]\n");
  });
});

describe("formatText", () => {
  it("shows title, path:line (1-based), section, snippet and ranks", () => {
    expect(formatText([result()], { indent: "  " })).toBe(
      [
        "  1. Pg  Runbooks/Pg.md:13",
        "     § Base backup",
        "     Run pg_basebackup nightly.",
        "     score 0.0476 · keyword #1 · semantic #3",
        "",
      ].join("\n"),
    );
  });

  it("says so when nothing matched", () => {
    expect(formatText([])).toBe("No matching notes.\n");
  });
});

describe("snippet", () => {
  it("cuts at a word boundary and marks the cut", () => {
    expect(snippet("alpha beta gamma delta", 12)).toBe("alpha beta…");
    expect(snippet("short", 12)).toBe("short");
  });
});

// eslint-disable-next-line no-control-regex -- the test looks for control characters
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e]/;

describe("output from notes with control characters", () => {
  const nasty = (): NoteResult => {
    const r = result({ title: "Pg\u001b]0;owned\u0007", path: "Runbooks/\u009b31mPg.md" });
    return { ...r, best: { ...r.best, headingPath: ["Pg", "Base\u202eup"], text: "Run \u001b[2J pg_basebackup\u007f." } };
  };

  it("prints no escape or control character to the terminal in text output", () => {
    const text = formatText([nasty()]);
    expect(text).not.toMatch(CONTROL);
    expect(text).toContain("Pg\uFFFD]0;owned\uFFFD  Runbooks/\uFFFD31mPg.md:13");
  });

  it("escapes them in JSON output, which still parses back to the note's own text", () => {
    const json = formatJson([nasty()]);
    expect(json).not.toMatch(CONTROL);
    const [hit] = JSON.parse(json) as { title: string; path: string }[];
    expect(hit).toMatchObject({ title: "Pg\u001b]0;owned\u0007", path: "Runbooks/\u009b31mPg.md" });
  });
});
