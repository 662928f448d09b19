import { describe, expect, it } from "vitest";
import { chunkNote, chunkNoteWithWarnings, fileTitle } from "../../../src/core/chunk/chunker";
import { estimateTokens } from "../../../src/core/text/token-estimate";

const lines = (...l: string[]): string => l.join("\n");
const words = (n: number, prefix = "w"): string => Array.from({ length: n }, (_, i) => `${prefix}${i}`).join(" ");

describe("chunkNote: metadata", () => {
  it("takes the title from frontmatter, then the first H1, then the file name", () => {
    expect(chunkNote("a/Note.md", "---\ntitle: FM\n---\n# H1\ntext").meta.title).toBe("FM");
    expect(chunkNote("a/Note.md", "intro\n# First [[x|H1]]\n# Second").meta.title).toBe("First H1");
    expect(chunkNote("a/b/Note.md", "text").meta.title).toBe("Note");
    expect(fileTitle("Folder/Archive.MD")).toBe("Archive");
  });

  it("never indexes frontmatter as prose", () => {
    const note = chunkNote("n.md", "---\ntitle: T\naliases: [Al]\ntags: [x]\nsecret: value\n---\nBody text.");
    expect(note.meta).toEqual({ title: "T", aliases: ["Al"], tags: ["x"], links: [] });
    expect(note.chunks.map((c) => c.text)).toEqual(["Body text."]);
    expect(note.chunks[0]?.startLine).toBe(6);
  });

  it("merges frontmatter and inline tags without duplicates, and lists link targets once", () => {
    const note = chunkNote("n.md", "---\ntags: [a]\n---\ntext #A #b [[L]] [[L|again]] ![[Embedded]]\n```\n#notatag\n```");
    expect(note.meta.tags).toEqual(["a", "b"]);
    expect(note.meta.links).toEqual(["L"]);
  });

  it("reports malformed frontmatter without losing the body", () => {
    const r = chunkNoteWithWarnings("n.md", "---\ntitle: T\nnot yaml at all\n---\nbody survives");
    expect(r.warnings.map((w) => w.code)).toEqual(["FRONTMATTER_INVALID"]);
    expect(r.note.meta.title).toBe("T");
    expect(r.note.chunks.map((c) => c.text)).toEqual(["body survives"]);
  });

  it("indexes an unclosed frontmatter block as text and warns", () => {
    const r = chunkNoteWithWarnings("n.md", "---\ntitle: T\nbody");
    expect(r.warnings.map((w) => w.code)).toEqual(["FRONTMATTER_UNCLOSED"]);
    expect(r.note.chunks.map((c) => c.text)).toEqual(["title: T\nbody"]);
  });

  it("does not throw on odd input", () => {
    for (const text of ["---", "---\n---", "```", "%%", "<!--", "|\n|-|", "> [!x", "[[", "#", "\r", "\u0000"]) {
      expect(() => chunkNote("n.md", text)).not.toThrow();
    }
  });
});

describe("chunkNote: structure", () => {
  it("splits at headings and gives each chunk its heading path", () => {
    const note = chunkNote(
      "Note.md",
      lines("# Note", "intro", "## Setup", "install it", "### Linux", "apt", "## Usage", "run it", "# Appendix", "end"),
    );
    expect(note.chunks.map((c) => [c.headingPath, c.text, c.startLine, c.endLine])).toEqual([
      [["Note"], "Note\n\nintro", 0, 1],
      [["Note", "Setup"], "Setup\n\ninstall it", 2, 3],
      [["Note", "Setup", "Linux"], "Linux\n\napt", 4, 5],
      [["Note", "Usage"], "Usage\n\nrun it", 6, 7],
      [["Note", "Appendix"], "Appendix\n\nend", 8, 9],
    ]);
  });

  it("keeps an H1 that differs from the frontmatter title in the path", () => {
    const note = chunkNote("n.md", "---\ntitle: Real\n---\n# Other\ntext");
    expect(note.chunks[0]?.headingPath).toEqual(["Real", "Other"]);
  });

  it("merges a heading with no text into its first subsection", () => {
    const note = chunkNote("n.md", lines("# T", "## Parent", "### Child", "body", "## Sibling", "## Last", "tail"));
    expect(note.chunks.map((c) => [c.headingPath, c.text, c.startLine, c.endLine])).toEqual([
      [["T", "Parent", "Child"], "T\n\nParent\n\nChild\n\nbody", 0, 3],
      [["T", "Sibling"], "Sibling", 4, 4],
      [["T", "Last"], "Last\n\ntail", 5, 6],
    ]);
  });

  it("does not take headings inside code fences for headings", () => {
    const note = chunkNote("n.md", lines("# T", "```bash", "# install", "## not a section", "```", "after"));
    expect(note.chunks).toHaveLength(1);
    expect(note.chunks[0]?.text).toBe("T\n\n# install\n## not a section\n\nafter");
  });

  it("keeps an unclosed fence to the end of the note", () => {
    const note = chunkNote("n.md", lines("text", "~~~~", "code", "# still code"));
    expect(note.chunks.map((c) => [c.text, c.startLine, c.endLine])).toEqual([["text\n\ncode\n# still code", 0, 3]]);
  });

  it("drops fence markers, table rules, callout markers and keeps their content", () => {
    const note = chunkNote(
      "n.md",
      lines("```ts", "const x = 1;", "```", "", "| A | B |", "|---|---|", "| 1 | [[p\\|q]] |", "", "> [!warning]- Careful", "> - do not"),
    );
    expect(note.chunks[0]?.text).toBe("const x = 1;\n\nA | B\n1 | p q\n\nCareful\ndo not");
  });

  it("handles CRLF and CR line endings like LF", () => {
    const lf = "---\ntitle: T\n---\n# H\ntext\n## Sub\nmore";
    const crlf = chunkNote("n.md", lf.replace(/\n/g, "\r\n"));
    expect(crlf).toEqual(chunkNote("n.md", lf));
    expect(chunkNote("n.md", lf.replace(/\n/g, "\r"))).toEqual(chunkNote("n.md", lf));
    expect(crlf.chunks.every((c) => !c.text.includes("\r"))).toBe(true);
  });

  it("removes comments and embeds from text but keeps the surrounding prose", () => {
    const note = chunkNote("n.md", lines("keep %%drop%% this", "%%", "# hidden heading", "%%", "![[pic.png]]", "<!-- x -->end"));
    expect(note.chunks.map((c) => [c.headingPath, c.text])).toEqual([[["n"], "keep this\n\nend"]]);
  });

  it("hides everything after an unclosed comment, as Obsidian does", () => {
    const note = chunkNote("n.md", lines("visible", "%% forgot to close", "", "# Hidden", "gone"));
    expect(note.chunks.map((c) => c.text)).toEqual(["visible"]);
  });

  it("strips list markers and task boxes, and takes tags from headings", () => {
    const note = chunkNote("n.md", lines("## Plan #Work", "- [ ] buy milk", "1. first", "* star"));
    expect(note.chunks[0]?.text).toBe("Plan #Work\n\nbuy milk\nfirst\nstar");
    expect(note.chunks[0]?.headingPath).toEqual(["n", "Plan #Work"]);
    expect(note.meta.tags).toEqual(["work"]);
  });

  it("numbers chunks and counts their tokens", () => {
    const note = chunkNote("dir/n.md", lines("# A", "one", "# B", "two"));
    expect(note.chunks.map((c) => [c.id, c.ordinal, c.path])).toEqual([
      ["dir/n.md#0", 0, "dir/n.md"],
      ["dir/n.md#1", 1, "dir/n.md"],
    ]);
    for (const c of note.chunks) expect(c.tokens).toBe(estimateTokens(c.text));
  });
});

describe("chunkNote: empty notes", () => {
  it("gives an empty note one title chunk", () => {
    expect(chunkNote("folder/Empty.md", "").chunks).toEqual([
      { id: "folder/Empty.md#0", path: "folder/Empty.md", ordinal: 0, headingPath: ["Empty"], text: "Empty", startLine: 0, endLine: 0, tokens: estimateTokens("Empty") },
    ]);
  });

  it("gives a frontmatter-only note a chunk with its frontmatter title", () => {
    const note = chunkNote("x.md", "---\ntitle: Project Plan\n---\n\n");
    expect(note.chunks.map((c) => [c.text, c.headingPath, c.startLine, c.endLine])).toEqual([
      ["Project Plan", ["Project Plan"], 0, 2],
    ]);
  });

  it("gives a note of only comments and embeds a title chunk", () => {
    expect(chunkNote("x.md", "%% todo %%\n![[a.png]]\n---").chunks.map((c) => c.text)).toEqual(["x"]);
  });
});

describe("chunkNote: sizes and overlap", () => {
  it("keeps a fence whole when it fits, even if that starts a new chunk", () => {
    const code = Array.from({ length: 20 }, (_, i) => `line_${i} = call(${i})`);
    const note = chunkNote("n.md", lines(words(60), "", "```py", ...code, "```"), { maxTokens: 200 });
    const fenceChunk = note.chunks.find((c) => c.text.includes("line_0 ="));
    expect(fenceChunk?.text).toContain("line_19 =");
    expect(fenceChunk?.endLine).toBe(23);
  });

  it("splits a fence that alone exceeds the maximum between lines", () => {
    const code = Array.from({ length: 200 }, (_, i) => `value_${i} = compute(${i})`);
    const note = chunkNote("n.md", lines("```", ...code, "```"), { maxTokens: 100, overlapRatio: 0 });
    expect(note.chunks.length).toBeGreaterThan(5);
    for (const c of note.chunks) {
      expect(c.tokens).toBeLessThanOrEqual(100);
      for (const l of c.text.split("\n")) expect(code).toContain(l);
    }
    expect(note.chunks[0]?.startLine).toBe(0);
    expect(note.chunks[note.chunks.length - 1]?.endLine).toBe(201);
  });

  it("splits a huge single paragraph into chunks under the maximum that overlap", () => {
    const sentences = Array.from({ length: 300 }, (_, i) => `Sentence number ${i} talks about topic ${i}.`);
    const note = chunkNote("n.md", sentences.join(" "), { maxTokens: 100, overlapRatio: 0.2 });
    expect(note.chunks.length).toBeGreaterThan(20);
    for (const c of note.chunks) {
      expect(c.tokens).toBeLessThanOrEqual(100);
      expect([c.startLine, c.endLine]).toEqual([0, 0]);
    }
    // Each chunk starts with whole sentences repeated from the end of the previous one.
    for (let i = 1; i < note.chunks.length; i++) {
      const firstSentence = /^.*?\d+\./.exec(note.chunks[i]?.text ?? "")?.[0] ?? "";
      expect(note.chunks[i - 1]?.text).toContain(firstSentence);
    }
    const all = note.chunks.map((c) => c.text).join(" ");
    for (const s of sentences) expect(all).toContain(s);
  });

  it("cuts a single enormous word between characters", () => {
    const note = chunkNote("n.md", "x".repeat(10_000), { maxTokens: 50, overlapRatio: 0 });
    expect(note.chunks.map((c) => c.text).join("")).toBe("x".repeat(10_000));
    for (const c of note.chunks) expect(c.tokens).toBeLessThanOrEqual(50);
  });

  it("splits CJK text without spaces and keeps every character", () => {
    const text = "日本語の文章です。".repeat(200);
    const note = chunkNote("n.md", text, { maxTokens: 64, overlapRatio: 0 });
    expect(note.chunks.length).toBeGreaterThan(20);
    for (const c of note.chunks) expect(c.tokens).toBeLessThanOrEqual(64);
    expect(note.chunks.map((c) => c.text).join("")).toBe(text);
  });

  it("overlaps chunks of one section at line boundaries but never across a heading", () => {
    const para = (p: string) => Array.from({ length: 12 }, (_, i) => `${p} line ${i} ${words(6, p)}`);
    const note = chunkNote("n.md", lines("# T", ...para("a"), "## Next", ...para("b")), { maxTokens: 60 });
    const [first, second] = note.chunks;
    const secondFirstLine = second?.text.split("\n")[0] ?? "";
    expect(first?.text.split("\n")).toContain(secondFirstLine);
    const nextStart = note.chunks.findIndex((c) => c.headingPath.includes("Next"));
    expect(note.chunks[nextStart]?.text.startsWith("Next")).toBe(true);
    expect(note.chunks[nextStart]?.text).not.toContain("a line");
  });

  it("has no overlap when the ratio is 0", () => {
    const note = chunkNote("n.md", Array.from({ length: 40 }, (_, i) => `line ${i} ${words(8)}`).join("\n"), {
      maxTokens: 50,
      overlapRatio: 0,
    });
    for (let i = 1; i < note.chunks.length; i++) {
      expect(note.chunks[i]?.startLine).toBe((note.chunks[i - 1]?.endLine ?? 0) + 1);
    }
  });
});

describe("chunkNote: very large notes", () => {
  // These guard against quadratic work and deep recursion; the test timeout is the only clock involved.
  it("chunks a 5 MB single-line note", () => {
    const sentence = "Large notes still get [[Linked|linked]] and #tagged text, `code` and more words. ";
    const text = sentence.repeat(Math.ceil(5_000_000 / sentence.length));
    const note = chunkNote("big.md", text);
    expect(note.chunks.length).toBeGreaterThan(1000);
    expect(note.chunks.every((c) => c.tokens <= 400 && c.startLine === 0 && c.endLine === 0)).toBe(true);
    expect(note.meta.links).toEqual(["Linked"]);
  });

  it("chunks a 5 MB unclosed fence and a 5 MB note of many sections", () => {
    const fence = chunkNote("big.md", "```\n" + "value = compute(1)\n".repeat(270_000));
    expect(fence.chunks.length).toBeGreaterThan(1000);
    // The unclosed fence runs to the end of the file, including the empty line after the final newline.
    expect(fence.chunks[fence.chunks.length - 1]?.endLine).toBe(270_001);
    const sections = chunkNote("big.md", "## Part\nSome text about the part.\n\n".repeat(150_000));
    expect(sections.chunks).toHaveLength(150_000);
  });

  it("stays linear on pathological lines", () => {
    const n = 400_000;
    const inputs = [
      ".".repeat(n),
      "[a](u" + " ".repeat(n) + "x",
      "[[a ".repeat(n / 4),
      "`a ``b ".repeat(n / 7),
      "%%x".repeat(n / 3),
      "# " + "# ".repeat(n / 2) + "x",
      "---\na" + " ".repeat(n) + "x\n---\nbody",
      "- ".repeat(n / 2) + "x",
      "。".repeat(n),
    ];
    for (const text of inputs) {
      const note = chunkNote("p.md", text);
      expect(note.chunks.length).toBeGreaterThan(0);
      for (const c of note.chunks) expect(c.tokens).toBeLessThanOrEqual(400);
    }
  });
});
