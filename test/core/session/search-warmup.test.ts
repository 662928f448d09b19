import { describe, expect, it, vi } from "vitest";
import { warmSearches } from "../../../src/core/session/search-warmup";
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

describe("warmSearches: what a first misspelt or rare word pays for, built ahead between requests", () => {
  it("answers a search that arrives while it is held between slices, and the answers are those of a cold session", async () => {
    const cold = await answers(await started());
    const session = await started();
    const g = gate();
    let finished: boolean | undefined;
    const warming = warmSearches(session, undefined, g.pause).then((done) => (finished = done));
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
    expect(await warmSearches(session, (cause) => failed.push(cause), immediate)).toBe(false);
    expect(String(failed[0])).toContain("stemmer exploded");
    expect(await answers(session)).toEqual(cold);
    await session.service.stop();
  });

  it("gives up when the session stops meanwhile", async () => {
    const session = await started();
    const g = gate();
    const warming = warmSearches(session, undefined, g.pause);
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
});
