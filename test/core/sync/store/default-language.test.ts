import { describe, expect, it } from "vitest";
import { chunkNote } from "../../../../src/core/chunk/chunker";
import { indexChunkingHash, resolveIndexSettings } from "../../../../src/core/sync/rules/index-settings";
import { SyncedIndex } from "../../../../src/core/sync/store/synced-index";

describe("default language of the keyword index", () => {
  it("analyses a note whose language can't be told in the vault's default language", () => {
    const synced = new SyncedIndex(0, false, "de");
    synced.index.addNote(chunkNote("kurz.md", "# Häuser\n\nHäuser, Gärten"));
    expect(synced.index.languages().map((l) => l.code)).toEqual(["de"]);
    expect(synced.index.keywordSearch("Haus", { limit: 3, maxEdits: 0 })[0]?.id).toBe("kurz.md#0");
  });

  it("is part of the chunking hash only when it is not English, so older indexes keep theirs", () => {
    const en = resolveIndexSettings({});
    const de = resolveIndexSettings({ defaultLanguage: "German" });
    expect(de.defaultLanguage).toBe("de");
    expect(resolveIndexSettings({ defaultLanguage: "klingon" }).defaultLanguage).toBe("en");
    expect(indexChunkingHash(en)).toBe(indexChunkingHash({ chunk: en.chunk, maxNoteBytes: en.maxNoteBytes }));
    expect(indexChunkingHash(de)).not.toBe(indexChunkingHash(en));
  });
});
