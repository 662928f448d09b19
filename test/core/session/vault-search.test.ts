import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CountingEmbedder } from "../../../src/cli/counting-embedder";
import { openVaultSearch, type VaultSearch } from "../../../src/core/session/vault-search";
import { defaultSettings, type PluginSettings } from "../../../src/core/settings/plugin-settings";
import { startFakeOllama, type FakeOllama } from "../../fakes/fake-ollama";
import { until } from "../ollama/helpers";
import { MemoryFileStore } from "../persist/memory-file-store";
import { MemoryNoteSource } from "../sync/helpers/memory-note-source";

// Calibration needs at least 8 notes with three sentences or more.
const NOTES = 10;
const DATA = "vault/plugin-data";

describe("a vault search session's settings changes, through the fake Ollama", () => {
  let fake: FakeOllama;
  beforeAll(async () => {
    fake = await startFakeOllama();
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

  // The CLI's pass-through counter: it counts the documents the index asks for, cache hits included.
  let tallies: CountingEmbedder[];
  let store: MemoryFileStore;
  let source: MemoryNoteSource;
  const documents = (): number => tallies.reduce((n, t) => n + t.documents, 0);

  async function started(over: Partial<PluginSettings> = {}): Promise<VaultSearch> {
    source = new MemoryNoteSource();
    for (let i = 0; i < NOTES; i++) source.write(`n${i}.md`, `# Note ${i}\n\nSourdough starter number ${i} rises overnight. The levain doubles in a warm kitchen. Bake ${i} uses rye flour and some spelt.\n`);
    // Long enough to be cut differently when the chunk size changes.
    source.write("long.md", `# Long\n\n${Array.from({ length: 60 }, (_, i) => `Paragraph ${i} about rye, spelt and hydration.`).join("\n\n")}\n`);
    tallies = [];
    store = new MemoryFileStore();
    const s = openVaultSearch({
      source,
      store,
      dataDir: DATA,
      settings: { ...defaultSettings(), ollamaUrl: fake.url, embedModel: "nomic-embed-text", ...over },
      hostIgnore: [],
      wrapEmbedder: (e) => {
        const t = new CountingEmbedder(e);
        tallies.push(t);
        return t;
      },
    });
    await s.service.start();
    await s.service.whenIdle();
    return s;
  }

  it("new weights change the ranking options and embed nothing", async () => {
    const s = await started();
    const before = { documents: documents(), inputs: fake.stats.embedInputs, embedders: tallies.length };
    const next = { ...s.settings, search: { ...s.settings.search, weights: { bm25: 3, vector: 0.25, hyde: 0 } } };
    expect(s.applySettings(next)).toMatchObject({ newEmbedder: false, rebuild: false, recalibrate: false });
    await s.service.whenIdle();
    expect(s.effectiveWeights()).toEqual(expect.objectContaining({ bm25: 3 }));
    expect({ documents: documents(), inputs: fake.stats.embedInputs, embedders: tallies.length }).toEqual(before);
    await s.service.stop();
  });

  it("hands out the same related list while nothing changed, and a new one that shows an edit", async () => {
    const s = await started();
    const opts = { limit: 20, rrfK: 5, weights: { vector: 1, bm25: 1 } };
    const first = s.related("n1.md", opts);
    expect(first.status).toBe("ok");
    expect(s.related("n1.md", opts)).toBe(first);
    source.write("twin.md", "# Twin\n\nSourdough starter number 1 rises overnight. The levain doubles in a warm kitchen. Bake 1 uses rye flour and some spelt.\n");
    s.service.enqueue({ kind: "upsert", path: "twin.md" });
    await s.service.flush();
    const after = s.related("n1.md", opts);
    expect(after).not.toBe(first);
    expect(after.entries.map((e) => e.path)).toContain("twin.md");
    await s.service.stop();
  });

  it("new chunking rebuilds the index with the same embedder", async () => {
    const s = await started();
    const before = { documents: documents(), chunks: s.service.index.size };
    const next = { ...s.settings, chunk: { ...s.settings.chunk, maxTokens: Math.floor(s.settings.chunk.maxTokens / 2) } };
    expect(s.applySettings(next)).toMatchObject({ newEmbedder: false, rebuild: true, recalibrate: false });
    await until(() => s.service.index.size > before.chunks);
    await s.service.whenIdle();
    // The long note is cut into more chunks, embedded by the same embedder; the short ones keep their vectors.
    expect(tallies).toHaveLength(1);
    expect(documents()).toBeGreaterThan(before.documents);
    expect(s.service.index.vectorCount).toBe(s.service.index.size);
    await s.service.stop();
  });

  it("a new model gets a new embedder that embeds every note again and is calibrated", async () => {
    const s = await started();
    expect(s.applySettings({ ...s.settings, embedModel: "fake-embed" })).toMatchObject({ newEmbedder: true, rebuild: false, recalibrate: true });
    expect(tallies.map((t) => t.model)).toEqual(["nomic-embed-text", "fake-embed"]);
    await until(() => (tallies[1]?.documents ?? 0) >= NOTES);
    await s.service.whenIdle();
    expect(s.service.status().vectorsModel).toBe("fake-embed");
    await until(() => store.snapshotFiles().has(`${DATA}/calibration.json`));
    await s.service.stop();
  });

  it("turning auto-calibrate on measures the calibration; with it off nothing is measured", async () => {
    const s = await started({ search: { ...defaultSettings().search, autoWeights: false } });
    await s.calibrate("refresh");
    expect(store.snapshotFiles().has(`${DATA}/calibration.json`)).toBe(false);
    const inputs = fake.stats.embedInputs;
    const next = { ...s.settings, search: { ...s.settings.search, autoWeights: true } };
    expect(s.applySettings(next)).toMatchObject({ newEmbedder: false, rebuild: false, recalibrate: true });
    await until(() => store.snapshotFiles().has(`${DATA}/calibration.json`));
    expect(fake.stats.embedInputs).toBeGreaterThan(inputs);
    expect(tallies).toHaveLength(1);
    await s.service.stop();
  });
});
