import { describe, expect, it } from "vitest";
import { findCodeSpans } from "../../../src/core/chunk/code-spans";
import { maskComments } from "../../../src/core/chunk/comment-mask";
import { scanBlocks } from "../../../src/core/chunk/markdown-blocks";
import { atxHeading, fenceOpen, isTableDelimiter } from "../../../src/core/chunk/markdown-syntax";

const masked = (text: string) => maskComments(text.split("\n"), 0);
const blocks = (text: string) => scanBlocks(masked(text), 0).map((b) => [b.kind, b.startLine, b.endLine]);

describe("findCodeSpans", () => {
  it("pairs backtick runs of equal length and leaves unmatched runs as text", () => {
    expect(findCodeSpans("a `b` c")).toEqual([[2, 5]]);
    expect(findCodeSpans("``a ` b`` `x")).toEqual([[0, 9]]);
    expect(findCodeSpans("no code")).toEqual([]);
    expect(findCodeSpans("`open only")).toEqual([]);
  });

  it("stays linear on a line of unmatched backticks", () => {
    const line = "` ``` ".repeat(20_000);
    expect(findCodeSpans(line).length).toBeGreaterThan(0);
  });
});

describe("markdown syntax", () => {
  it("recognises ATX headings only with a space after the marks", () => {
    expect(atxHeading("## Title ##")).toEqual({ level: 2, text: "Title" });
    expect(atxHeading("#tag")).toBeNull();
    expect(atxHeading("####### seven")).toBeNull();
    expect(atxHeading("    # indented code")).toBeNull();
    expect(atxHeading("## C#")).toEqual({ level: 2, text: "C#" });
    expect(atxHeading("#")).toEqual({ level: 1, text: "" });
  });

  it("recognises fences of any length and indent", () => {
    expect(fenceOpen("````ts")).toEqual({ char: "`", length: 4, indent: 0 });
    expect(fenceOpen("    ~~~")).toEqual({ char: "~", length: 3, indent: 4 });
    expect(fenceOpen("``` not `a` fence")).toBeNull();
    expect(fenceOpen("``")).toBeNull();
  });

  it("recognises table delimiter rows", () => {
    expect(isTableDelimiter("|---|:-:|")).toBe(true);
    expect(isTableDelimiter("--- | ---")).toBe(true);
    expect(isTableDelimiter("---")).toBe(false);
    expect(isTableDelimiter("| a | b |")).toBe(false);
  });
});

describe("maskComments", () => {
  it("removes inline and multi-line %% and HTML comments", () => {
    const lines = masked("a %%x%% b <!-- y --> c\nstart %% open\nstill hidden\nclose %% end\n<!--\nhidden\n--> after");
    expect(lines.map((l) => l.text)).toEqual(["a  b  c", "start ", "", " end", "", "", " after"]);
  });

  it("leaves comment markers inside code spans and fences alone", () => {
    const lines = masked("`%%` stays\n```\n%% code %%\n<!-- also code\n```");
    expect(lines.map((l) => l.text)).toEqual(["`%%` stays", "```", "%% code %%", "<!-- also code", "```"]);
    expect(lines.map((l) => l.fence)).toEqual(["none", "open", "body", "body", "close"]);
  });

  it("does not open a fence inside a comment", () => {
    const lines = masked("%%\n```\n%%\n# Heading");
    expect(lines.map((l) => l.fence)).toEqual(["none", "none", "none", "none"]);
    expect(blocks("%%\n```\n%%\n# Heading")).toEqual([["heading", 3, 3]]);
  });

  it("closes a fence only with the same character and at least the same length", () => {
    const lines = masked("````\n```\n~~~~\n````");
    expect(lines.map((l) => l.fence)).toEqual(["open", "body", "body", "close"]);
  });

  it("leaves lines before the body empty", () => {
    expect(maskComments(["---", "a: b", "---", "text"], 3).map((l) => l.text)).toEqual(["", "", "", "text"]);
  });
});

describe("scanBlocks", () => {
  it("splits headings, paragraphs, fences, tables, callouts and quotes", () => {
    const text = [
      "# H1", // 0
      "para one", // 1
      "- list item", // 2
      "", // 3
      "```js", // 4
      "# not a heading", // 5
      "```", // 6
      "| a | b |", // 7
      "|---|---|", // 8
      "| 1 | 2 |", // 9
      "> [!tip] Title", // 10
      "> body", // 11
      "", // 12
      "> plain quote", // 13
      "## H2", // 14
    ].join("\n");
    expect(blocks(text)).toEqual([
      ["heading", 0, 0],
      ["paragraph", 1, 2],
      ["fence", 4, 6],
      ["table", 7, 9],
      ["callout", 10, 11],
      ["quote", 13, 13],
      ["heading", 14, 14],
    ]);
  });

  it("runs an unclosed fence to the end of the file", () => {
    expect(blocks("text\n```\n# inside\nmore")).toEqual([
      ["paragraph", 0, 0],
      ["fence", 1, 3],
    ]);
  });

  it("does not take a pipe line without a delimiter row for a table", () => {
    expect(blocks("a | b\nc | d")).toEqual([["paragraph", 0, 1]]);
  });

  it("ends a table at a line without a pipe", () => {
    expect(blocks("|a|\n|-|\n|1|\nplain")).toEqual([
      ["table", 0, 2],
      ["paragraph", 3, 3],
    ]);
  });

  it("treats comment-only lines as blank", () => {
    expect(blocks("one\n%% note %%\ntwo")).toEqual([
      ["paragraph", 0, 0],
      ["paragraph", 2, 2],
    ]);
  });
});
