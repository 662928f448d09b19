import { readdir, readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FolderNoteSource } from "../../../../src/cli/node/folder-note-source";
import { NodeFileStore } from "../../../../src/cli/node/node-file-store";
import type { ChunkIndex } from "../../../../src/core/index/chunk-index";
import { OllamaEmbedder } from "../../../../src/core/ollama/embedder";
import { SearchEngine } from "../../../../src/core/search/search-engine";
import { IndexService } from "../../../../src/core/sync/control/index-service";
import { resolveIndexSettings } from "../../../../src/core/sync/rules/index-settings";
import { startFakeOllama, type FakeOllama } from "../../../fakes/fake-ollama";
import { testClient, until } from "../../ollama/helpers";
import { freshSlowCheckVault } from "../helpers/slow-check-vault";
import { TestScheduler } from "../helpers/test-scheduler";

/**
 * Start-up with a slow Ollama: the model check (/api/show) runs while the saved index is read, and a keyword search
 * never waits for it. The fake holds every /api/show unanswered until the test lets it go, so nothing here depends on
 * timing: what must happen before the answer happens while it is held.
 */
describe("loading the saved index while the model check waits on Ollama", () => {
  let fake: FakeOllama;
  let vault = "";
  const dataDir = (): string => join(vault, "plugin-data");
  const scheduler = new TestScheduler();
  const settings = resolveIndexSettings({});

  /** A service over the folder; every index it hands to search is recorded in `handed`. */
  const service = (model: string, handed: ChunkIndex[] = []): IndexService =>
    new IndexService({
      source: new FolderNoteSource(vault),
      store: new NodeFileStore(),
      dataDir: dataDir(),
      settings,
      embedder: new OllamaEmbedder(testClient(fake).client, { model, batchSize: 4 }),
      scheduler,
      indexReplaced: (index) => handed.push(index),
    });

  /** Every file under the data folder with its bytes, to show that nothing on disk changed. */
  const filesOnDisk = async (): Promise<Map<string, Buffer>> => {
    const names = (await readdir(dataDir(), { recursive: true, withFileTypes: true })).filter((e) => e.isFile());
    const out = new Map<string, Buffer>();
    for (const e of names) out.set(join(e.parentPath, e.name), await readFile(join(e.parentPath, e.name)));
    return out;
  };

  /** Indexes the vault with `model` and stops, so the next start finds files of that model. */
  const saveWith = async (model: string): Promise<void> => {
    const s = service(model);
    await s.start();
    await s.whenIdle();
    await s.stop();
  };

  beforeAll(async () => {
    fake = await startFakeOllama();
  });
  beforeEach(async () => {
    fake.reset();
    vault = await freshSlowCheckVault(vault);
  });
  afterAll(async () => {
    await fake.close();
    await rm(vault, { recursive: true, force: true });
  });

  it("answers a keyword search from files of the configured model before Ollama answers the check", async () => {
    await saveWith("nomic-embed-text");
    const embedded = fake.stats.embedCalls;
    fake.setFaults({ holdShow: true });
    const s = service("nomic-embed-text");
    const started = s.start();
    await s.whenLoaded();
    // Loaded while the check is still held: the saved notes are searchable, and the phase says what is awaited.
    expect(fake.stats.apiCalls).toContain("/api/show");
    const found = new SearchEngine({ index: s.index }).searchKeyword({ query: "tomatoes" });
    expect(found.results.map((r) => r.path)).toEqual(["garden.md"]);
    expect(s.status().phase).toBe("checking");

    fake.setFaults({ holdShow: false });
    await started;
    // `whenIdle` does not wait for a check when nothing waits to be embedded: wait for its answer.
    await until(() => s.status().phase !== "checking");
    await s.whenIdle();
    expect(s.status()).toMatchObject({ phase: "idle", vectorsModel: "nomic-embed-text", lastError: undefined });
    expect(s.index.vectorCount).toBe(s.index.size);
    expect(fake.stats.embedCalls).toBe(embedded);
    await s.stop();
  });

  it("answers a search waiting for the load before the model check is sent", async () => {
    await saveWith("nomic-embed-text");
    const embedder = new OllamaEmbedder(testClient(fake).client, { model: "nomic-embed-text", batchSize: 4 });
    const check = embedder.check.bind(embedder);
    let checks = 0;
    embedder.check = (signal?: AbortSignal) => (checks++, check(signal));
    const s = new IndexService({ source: new FolderNoteSource(vault), store: new NodeFileStore(), dataDir: dataDir(), settings, embedder, scheduler });
    const started = s.start();
    // What the MCP server's first search does: wait for the load, then search at once.
    const answered = s.whenLoaded().then(() => ({ checks, found: new SearchEngine({ index: s.index }).searchKeyword({ query: "tomatoes" }) }));
    const { checks: before, found } = await answered;
    expect(found.results.map((r) => r.path)).toEqual(["garden.md"]);
    expect(before).toBe(0);
    expect(s.status().phase).toBe("checking");
    await started;
    expect(checks).toBe(1);
    await s.stop();
  });

  it("keeps the loaded index and its files, embedding nothing, when the late answer says the model is gone", async () => {
    await saveWith("nomic-embed-text");
    const saved = await filesOnDisk();
    expect(saved.size).toBeGreaterThan(0);
    const embedded = fake.stats.embedCalls;
    fake.setFaults({ holdShow: true });
    const s = service("nomic-embed-text");
    const started = s.start();
    await s.whenLoaded();
    expect(s.index.size).toBeGreaterThan(0);
    // The check is sent once what waited for the load had its turn; it is held from then on.
    await until(() => (fake.holding()["/api/show"] ?? 0) > 0);

    // The model was removed from Ollama while the check waited: the answer, when it comes, is "not found".
    fake.setFaults({ holdShow: false, missingModel: true });
    await started;
    await until(() => s.status().phase !== "checking");
    await s.whenIdle();
    expect(s.status().lastError?.code).toBe("OLLAMA_MODEL_MISSING");
    expect(s.status().vectorsModel).toBe("nomic-embed-text");
    expect(new SearchEngine({ index: s.index }).searchKeyword({ query: "backups" }).results[0]?.path).toBe("Ops/postgres.md");
    expect(fake.stats.embedCalls).toBe(embedded);
    await s.stop();
    expect(await filesOnDisk()).toEqual(saved);
  });

  it("waits for the check before loading files of another model, so their vectors are never searched", async () => {
    await saveWith("fake-embed");
    fake.setFaults({ holdShow: true });
    const handed: ChunkIndex[] = [];
    const s = service("nomic-embed-text", handed);
    let loaded = false;
    const started = s.start();
    void s.whenLoaded().then(() => (loaded = true));
    await until(() => fake.stats.apiCalls.includes("/api/show"));
    expect(loaded).toBe(false);

    // The configured model exists: as before, the index of the other model is set aside and rebuilt with this one.
    fake.setFaults({ holdShow: false });
    await started;
    await s.whenIdle();
    expect(s.status()).toMatchObject({ phase: "idle", vectorsModel: "nomic-embed-text", lastError: undefined });
    expect(s.index.vectorCount).toBe(s.index.size);
    // No index that ever held vectors is one search saw before this model's own: the other model's were not loaded.
    expect(handed.filter((index) => index !== s.index && index.vectorCount > 0)).toEqual([]);
    await s.stop();
  });
});
