import { rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FolderNoteSource } from "../../../../src/cli/node/folder-note-source";
import { NodeFileStore } from "../../../../src/cli/node/node-file-store";
import { OllamaEmbedder } from "../../../../src/core/ollama/embedder";
import { SearchEngine } from "../../../../src/core/search/search-engine";
import { IndexService } from "../../../../src/core/sync/control/index-service";
import { resolveIndexSettings } from "../../../../src/core/sync/rules/index-settings";
import { startFakeOllama, type FakeOllama } from "../../../fakes/fake-ollama";
import { testClient } from "../../ollama/helpers";
import { freshSlowCheckVault } from "../helpers/slow-check-vault";
import { TestScheduler } from "../helpers/test-scheduler";

/**
 * Start-up with a hung model check, past loading: notes that changed since the save are reconciled (keyword-searchable,
 * `start` resolved) while Ollama's /api/show is held, and their texts are embedded only once it answers. The fake
 * holds every /api/show until the test lets it go, so nothing here depends on timing.
 */
describe("reconciling the notes while the model check waits on Ollama", () => {
  let fake: FakeOllama;
  let vault = "";
  const scheduler = new TestScheduler();
  const settings = resolveIndexSettings({});
  const MODEL = "nomic-embed-text";

  const service = (writer = true): IndexService =>
    new IndexService({
      source: new FolderNoteSource(vault),
      store: new NodeFileStore(),
      dataDir: join(vault, "plugin-data"),
      settings,
      embedder: new OllamaEmbedder(testClient(fake).client, { model: MODEL, batchSize: 4 }),
      scheduler,
      writer,
    });

  /** Indexes the vault and stops; then a note changes and one is added behind the index's back. */
  const saveThenEdit = async (): Promise<void> => {
    const s = service();
    await s.start();
    await s.whenIdle();
    await s.stop();
    await writeFile(join(vault, "garden.md"), "# Garden\n\nTomatoes want water, sun and a trellis of hazel.\n");
    await writeFile(join(vault, "Ops/kafka.md"), "# Kafka\n\nPartitions are rebalanced when a broker leaves.\n");
  };

  const keyword = (s: IndexService, query: string): string[] =>
    new SearchEngine({ index: s.index }).searchKeyword({ query }).results.map((r) => r.path);

  beforeAll(async () => {
    fake = await startFakeOllama();
  });
  beforeEach(async () => {
    fake.reset();
    vault = await freshSlowCheckVault(vault);
  });
  afterAll(async () => {
    fake.setFaults({ holdShow: false });
    await fake.close();
    await rm(vault, { recursive: true, force: true });
  });

  it("resolves start with changed notes keyword-searchable before the check answers, and embeds them after", async () => {
    await saveThenEdit();
    const embedded = fake.stats.embedCalls;
    fake.setFaults({ holdShow: true });
    const s = service();
    // Resolves while /api/show is held: reconciling never waits for Ollama.
    await s.start();
    expect(fake.stats.apiCalls).toContain("/api/show");
    expect(keyword(s, "broker partitions")).toEqual(["Ops/kafka.md"]);
    expect(keyword(s, "trellis hazel")).toEqual(["garden.md"]);
    // Nothing was sent to embed before the model passed its check.
    expect(fake.stats.embedCalls).toBe(embedded);
    expect(s.index.vectorCount).toBeLessThan(s.index.size);
    expect(s.status().phase).toBe("checking");

    fake.setFaults({ holdShow: false });
    await s.whenIdle();
    expect(s.status()).toMatchObject({ phase: "idle", vectorsModel: MODEL, lastError: undefined });
    expect(fake.stats.embedCalls).toBeGreaterThan(embedded);
    expect(s.index.vectorCount).toBe(s.index.size);
    await s.stop();
  });

  it("reports a late 'model missing' with its code, embeds nothing, and keeps the changed notes searchable", async () => {
    await saveThenEdit();
    const embedded = fake.stats.embedCalls;
    fake.setFaults({ holdShow: true });
    const s = service();
    await s.start();
    expect(keyword(s, "broker partitions")).toEqual(["Ops/kafka.md"]);

    fake.setFaults({ holdShow: false, missingModel: true });
    await s.whenIdle();
    expect(s.status().lastError?.code).toBe("OLLAMA_MODEL_MISSING");
    expect(fake.stats.embedCalls).toBe(embedded);
    expect(s.index.vectorCount).toBeLessThan(s.index.size);
    expect(keyword(s, "broker partitions")).toEqual(["Ops/kafka.md"]);
    await s.stop();
  });

  it("lets a reader stop while the check is still held: the check is called off, not waited for", async () => {
    await saveThenEdit();
    fake.setFaults({ holdShow: true });
    const s = service(false);
    await s.start();
    expect(keyword(s, "broker partitions")).toEqual(["Ops/kafka.md"]);
    await s.whenIdle();
    await s.stop();
    expect(s.status().lastError).toBeUndefined();
  });
});
