import { requestUrl } from "obsidian";
import { afterEach, expect, it } from "vitest";
import { openVaultSearch, type VaultSearch } from "../../../src/core/session/vault-search";
import { defaultSettings } from "../../../src/core/settings/plugin-settings";
import { createRequestUrlFetch } from "../../../src/obsidian/request-url-fetch";
import { SearchStore } from "../../../src/ui/search/search-store";
import type { SearchState } from "../../../src/ui/search/search-state";
import { startFakeOllama, type FakeOllama } from "../../fakes/fake-ollama";
import { manualProbes, releaseUntilClosed } from "../../core/ollama/breaker-helpers";
import { MemoryFileStore } from "../../core/persist/memory-file-store";
import { MemoryNoteSource } from "../../core/sync/helpers/memory-note-source";
import { ManualTimers } from "../fake-timers";

/**
 * The plugin's search modal at start-up while Ollama hangs: the model check (/api/show) and the query's embedding
 * (/api/embed) are both held by the fake. Requests go through (the fake of) requestUrl, which can't be cancelled.
 * The full search must answer from keywords, saying why, while the fake still holds the model check; once Ollama
 * answers again (probes released by hand), the modal is hybrid again by itself. The request time limit is far
 * beyond the test's, so only a hang found early can answer.
 */

const NOTES: Record<string, string> = {
  "Bread/Sourdough.md": "# Sourdough\n\nFeed the starter with rye flour; the levain doubles overnight in a warm kitchen.\n",
  "Garden/Tomatoes.md": "# Tomatoes\n\nPlant tomatoes after the last frost and water the seedlings every morning.\n",
};

let fake: FakeOllama | undefined;
let session: VaultSearch | undefined;
afterEach(async () => {
  fake?.reset();
  await session?.service.stop();
  session?.health.dispose();
  await fake?.close();
});

it("answers from keywords with the reason while the model check and the query's embedding hang, and is hybrid again once Ollama answers", async () => {
  fake = await startFakeOllama();
  const source = new MemoryNoteSource();
  for (const [path, text] of Object.entries(NOTES)) source.write(path, text);
  const store = new MemoryFileStore();
  const open = (extra: Partial<Parameters<typeof openVaultSearch>[0]> = {}): VaultSearch =>
    openVaultSearch({
      source,
      store,
      dataDir: "vault/plugin-data",
      settings: { ...defaultSettings(), ollamaUrl: fake?.url ?? "", embedModel: "fake-embed" },
      hostIgnore: [],
      fetch: createRequestUrlFetch(requestUrl),
      ...extra,
    });
  // The index as a healthy Ollama built it.
  const first = open();
  await first.service.start();
  await first.service.whenIdle();
  await first.service.stop();

  fake.setFaults({ holdShow: true, holdEmbed: true });
  const embedsBefore = fake.stats.embedCalls;
  const probes = manualProbes();
  const s = (session = open({ ollamaHealth: probes.health, ollamaTimeoutMs: 600_000, ollamaQuickTimeoutMs: 1_500 }));
  await s.service.start();
  expect(s.service.status().phase).toBe("checking");

  const timers = new ManualTimers();
  const modal = new SearchStore({ search: s, timers, ollamaUrl: () => fake?.url ?? "" });
  const final = (): Promise<SearchState> =>
    new Promise((resolve) => {
      const stop = modal.subscribe((state) => {
        if (state.phase !== "final") return;
        stop();
        resolve(state);
      });
    });
  const answered = final();
  modal.input("seedlings after frost");
  timers.fireAll();
  const during = await answered;
  // The server still holds the model check, and answered no embedding: the answer did not wait for Ollama.
  expect(fake.holding()["/api/show"]).toBeGreaterThan(0);
  expect(fake.holding()["/api/embed"] ?? 0).toBe(fake.stats.embedCalls - embedsBefore);
  expect(during.results.map((r) => r.path)).toEqual(["Garden/Tomatoes.md"]);
  expect(during.results[0]?.explain.ranks.vector).toBeUndefined();
  // The model check is sent once what waited for the load had its turn: the search's own /api/show may be the request
  // that times out first (and opens the breaker), so the notice says either.
  const stuck = /^Keyword results only: Ollama at .* (stopped answering \(\/api\/show took over 1\.5 s\)|did not answer \/api\/show within 1\.5 s)/;
  expect(during.status.map((l) => l.text)).toEqual([expect.stringMatching(stuck)]);

  fake.setFaults({ holdShow: false, holdEmbed: false });
  await releaseUntilClosed(probes, probes.health.breakerFor(fake.url));
  const again = final();
  modal.input("keeping a starter alive");
  timers.fireAll();
  const after = await again;
  expect(after.status).toEqual([]);
  expect(after.results[0]?.path).toBe("Bread/Sourdough.md");
  expect(after.results.some((r) => r.explain.ranks.vector !== undefined)).toBe(true);
});
