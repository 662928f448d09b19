import { describe, expect, it } from "vitest";
import { DEFAULT_CHUNK_OPTIONS } from "../../../../src/core/chunk/chunk-options";
import { chunkNote } from "../../../../src/core/chunk/chunker";
import { chunkLargeNote, PIECE_CHARS } from "../../../../src/core/sync/notes/large-note-chunker";

const noPause = (): Promise<void> => Promise.resolve();

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
    let pauses = 0;
    const note = await chunkLargeNote("b.md", text, DEFAULT_CHUNK_OPTIONS, () => {
      pauses++;
      return Promise.resolve();
    });
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
});
