import { describe, expect, it } from "vitest";
import { DEFAULT_CHUNK_OPTIONS } from "../../../src/core/chunk/chunk-options";
import { chunkNote } from "../../../src/core/chunk/chunker";
import { chunkLargeNote, PIECE_CHARS, pieceStarts } from "../../../src/core/chunk/large-note-chunker";
import type { ChunkedNote } from "../../../src/core/types";

const noPause = (): Promise<void> => Promise.resolve();

/** `chunkLargeNote` with a pause that counts how often it was called. */
async function chunkCounting(path: string, text: string): Promise<{ note: ChunkedNote; pauses: number }> {
  let pauses = 0;
  const note = await chunkLargeNote(path, text, DEFAULT_CHUNK_OPTIONS, () => {
    pauses++;
    return Promise.resolve();
  });
  return { note, pauses };
}

/** A long book: chapters and sections of marked paragraphs, with a long code block and a long comment. */
function book(): { text: string; lineOf: Map<string, number> } {
  const lines: string[] = ["---", "tags: [long]", "---", "# Book", ""];
  for (let k = 0; k < 30; k++) {
    lines.push(`## Chapter ${k}`, "");
    for (let j = 0; j < 4; j++) {
      lines.push(`### Section ${k}.${j}`, "");
      for (let p = 0; p < 8; p++) lines.push(`Marker M${k}-${j}-${p} opens a paragraph about topic ${k * 100 + j * 10 + p} with filler words to make it long enough.`, "");
    }
    if (k === 4) lines.push("```js", ...Array.from({ length: 400 }, (_, i) => `const line${i} = "# not a heading ${i}";`), "```", "");
    if (k === 7) lines.push("%%", ...Array.from({ length: 300 }, (_, i) => `HIDDEN comment line ${i}`), "%%", "");
  }
  const lineOf = new Map<string, number>();
  lines.forEach((l, i) => {
    const m = /Marker (M\d+-\d+-\d+)/.exec(l);
    if (m?.[1]) lineOf.set(m[1], i);
  });
  return { text: lines.join("\n"), lineOf };
}

describe("chunkLargeNote", () => {
  it("chunks a short note exactly like chunkNote", async () => {
    const text = "# T\n\nSome text.\n\n## H\n\nMore.\n";
    expect(await chunkLargeNote("a.md", text, DEFAULT_CHUNK_OPTIONS, noPause)).toEqual(chunkNote("a.md", text));
  });

  it("cuts a long note into pieces yet keeps every paragraph, its headings and its lines", async () => {
    const { text, lineOf } = book();
    expect(text.length).toBeGreaterThan(2 * PIECE_CHARS);
    const { note, pauses } = await chunkCounting("b.md", text);
    expect(pauses).toBeGreaterThan(2);
    expect(note.meta.title).toBe("Book");
    expect(note.meta.tags).toContain("long");
    note.chunks.forEach((c, i) => {
      expect(c.id).toBe(`b.md#${i}`);
      expect(c.ordinal).toBe(i);
      expect(c.headingPath[0]).toBe("Book");
    });
    const all = note.chunks.map((c) => c.text).join("\n");
    expect(all).not.toContain("HIDDEN");
    expect(all).toContain("const line399");
    for (const [marker, line] of lineOf) {
      const holder = note.chunks.find((c) => c.text.includes(`Marker ${marker} `));
      expect(holder, marker).toBeDefined();
      if (!holder) continue;
      const [k, j] = marker.slice(1).split("-");
      expect(holder.headingPath).toEqual(["Book", `Chapter ${k}`, `Section ${k}.${j}`]);
      expect(line).toBeGreaterThanOrEqual(holder.startLine);
      expect(line).toBeLessThanOrEqual(holder.endLine);
    }
    expect(await chunkLargeNote("b.md", text, DEFAULT_CHUNK_OPTIONS, noPause)).toEqual(note);
  });

  it("cuts a prose line longer than a piece into pieces of its own, keeping every word, its line and its headings", async () => {
    const words = Array.from({ length: 40_000 }, (_, i) => `w${i} 東京${i % 10}`);
    const longLine = words.join(" ");
    const text = `# Log\n\n## Dump\n\n${longLine}\n\nAfter the dump.\n`;
    expect(longLine.length).toBeGreaterThan(4 * PIECE_CHARS);
    const { note, pauses } = await chunkCounting("log.md", text);
    expect(pauses).toBeGreaterThan(4);
    const inLine = note.chunks.filter((c) => c.startLine === 4);
    expect(inLine.length).toBeGreaterThan(4);
    for (const c of inLine) {
      expect(c.endLine).toBe(4);
      expect(c.headingPath).toEqual(["Log", "Dump"]);
    }
    // Every word is in some chunk once the chunks' overlap is taken out: no cut lost or split a word.
    const seen = new Set(inLine.flatMap((c) => c.text.split(/\s+/)));
    for (const w of ["w0", "w19999", "w39999", "東京9"]) expect(seen).toContain(w);
    expect(words.every((w) => w.split(" ").every((part) => seen.has(part)))).toBe(true);
    expect(note.chunks.at(-1)?.text).toContain("After the dump.");
    expect(await chunkLargeNote("log.md", text, DEFAULT_CHUNK_OPTIONS, noPause)).toEqual(note);
  });

  it("never cuts a surrogate pair in a long line without spaces, and leaves an over-long code line whole", async () => {
    // One letter first, so that a cut every PIECE_CHARS code units would fall inside a pair.
    const emoji = `a${"🚀".repeat(PIECE_CHARS)}`;
    const note = await chunkLargeNote("e.md", emoji, DEFAULT_CHUNK_OPTIONS, noPause);
    const joined = note.chunks.map((c) => c.text).join("|");
    expect(joined).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/u);
    const code = `\`\`\`\n${"x".repeat(2 * PIECE_CHARS)}\n\`\`\`\n`;
    const coded = await chunkLargeNote("c.md", code, DEFAULT_CHUNK_OPTIONS, noPause);
    expect(coded).toEqual(chunkNote("c.md", code));
  });
});

describe("pieces of a note with no clean place to cut", () => {
  const link = (i: number): string => `- [[Plugins/plugin-${i}|Plugin number ${i}]] and a few words about what it does`;

  it("cuts a long list with no blank line between its items into pieces of at most two piece sizes", async () => {
    const lines = ["# Plugins", "", ...Array.from({ length: 6000 }, (_, i) => link(i))];
    const text = lines.join("\n");
    expect(text.length).toBeGreaterThan(6 * PIECE_CHARS);
    const starts = pieceStarts(text);
    expect(starts.length).toBeGreaterThanOrEqual(4);
    const bounds = [...starts, lines.length];
    for (let k = 0; k + 1 < bounds.length; k++) {
      const size = lines.slice(bounds[k], bounds[k + 1]).join("\n").length;
      expect(size).toBeLessThanOrEqual(2 * PIECE_CHARS + 200);
    }
    // Every item is still in a chunk, under the note's heading.
    const note = await chunkLargeNote("p.md", text, DEFAULT_CHUNK_OPTIONS, noPause);
    const all = note.chunks.map((c) => c.text).join("\n");
    for (const i of [0, 1234, 3001, 5999]) expect(all).toContain(`Plugin number ${i} and`);
    expect(note.chunks.every((c) => c.headingPath[0] === "Plugins")).toBe(true);
  });

  it("never starts a piece inside a table, a quote or a code block", () => {
    const table = ["| name | what |", "| --- | --- |", ...Array.from({ length: 2500 }, (_, i) => `| [[p${i}\\|P ${i}]] | row ${i} text of the table |`)];
    const quote = Array.from({ length: 1500 }, (_, i) => `> quoted line ${i} of a long quote that goes on`);
    const code = ["```", ...Array.from({ length: 1500 }, (_, i) => `code line ${i} without any blank line at all`), "```"];
    const lines = ["# T", "", ...table, ...quote, ...code, ...Array.from({ length: 3000 }, (_, i) => link(i))];
    const text = lines.join("\n");
    const starts = pieceStarts(text);
    const tableEnd = 2 + table.length;
    const quoteEnd = tableEnd + quote.length;
    const codeEnd = quoteEnd + code.length;
    for (const s of starts.slice(1)) {
      expect(s > 2 && s < tableEnd).toBe(false);
      expect(s > tableEnd && s < quoteEnd).toBe(false);
      expect(s > quoteEnd && s < codeEnd).toBe(false);
    }
    // The list after them is still cut.
    expect(starts.filter((s) => s > codeEnd).length).toBeGreaterThanOrEqual(1);
  });
});
