import { describe, expect, it, vi } from "vitest";
import { keepSearchesWarm, warmSearches } from "../../../src/core/session/search-warmup";
import { openVaultSearch, type VaultSearch } from "../../../src/core/session/vault-search";
import { defaultSettings } from "../../../src/core/settings/plugin-settings";
import { MemoryFileStore } from "../persist/memory-file-store";
import { MemoryNoteSource } from "../sync/helpers/memory-note-source";

const immediate = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

const NOTES: Record<string, string> = {
  "garden.md": "# Garden\n\nThe garden plan for spring: tomatoes, beans and a greenhouse.\n",
  "weather.md": "# Weather\n\nRain all week; the greenhouse stays warm.\n",
  "de/brot.md": "# Brot\n\nGebackene Brote aus dem Ofen, mit Sauerteig und Roggenmehl.\n",
  "fi/piirakka.md": "# Piirakka\n\nKarjalanpiirakka paistetaan kuumassa uunissa, taikina on ohutta.\n",
};

/** A keyword-only session over a few notes in three languages, started and idle. */
async function started(): Promise<VaultSearch> {
  const source = new MemoryNoteSource();
  for (const [path, text] of Object.entries(NOTES)) source.write(path, text);
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
  return session;
}

/** A pause that holds the warm-up at each slice until `release` lets it go on; `held` counts the slices waiting. */
function gate(): { pause: () => Promise<void>; release: () => void; held: () => number } {
  const waiting: (() => void)[] = [];
  return {
    pause: () => new Promise<void>((resolve) => waiting.push(resolve)),
    release: () => waiting.shift()?.(),
    held: () => waiting.length,
  };
}

/** Misspelt and inflected words the notes do not hold as typed: each is corrected, which is what the warm-up prepares. */
const QUERIES = ["gardn plann", "greenhous", "gebackne brot", "karjalanpiirakkaa uunisa", "tomatos beens"];

const answers = async (session: VaultSearch): Promise<string[]> => {
  const out: string[] = [];
  for (const query of QUERIES) {
    const r = await session.search({ query, mode: "keyword", limit: 10 });
    out.push(JSON.stringify(r.results.map((x) => [x.path, x.score])));
  }
  return out;
};

/** The queries typed key by key, as the search modal asks: each key's keyword answer. */
const typed = (session: VaultSearch): string[] =>
  QUERIES.flatMap((q) => [...q].map((_, n) => q.slice(0, n + 1)))
    .filter((k) => k.trim() !== "")
    .map((k) => JSON.stringify(session.searchKeyword({ query: k, prefixLast: !k.endsWith(" "), limit: 10 }).results.map((x) => [x.path, x.score])));

describe("warmSearches: what a first misspelt or rare word pays for, built ahead between requests", () => {
  it("answers a search that arrives while it is held between slices, and the answers are those of a cold session", async () => {
    const cold = await answers(await started());
    const session = await started();
    const g = gate();
    let finished: boolean | undefined;
    const warming = warmSearches(session, { pause: g.pause }).then((done) => (finished = done));
    await immediate();
    expect(g.held()).toBe(1);
    // The request is answered while the warm-up still waits at its first slice: it never waits for the whole warm-up.
    expect(await answers(session)).toEqual(cold);
    expect(finished).toBeUndefined();
    expect(g.held()).toBe(1);
    let slices = 0;
    while (finished === undefined) {
      g.release();
      slices++;
      await immediate();
      await immediate();
    }
    // It was more than one slice: a request arriving meanwhile waits for one of them at most.
    expect(slices).toBeGreaterThan(2);
    expect(finished).toBe(true);
    expect(await answers(session)).toEqual(cold);
    await warming;
    await session.service.stop();
  });

  it("a warm-up that fails is reported, and searches still answer as before", async () => {
    const cold = await answers(await started());
    const session = await started();
    vi.spyOn(session.index, "warmKeywordSteps").mockImplementation(function* () {
      yield;
      throw new Error("stemmer exploded");
    });
    const failed: unknown[] = [];
    expect(await warmSearches(session, { failed: (cause) => failed.push(cause), pause: immediate })).toBe(false);
    expect(String(failed[0])).toContain("stemmer exploded");
    expect(await answers(session)).toEqual(cold);
    await session.service.stop();
  });

  it("gives up when the session stops meanwhile", async () => {
    const session = await started();
    const g = gate();
    const warming = warmSearches(session, { pause: g.pause });
    await immediate();
    g.release();
    await immediate();
    await session.service.stop();
    for (let i = 0; i < 50 && g.held() > 0; i++) {
      g.release();
      await immediate();
    }
    expect(await warming).toBe(false);
  });

  it("with typing, runs the keystroke path too, and every key typed afterwards answers as in a cold session", async () => {
    const cold = typed(await started());
    const session = await started();
    const asked: string[] = [];
    const search = session.searchKeyword.bind(session);
    vi.spyOn(session, "searchKeyword").mockImplementation((req) => (asked.push(req.query), search(req)));
    expect(await warmSearches(session, { pause: immediate, typing: true })).toBe(true);
    // Words of the notes, typed key by key.
    expect(asked.length).toBeGreaterThan(10);
    expect(asked.some((q) => q.includes(" "))).toBe(true);
    vi.restoreAllMocks();
    expect(typed(session)).toEqual(cold);
    await session.service.stop();
  });
});

describe("keepSearchesWarm: the plugin's warm-up, once the notes are in", () => {
  it("warms a loaded session once and then stops following it", async () => {
    const session = await started();
    const spy = vi.spyOn(session, "searchKeyword");
    const stop = keepSearchesWarm(session, { pause: immediate });
    for (let i = 0; i < 500 && spy.mock.calls.length === 0; i++) await immediate();
    for (let i = 0; i < 200; i++) await immediate();
    const calls = spy.mock.calls.length;
    expect(calls).toBeGreaterThan(10);
    // An edit settles the notes again: a session already warmed is not warmed twice.
    session.service.enqueue({ kind: "upsert", path: "garden.md" });
    await session.service.whenIdle();
    for (let i = 0; i < 200; i++) await immediate();
    expect(spy.mock.calls.length).toBe(calls);
    stop();
    await session.service.stop();
  });
});
