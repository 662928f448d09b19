import { describe, expect, it } from "vitest";
import { chunkNote } from "../../../../src/core/chunk/chunker";
import { ChunkIndex } from "../../../../src/core/index/chunk-index";
import type { IndexService } from "../../../../src/core/sync/control/index-service";
import { ENGLISH as EN, languageOf } from "../../../../src/core/text/languages";
import { Harness, updateSettings } from "../helpers/harness";

// Which language these notes are analysed in: short.md can't be told (the default decides), german.md is told by its
// function words, swedish.md by its frontmatter, english.md by its function words.
const NOTES: Record<string, string> = {
  "short.md": "# Häuser\n\nHäuser, Gärten, Bäume\n",
  "german.md": "# Der Garten\n\nDie Häuser und die Gärten sind im Sommer grün, und wir pflanzen dort mit den Kindern.\n",
  "swedish.md": "---\nlang: sv\n---\n# Hus\n\nHusen, trädgårdar\n",
  "english.md": "# Garden\n\nThe garden of the house has tall trees, and the shed is in the back of it.\n",
};
const GERMAN = languageOf("de") ?? EN;
const QUERIES = ["Haus", "Garten", "Baum", "husen", "trädgård", "garden", "houses", "trees"];

function answers(s: IndexService | ChunkIndex): unknown[] {
  const index = "index" in s ? s.index : s;
  return QUERIES.map((q) => index.keywordSearch(q, { limit: 10, maxEdits: 0 }));
}

/** What an index built from scratch with `defaultLanguage` answers. */
async function builtWith(defaultLanguage: string): Promise<unknown[]> {
  const fresh = await vault(defaultLanguage).started();
  const expected = answers(fresh);
  await fresh.stop();
  return expected;
}

function vault(defaultLanguage: string): Harness {
  const h = new Harness({ defaultLanguage });
  for (const [path, text] of Object.entries(NOTES)) h.source.write(path, text);
  return h;
}

describe("changing the default language", () => {
  it("re-analyses in place, without reading or embedding a note again, and ranks as an index built with it", async () => {
    const expected = await builtWith("de");

    const h = vault("en");
    const s = await h.started();
    expect(s.index.keywordSearch("Haus", { limit: 10, maxEdits: 0 }).map((x) => x.id)).not.toContain("short.md#0");
    const [calls, reads] = [h.counting.calls, h.source.reads.length];
    h.settings = { ...h.settings, defaultLanguage: "de" };
    expect(updateSettings(s, h.settings).rebuild).toBe(false);
    await s.whenIdle();
    expect(answers(s)).toEqual(expected);
    expect(s.index.keywordSearch("Haus", { limit: 10, maxEdits: 0 })[0]?.id).toBe("short.md#0");
    expect([h.counting.calls, h.source.reads.length]).toEqual([calls, reads]);
    await s.stop();

    // Saved with the new language, the index loads as it is: nothing is read or embedded again.
    const again = await h.started();
    expect(answers(again)).toEqual(expected);
    expect([h.counting.calls, h.source.reads.length]).toEqual([calls, reads]);
    await again.stop();
  });
});

describe("an index saved with another default language", () => {
  it("loads as saved and re-analyses in place: nothing read or embedded again, no notice, ranked as built with it", async () => {
    const expected = await builtWith("de");

    const h = vault("en");
    await (await h.started()).stop();
    const [calls, reads] = [h.counting.calls, h.source.reads.length];
    h.settings = { ...h.settings, defaultLanguage: "de" };
    const s = await h.started();
    expect(answers(s)).toEqual(expected);
    expect([h.counting.calls, h.source.reads.length]).toEqual([calls, reads]);
    expect(h.notices).toEqual([]);
    await s.stop();
    // Saved under the new language this time: the next start has nothing to do.
    const again = await h.started();
    expect(answers(again)).toEqual(expected);
    expect([h.counting.calls, h.source.reads.length]).toEqual([calls, reads]);
    await again.stop();
  });

  it("is still rebuilt (vectors reused) when the chunking changed too", async () => {
    const h = vault("en");
    await (await h.started()).stop();
    const calls = h.counting.calls;
    h.settings = { ...h.settings, defaultLanguage: "de", chunk: { maxTokens: 64, overlapRatio: 0 } };
    const s = await h.started();
    expect(h.notices.join(" ")).toMatch(/chunking settings changed/);
    expect(s.index.keywordSearch("Haus", { limit: 10, maxEdits: 0 })[0]?.id).toBe("short.md#0");
    expect(h.counting.calls).toBe(calls);
    await s.stop();
  });
});

describe("ChunkIndex.setDefaultLanguageSteps", () => {
  const notes = Object.entries(NOTES).map(([path, text]) => chunkNote(path, text));

  it("re-analyses only the chunks whose language the default decided", () => {
    const idx = new ChunkIndex(0, undefined, EN);
    for (const n of notes) idx.addNote(n);
    const built = new ChunkIndex(0, undefined, GERMAN);
    for (const n of notes) built.addNote(n);
    expect(drain(idx.setDefaultLanguageSteps(GERMAN))).toBe(1);
    expect(answers(idx)).toEqual(answers(built));
    expect(drain(idx.setDefaultLanguageSteps(GERMAN))).toBe(0);
    expect(drain(idx.setDefaultLanguageSteps(languageOf("fr") ?? EN))).toBe(1);
    expect(drain(idx.setDefaultLanguageSteps(EN))).toBe(1);
    idx.removeNote("short.md");
    expect(idx.keywordSearch("Häuser Gärten Bäume", { limit: 10, maxEdits: 0 }).map((x) => x.id)).not.toContain("short.md#0");
  });
});

function drain<T>(steps: Generator<void, T, void>): T {
  for (;;) {
    const s = steps.next();
    if (s.done) return s.value;
  }
}
