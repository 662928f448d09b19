import { describe, expect, it } from "vitest";
import { prepareNote } from "../../../../src/core/sync/notes/note-prep";
import { chunkLargeNote } from "../../../../src/core/chunk/large-note-chunker";
import { resolveIndexSettings } from "../../../../src/core/sync/rules/index-settings";
import { embeddingInput } from "../../../../src/core/index/embedding-input";

const NOTE = [
  "---",
  "aliases: [A rather long alias for the note]",
  "tags: [project/long-running-tag-name, short]",
  "lang: de",
  "status: in progress for a while",
  "---",
  "# Weekly planning and review notes",
  "",
  "Links to [[Another note with a long name]] and [[Short]].",
  "",
  "## A section heading that is long enough",
  "",
  "First paragraph of the section, long enough to be a chunk of its own when the chunks are small. ".repeat(8),
  "",
  "Second paragraph of the same section, so that two chunks share one heading list. ".repeat(8),
  "",
  "## Another section",
  "",
  "Closing words.",
].join("\n");

describe("prepareNote", () => {
  it("chunks a note as the chunker does, its strings copied (titles, headings, texts, metadata)", async () => {
    const settings = resolveIndexSettings({ chunk: { ...resolveIndexSettings({}).chunk, maxTokens: 64 } });
    const pause = async (): Promise<void> => {};
    const prepared = await prepareNote("Plans/Week.md", NOTE, "h", settings, pause);
    const direct = await chunkLargeNote("Plans/Week.md", NOTE, settings.chunk, pause);
    expect(prepared.note).toEqual(direct);
    expect(prepared.note.chunks.length).toBeGreaterThan(2);
    expect(prepared.inputs).toEqual(direct.chunks.map((c) => embeddingInput(c)));
    // Chunks of one section still share one heading list, as the chunker made them.
    const bySection = prepared.note.chunks.filter((c) => c.headingPath.at(-1) === "A section heading that is long enough");
    expect(bySection.length).toBeGreaterThan(1);
    expect(new Set(bySection.map((c) => c.headingPath)).size).toBe(1);
  });

  it("keeps every text as written in a note with characters beyond Latin-1 (its plain chunks are copied)", async () => {
    const settings = resolveIndexSettings({ chunk: { ...resolveIndexSettings({}).chunk, maxTokens: 64 } });
    const pause = async (): Promise<void> => {};
    const wide = NOTE.replace("# Weekly planning", "# 🗂️ Weekly planning").replace("Closing words.", "Closing words — “quoted”, 日本語 and a lone \uD83D surrogate.");
    const prepared = await prepareNote("Plans/Week.md", wide, "h", settings, pause);
    const direct = await chunkLargeNote("Plans/Week.md", wide, settings.chunk, pause);
    expect(prepared.note).toEqual(direct);
    expect(prepared.note.chunks.some((c) => c.text.includes("日本語"))).toBe(true);
    expect(prepared.inputs).toEqual(direct.chunks.map((c) => embeddingInput(c)));
  });
});
