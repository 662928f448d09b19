import { describe, expect, it, vi } from "vitest";
import { chunkNote } from "../../../src/core/chunk/chunker";
import { ChunkIndex } from "../../../src/core/index/chunk-index";
import { notesHolding } from "../../../src/core/search/note-texts";
import { asksForFilters, FilterWarmth, notesSettled } from "../../../src/core/session/filter-warmth";
import { openVaultSearch, type VaultSearch } from "../../../src/core/session/vault-search";
import { defaultSettings } from "../../../src/core/settings/plugin-settings";
import { until } from "../ollama/helpers";
import { MemoryFileStore } from "../persist/memory-file-store";
import { MemoryNoteSource } from "../sync/helpers/memory-note-source";

const immediate = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** A keyword-only session over a few notes, started and idle; no search is ever run on it here. */
async function started(): Promise<{ session: VaultSearch; source: MemoryNoteSource }> {
  const source = new MemoryNoteSource();
  source.write("a.md", "# A\n\nThe garden plan for spring.\n");
  source.write("b.md", "# B\n\nWeather notes.\n");
  const session = openVaultSearch({
    source,
    store: new MemoryFileStore(),
    dataDir: "vault/plugin-data",
    settings: { ...defaultSettings(), embedModel: "" },
    hostIgnore: [],
    offline: { embedder: undefined },
    indexOverrides: { debounceMs: 0 },
    pause: immediate,
  });
  await session.service.start();
  await session.service.whenIdle();
  return { session, source };
}

describe("the filter caches follow the index's revisions (keepFiltersWarm)", () => {
  it("builds the phrase catalog of the new revision after an edit, without a query", async () => {
    const { session, source } = await started();
    const warmth = session.keepFiltersWarm();
    await warmth.settled();
    expect(notesHolding(session.index, ["garden plan"])).toEqual(new Set(["a.md"]));
    const before = session.index.revision;
    source.write("b.md", "# B\n\nWeather notes and the garden plan.\n");
    session.service.enqueue({ kind: "upsert", path: "b.md" });
    await session.service.flush();
    expect(session.index.revision).not.toBe(before);
    await until(() => warmth.warm);
    await warmth.settled();
    expect(notesHolding(session.index, ["garden plan"])).toEqual(new Set(["a.md", "b.md"]));
    await session.service.stop();
  });

  it("a one-time warm-up leaves the revision after an edit cold (what the MCP server did before)", async () => {
    const { session, source } = await started();
    await session.warmFilters();
    expect(notesHolding(session.index, ["garden plan"])).toEqual(new Set(["a.md"]));
    source.write("b.md", "# B\n\nThe garden plan too.\n");
    session.service.enqueue({ kind: "upsert", path: "b.md" });
    await session.service.flush();
    for (let i = 0; i < 20; i++) await immediate();
    // No catalog for this revision: the first phrase query would check every note itself.
    expect(notesHolding(session.index, ["garden plan"])).toBeUndefined();
    await session.service.stop();
  });

  it("with untilFiltered (the plugin), warms nothing until a search uses a filter, then follows the edits", async () => {
    const { session, source } = await started();
    const warmth = session.keepFiltersWarm(undefined, true);
    session.searchKeyword({ query: "garden plan", limit: 5 });
    source.write("b.md", "# B\n\nWeather notes and the garden plan.\n");
    session.service.enqueue({ kind: "upsert", path: "b.md" });
    await session.service.flush();
    for (let i = 0; i < 20; i++) await immediate();
    await warmth.settled();
    expect(warmth.warm).toBe(false);
    expect(notesHolding(session.index, ["garden plan"])).toBeUndefined();
    session.searchKeyword({ query: 'weather "garden plan"', limit: 5 });
    await until(() => warmth.warm);
    await warmth.settled();
    source.write("a.md", "# A\n\nNo plan at all.\n");
    session.service.enqueue({ kind: "upsert", path: "a.md" });
    await session.service.flush();
    await until(() => warmth.warm);
    await warmth.settled();
    expect(notesHolding(session.index, ["garden plan"])).toEqual(new Set(["b.md"]));
    await session.service.stop();
  });

  it("starts no pass once the session stopped", async () => {
    const { session, source } = await started();
    await session.service.stop();
    source.write("b.md", "# B\n\nThe garden plan too.\n");
    const warmth = session.keepFiltersWarm();
    await warmth.settled();
    expect(warmth.warm).toBe(false);
    expect(notesHolding(session.index, ["garden plan"])).toBeUndefined();
  });
});

describe("FilterWarmth", () => {
  function indexOf(texts: string[]): ChunkIndex {
    const index = new ChunkIndex(4);
    texts.forEach((t, i) => index.addNote(chunkNote(`n${i}.md`, `# N${i}\n\n${t}\n`, { maxTokens: 24, overlapRatio: 0 })));
    return index;
  }

  it("gives up a pass whose revision changed meanwhile, and warms the new one on the next poke", async () => {
    const index = indexOf(Array.from({ length: 40 }, (_, i) => (i === 3 ? "garden plan" : "weather")));
    let slices = 0;
    const warmth = new FilterWarmth({
      index: () => index,
      stopped: () => false,
      pause: async () => {
        // The notes change while the first pass is halfway.
        if (++slices === 2) index.addNote(chunkNote("late.md", "# Late\n\ngarden plan\n", { maxTokens: 24, overlapRatio: 0 }));
        await immediate();
      },
    });
    const folded = await warmth.once();
    expect([folded, warmth.warm]).toEqual([0, false]);
    expect(notesHolding(index, ["garden plan"])).toBeUndefined();
    warmth.poke();
    await warmth.settled();
    expect(warmth.warm).toBe(true);
    expect(notesHolding(index, ["garden plan"])).toEqual(new Set(["n3.md", "late.md"]));
  });

  it("does not warm a revision twice, and follows a replaced index", async () => {
    let index = indexOf(["garden plan", "weather"]);
    const pause = vi.fn(immediate);
    const warmth = new FilterWarmth({ index: () => index, stopped: () => false, pause });
    warmth.poke();
    await warmth.settled();
    const calls = pause.mock.calls.length;
    warmth.poke();
    await warmth.settled();
    expect(pause.mock.calls.length).toBe(calls);
    index = indexOf(["weather", "garden plan"]);
    expect(warmth.warm).toBe(false);
    warmth.poke();
    await warmth.settled();
    expect(notesHolding(index, ["garden plan"])).toEqual(new Set(["n1.md"]));
  });

  it("reports a pass that throws, and keeps going on the next poke", async () => {
    const index = indexOf(["garden plan"]);
    const failed = vi.fn();
    let broken = true;
    const warmth = new FilterWarmth({
      index: () => {
        if (broken) throw new Error("boom");
        return index;
      },
      stopped: () => false,
      pause: immediate,
      failed,
    });
    warmth.poke();
    await warmth.settled();
    expect(failed).toHaveBeenCalledOnce();
    broken = false;
    warmth.poke();
    await warmth.settled();
    expect(warmth.warm).toBe(true);
  });

  it("starts no pass while notes are being read into the index, and warms on the poke after", async () => {
    const index = indexOf(["garden plan"]);
    let busy = true;
    const warmth = new FilterWarmth({ index: () => index, stopped: () => false, busy: () => busy, pause: immediate });
    warmth.poke();
    await warmth.settled();
    expect([warmth.warm, notesHolding(index, ["garden plan"])]).toEqual([false, undefined]);
    busy = false;
    warmth.poke();
    await warmth.settled();
    expect([warmth.warm, notesHolding(index, ["garden plan"])]).toEqual([true, new Set(["n0.md"])]);
  });

  it("counts loading, scanning and indexing as notes changing", () => {
    expect(["loading", "scanning", "indexing"].map((p) => notesSettled(p as "indexing"))).toEqual([false, false, false]);
    expect(["idle", "embedding", "saving", "paused", "error", "checking"].map((p) => notesSettled(p as "idle"))).toEqual([true, true, true, true, true, true]);
  });
});

describe("asksForFilters", () => {
  it("says yes to phrases, exclusions, path: and tag:, and no to plain words and hyphenated ones", () => {
    for (const q of ['"garden plan"', "garden -weather", "-weather", "path:Projects x", "TAG:idea", "„Zitat“ hier"]) expect(asksForFilters(q)).toBe(true);
    for (const q of ["garden plan", "e-mail covid-19", "a - b", "--flag", "path: ", "tags"]) expect(asksForFilters(q)).toBe(false);
  });
});
