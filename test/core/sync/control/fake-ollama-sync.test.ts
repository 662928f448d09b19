import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FolderNoteSource } from "../../../../src/cli/node/folder-note-source";
import { NodeFileStore } from "../../../../src/cli/node/node-file-store";
import { OllamaEmbedder } from "../../../../src/core/ollama/embedder";
import { SearchEngine } from "../../../../src/core/search/search-engine";
import { IndexService } from "../../../../src/core/sync/control/index-service";
import { resolveIndexSettings, type IndexSettings } from "../../../../src/core/sync/rules/index-settings";
import { startFakeOllama, type FakeOllama } from "../../../fakes/fake-ollama";
import { testClient } from "../../ollama/helpers";
import { TestScheduler } from "../helpers/test-scheduler";

/** End to end: notes on disk, index files on disk, vectors from the fake Ollama server through OllamaEmbedder. */
describe("IndexService over a folder, the disk and the fake Ollama", () => {
  let fake: FakeOllama;
  let vault = "";
  const scheduler = new TestScheduler();
  const settings = resolveIndexSettings({
    excludeFolders: ["Private"],
    excludeGlobs: ["*.draft.md"],
    hostIgnore: ["Templates/"],
    excludeTags: ["secret"],
  });

  const put = async (path: string, text: string): Promise<void> => {
    await mkdir(join(vault, path, ".."), { recursive: true });
    await writeFile(join(vault, path), text, "utf8");
  };
  let reads = 0;
  // A fresh embedder each time, so its in-memory cache can't hide a request the service should not have made.
  const service = (rules: Partial<IndexSettings> = {}): IndexService => {
    const source = new FolderNoteSource(vault);
    const read = source.read.bind(source);
    source.read = (path) => {
      reads++;
      return read(path);
    };
    return new IndexService({
      source,
      store: new NodeFileStore(),
      dataDir: join(vault, "plugin-data"),
      settings: { ...settings, ...rules },
      embedder: new OllamaEmbedder(testClient(fake).client, { model: "nomic-embed-text", batchSize: 4 }),
      scheduler,
    });
  };

  beforeAll(async () => {
    fake = await startFakeOllama();
    vault = await mkdtemp(join(tmpdir(), "hvs-sync-"));
    await put("Public/postgres.md", "# Postgres\n\nBackups run nightly and restores are drilled monthly.\n");
    await put("Public/garden.md", "# Garden\n\nTomatoes want water and sun.\n");
    await put("Private/diary.md", "# Diary\n\nSECRET-FOLDER entry.\n");
    await put("ideas.draft.md", "# Draft\n\nSECRET-GLOB idea.\n");
    await put("Templates/daily.md", "# Daily\n\nSECRET-HOST template.\n");
    await put("tagged.md", "---\ntags: [secret]\n---\n# Tagged\n\nSECRET-TAG content.\n");
  });
  afterAll(async () => {
    await fake.close();
    await rm(vault, { recursive: true, force: true });
  });

  it("never sends excluded text to Ollama, and a restart with no change sends nothing", async () => {
    const s = service();
    await s.start();
    await s.whenIdle();
    expect([...s.index.notePaths()].sort()).toEqual(["Public/garden.md", "Public/postgres.md"]);
    expect(s.index.vectorCount).toBe(s.index.size);
    expect(fake.stats.inputs.length).toBeGreaterThan(0);
    expect(fake.stats.inputs.join("\n")).not.toContain("SECRET");
    const hits = await new SearchEngine({ index: s.index, embedder: new OllamaEmbedder(testClient(fake).client, { model: "nomic-embed-text" }) }).search({ query: "nightly backups" });
    expect(hits.results[0]?.path).toBe("Public/postgres.md");
    await s.stop();

    const calls = fake.stats.embedCalls;
    reads = 0;
    const again = service();
    await again.start();
    await again.whenIdle();
    // Nothing changed on disk or in the rules: no note is even read, not even the one excluded by its tag.
    expect(reads).toBe(0);
    expect(fake.stats.embedCalls).toBe(calls);
    expect(again.index.vectorCount).toBe(again.index.size);
    await again.stop();

    // The rules changed while the app was closed: the note excluded by its tag is read again, and now indexed.
    const relaxed = service({ excludeTags: [] });
    await relaxed.start();
    await relaxed.whenIdle();
    expect(reads).toBe(1);
    expect([...relaxed.index.notePaths()]).toContain("tagged.md");
    await relaxed.stop();
    // Tightened again: the note its recorded tags now exclude is read once more, and leaves the index.
    const tightened = service();
    await tightened.start();
    await tightened.whenIdle();
    expect(reads).toBe(2);
    expect([...tightened.index.notePaths()]).not.toContain("tagged.md");
    await tightened.stop();
  });

  it("keeps new text keyword-searchable while Ollama is down, and fills the vectors once it is back", async () => {
    const s = service();
    await s.start();
    await s.whenIdle();
    fake.setFaults({ down: true });
    await put("Public/k8s.md", "# Kubernetes\n\nUpgrade clusters with a rollback plan.\n");
    s.enqueue({ kind: "upsert", path: "Public/k8s.md" });
    await s.flush();
    expect(new SearchEngine({ index: s.index }).searchKeyword({ query: "rollback" }).results[0]?.path).toBe("Public/k8s.md");
    expect(s.status()).toMatchObject({ phase: "error", pendingEmbeddings: 1 });
    expect(s.status().lastError?.code).toBe("OLLAMA_UNREACHABLE");

    fake.setFaults({ down: false });
    scheduler.fireTimers(60_000);
    await s.whenIdle();
    expect(s.status()).toMatchObject({ phase: "idle", pendingEmbeddings: 0, lastError: undefined });
    expect(s.index.vectorCount).toBe(s.index.size);
    await s.stop();
  });
});
