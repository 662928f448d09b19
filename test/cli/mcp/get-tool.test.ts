import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { windowOf, type LineWindow, type NoteLines } from "../../../src/cli/mcp/note-lines";
import { toolJson, toolText, writeFixtureVault } from "../mcp-fixture";
import { inProcessMcp } from "./in-process-mcp";

let vault: { dir: string; dispose: () => void } | undefined;
let mcp: Awaited<ReturnType<typeof inProcessMcp>> | undefined;
afterEach(async () => {
  await mcp?.close();
  mcp = undefined;
  vault?.dispose();
});

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Follows `next` from line 1 until `more` is false, and puts the note's lines back together from the pages. */
async function readAll(get: (args: Record<string, unknown>) => Promise<NoteLines>, first: Record<string, unknown>): Promise<{ lines: string[]; pages: number }> {
  const lines: string[] = [];
  let args: Record<string, unknown> = first;
  for (let pages = 1; pages < 1000; pages++) {
    const page = await get(args);
    expect(page.text).not.toMatch(LONE_SURROGATE);
    for (const [i, row] of page.text.split("\n").entries()) {
      const tab = row.indexOf("\t");
      const n = Number(row.slice(0, tab));
      const text = row.slice(tab + 1);
      if (i === 0 && page.fromChar !== undefined) {
        expect(n).toBe(lines.length);
        lines[n - 1] += text;
      } else {
        expect(n).toBe(lines.length + 1);
        lines.push(text);
      }
    }
    if (!page.more) return { lines, pages };
    expect(page.next).toBeDefined();
    args = { ...first, ...page.next };
  }
  throw new Error("get never said more: false");
}

describe("get reads every character of a note", () => {
  // Prose written as one paragraph per line, an emoji where a cut may fall, and a line longer than a whole page.
  const paragraph = `${"Rye and spelt sourdough, fed twice a day; ".repeat(60)}🍞 end of the paragraph.`;
  // The odd first character puts a cut between the two halves of an emoji unless the reader avoids it.
  const huge = `x${"🍞".repeat(35_000)}tail`;
  const note = ["# Long lines", "", paragraph, "", huge, "last line"].join("\n");

  it("serves a line longer than a page in pieces that say more, and the pieces add up to the note", async () => {
    const get = (args: Record<string, unknown>): Promise<NoteLines> => {
      const r = windowOf("Long.md", note, { fromLine: 1, maxLines: 200, ...(args as Partial<LineWindow>) });
      return r.ok ? Promise.resolve(r.value) : Promise.reject(new Error(r.error.message));
    };
    const firstPage = await get({});
    // The 2,500-character paragraph comes whole; the 70,000-character line does not fit the page and waits.
    expect(firstPage).toMatchObject({ fromLine: 1, toLine: 4, more: true, next: { fromLine: 5 } });
    const { lines, pages } = await readAll(get, {});
    expect(lines).toEqual(note.split("\n"));
    expect(pages).toBe(3);
    const small = await readAll(get, { maxChars: 1000 });
    expect(small.lines).toEqual(note.split("\n"));
  });

  it("through the MCP tool: fromChar continues a cut line, and a bad fromChar is refused", async () => {
    vault = writeFixtureVault();
    writeFileSync(join(vault.dir, "Long.md"), note);
    mcp = await inProcessMcp(vault.dir, undefined);
    const client = mcp.client;
    const get = async (args: Record<string, unknown>): Promise<NoteLines> => toolJson<NoteLines>(await client.callTool({ name: "get", arguments: { path: "Long.md", ...args } }));
    const cut = await get({ fromLine: 3, maxChars: 1000 });
    expect(cut).toMatchObject({ fromLine: 3, toLine: 3, more: true, next: { fromLine: 3, fromChar: 1000 } });
    const { lines } = await readAll(get, {});
    expect(lines).toEqual(note.split("\n"));

    const past = await client.callTool({ name: "get", arguments: { path: "Long.md", fromLine: 1, fromChar: 500 } });
    expect(past.isError).toBe(true);
    expect(toolText(past)).toMatch(/fromChar 500 is past the end of line 1/);
  });

  it("names a binary file named .md as binary and not indexed, as the indexer skips it, instead of showing its bytes", async () => {
    vault = writeFixtureVault();
    // A PNG renamed .md: NUL bytes and invalid UTF-8.
    writeFileSync(join(vault.dir, "Photo.md"), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0xff, 0xfe]));
    mcp = await inProcessMcp(vault.dir, undefined);
    await mcp.live.whenReady();
    expect(mcp.live.session.index.hasNote("Photo.md")).toBe(false);
    const binary = await mcp.client.callTool({ name: "get", arguments: { path: "Photo.md" } });
    expect(binary.isError).toBe(true);
    expect(toolText(binary)).toMatch(/^Photo\.md is not text: .*It was not indexed/);
  });
});
