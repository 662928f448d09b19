import { afterEach, describe, expect, it } from "vitest";
import { openVaultSearch, type VaultSearch } from "../../../src/core/session/vault-search";
import { defaultSettings } from "../../../src/core/settings/plugin-settings";
import { startFakeOllama, type FakeOllama } from "../../fakes/fake-ollama";
import { manualProbes, recordingFetch, releaseUntilClosed } from "../ollama/breaker-helpers";
import { until } from "../ollama/helpers";
import { MemoryFileStore } from "../persist/memory-file-store";
import { MemoryNoteSource } from "../sync/helpers/memory-note-source";

const NOTES: Record<string, string> = {
  "Bread/Sourdough.md": "# Sourdough\n\nFeed the starter with rye flour; the levain doubles overnight in a warm kitchen.\n",
  "Garden/Tomatoes.md": "# Tomatoes\n\nPlant tomatoes after the last frost and water the seedlings every morning.\n",
  "Ops/Backups.md": "# Backups\n\nNightly base backups run with pg_basebackup; restore them on a scratch server.\n",
};

/**
 * The query path of the plugin, the CLI and the MCP server, over the fake Ollama: the index is built while the
 * server answers, then the server hangs. The timeout is short only to end the one hung request; probes run when
 * the test releases them.
 */
describe("a hung Ollama costs one timeout, not one per search", () => {
  let fake: FakeOllama | undefined;
  let session: VaultSearch | undefined;
  afterEach(async () => {
    await session?.service.stop();
    session?.health.dispose();
    await fake?.close();
  });

  async function indexed() {
    fake = await startFakeOllama();
    const probes = manualProbes();
    const sent = recordingFetch();
    const source = new MemoryNoteSource();
    for (const [path, text] of Object.entries(NOTES)) source.write(path, text);
    session = openVaultSearch({
      source,
      store: new MemoryFileStore(),
      dataDir: "vault/plugin-data",
      settings: { ...defaultSettings(), ollamaUrl: fake.url, embedModel: "fake-embed" },
      hostIgnore: [],
      fetch: sent.fetch,
      ollamaHealth: probes.health,
      // Generous for a healthy fake under load; only the hung request waits it out.
      ollamaTimeoutMs: 1_500,
      indexOverrides: { embedRetryMs: 1 },
    });
    await session.service.start();
    await session.service.whenIdle();
    expect(session.service.index.vectorCount).toBe(session.service.index.size);
    const breaker = probes.health.breakerFor(fake.url);
    return { s: session, fake, probes, sent, breaker, source };
  }

  it("answers keyword-only at once with the notice after one timeout, and semantically again once a probe succeeds", async () => {
    const { s, fake, probes, sent, breaker } = await indexed();
    fake.setFaults({ hang: true });
    const first = await s.search({ query: "keeping a starter alive" });
    expect(first.effectiveMode).toBe("keyword");
    expect(first.notices.find((n) => n.code === "KEYWORD_FALLBACK")?.error?.code).toBe("OLLAMA_TIMEOUT");

    const before = sent.paths.length;
    const second = await s.search({ query: "watering seedlings" });
    expect(sent.paths.slice(before)).toEqual([]);
    expect(second.effectiveMode).toBe("keyword");
    const notice = second.notices.find((n) => n.code === "KEYWORD_FALLBACK");
    expect(notice?.message).toMatch(/^Keyword results only: Ollama at .* stopped answering/);
    expect(second.results.map((r) => r.path)).toEqual(["Garden/Tomatoes.md"]);

    fake.setFaults({ hang: false });
    const closed = new Promise<boolean>((resolve) => breaker.onChange(resolve));
    await releaseUntilClosed(probes, breaker);
    expect(await closed).toBe(false);
    const third = await s.search({ query: "keeping a starter alive" });
    expect(third.effectiveMode).toBe("hybrid");
    expect(third.notices.filter((n) => n.code === "KEYWORD_FALLBACK")).toEqual([]);
    expect(third.results.some((r) => r.explain.ranks.vector !== undefined)).toBe(true);
    expect(third.lists.vector).toBeGreaterThan(0);
  });

  it("indexing sends nothing to the stuck server meanwhile, and embeds what waited once the server answers", async () => {
    const { s, fake, probes, sent, breaker, source } = await indexed();
    fake.setFaults({ hang: true });
    await s.search({ query: "rye" });
    const before = sent.paths.length;
    source.write("Bread/Rye.md", "# Rye\n\nA dense rye loaf with caraway seeds.\n");
    s.service.enqueue({ kind: "upsert", path: "Bread/Rye.md" });
    await s.service.flush();
    expect(s.service.index.hasNote("Bread/Rye.md")).toBe(true);
    expect(s.service.status().pendingEmbeddings).toBeGreaterThan(0);
    expect(sent.paths.slice(before)).toEqual([]);
    expect(s.service.status().lastError?.code).toBe("OLLAMA_TIMEOUT");

    fake.setFaults({ hang: false });
    const closed = new Promise<boolean>((resolve) => breaker.onChange(resolve));
    await releaseUntilClosed(probes, breaker);
    await closed;
    await until(() => s.service.index.vectorCount === s.service.index.size);
    expect(s.service.status().pendingEmbeddings).toBe(0);
  });

  it("sessions that share the breaker (a reader reloading the index) leave no listener behind once stopped", async () => {
    fake = await startFakeOllama();
    const probes = manualProbes();
    const open = () =>
      openVaultSearch({
        source: new MemoryNoteSource(),
        store: new MemoryFileStore(),
        dataDir: "vault/plugin-data",
        settings: { ...defaultSettings(), ollamaUrl: fake?.url ?? "", embedModel: "fake-embed" },
        hostIgnore: [],
        ollamaHealth: probes.health,
      });
    for (let reload = 0; reload < 5; reload++) {
      const old = open();
      await old.service.start();
      await old.service.stop();
    }
    session = open();
    expect(probes.health.breakerFor(fake.url).listenerCount).toBe(1);
  });
});
