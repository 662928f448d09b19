import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { OllamaEmbedder } from "../../../../src/core/ollama/embedder";
import { appError, ok, type Result } from "../../../../src/core/result";
import { startFakeOllama, type FakeOllama } from "../../../fakes/fake-ollama";
import { testClient } from "../../ollama/helpers";
import { CountingEmbedder } from "../helpers/counting-embedder";
import { Harness } from "../helpers/harness";
import { decodeManifest } from "../../../../src/core/persist/segments/manifest";
import { MANIFEST_FILE } from "../../../../src/core/persist/segments/segment-names";

const NOTES = 8;

function vault(): Harness {
  const h = new Harness();
  for (let i = 0; i < NOTES; i++) h.source.write(`n${i}.md`, `# Note ${i}\n\nSourdough starter, day ${i}.\n`);
  return h;
}

describe("changing the embedding model through the fake Ollama", () => {
  let fake: FakeOllama;
  beforeAll(async () => {
    fake = await startFakeOllama();
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());
  const ollama = (model: string) => new OllamaEmbedder(testClient(fake).client, { model });

  it("checks a mistyped model before discarding anything; going back re-embeds nothing", async () => {
    const h = vault();
    h.embedder = ollama("nomic-embed-text");
    await (await h.started()).stop();
    const embedded = fake.stats.embedInputs;
    expect(embedded).toBe(NOTES);

    h.embedder = ollama("nomic-embd-text");
    const typo = await h.started();
    expect(typo.status()).toMatchObject({ vectorsModel: "nomic-embed-text", lastError: { code: "OLLAMA_MODEL_MISSING" } });
    expect(typo.index.vectorCount).toBe(NOTES);
    expect(h.notices.join("\n")).not.toMatch(/rebuilt/);
    await typo.stop();
    expect(fake.stats.embedInputs).toBe(embedded);

    h.embedder = ollama("nomic-embed-text");
    const back = await h.started();
    expect(back.index.vectorCount).toBe(NOTES);
    expect(back.status().lastError).toBeUndefined();
    await back.stop();
    expect(fake.stats.embedInputs).toBe(embedded);
  });

  it("keeps the vectors when the running service is given a model that is not installed (the plugin's path)", async () => {
    const h = vault();
    h.embedder = ollama("nomic-embed-text");
    const s = await h.started();
    const embedded = fake.stats.embedInputs;
    s.setEmbedder(ollama("nomic-embd-text"));
    await s.flush();
    expect(s.index.vectorCount).toBe(NOTES);
    expect(s.status()).toMatchObject({ vectorsModel: "nomic-embed-text", lastError: { code: "OLLAMA_MODEL_MISSING" } });
    // An edit while the model is unusable waits for a vector instead of getting one from the wrong model.
    h.source.write("n0.md", "# Note 0\n\nRye starter now.\n");
    s.enqueue({ kind: "upsert", path: "n0.md" });
    await s.flush();
    expect(fake.stats.embedInputs).toBe(embedded);
    expect(s.status().pendingEmbeddings).toBe(1);

    s.setEmbedder(ollama("nomic-embed-text"));
    await s.flush();
    expect(s.status()).toMatchObject({ pendingEmbeddings: 0, lastError: undefined, vectorsModel: "nomic-embed-text" });
    // Only the edited note's chunk was embedded again.
    expect(fake.stats.embedInputs).toBe(embedded + 1);
    await s.stop();
  });
});

describe("changing to another installed model", () => {
  it("keeps the old model's files until the new model has produced vectors", async () => {
    const h = vault();
    h.embedder = new CountingEmbedder("model-a");
    await (await h.started()).stop();

    const b = new CountingEmbedder("model-b");
    b.failWith = appError("OLLAMA_UNREACHABLE", "down");
    h.embedder = b;
    const failing = await h.started();
    expect(failing.index.vectorCount).toBe(0);
    await failing.stop();

    const a = new CountingEmbedder("model-a");
    h.embedder = a;
    const back = await h.started();
    expect(back.index.vectorCount).toBe(NOTES);
    expect(a.inputs).toHaveLength(0);
    await back.stop();

    // Once model-b has vectors of its own, its checkpoint replaces model-a's files.
    h.embedder = new CountingEmbedder("model-b");
    await (await h.started()).stop();
    const manifest = decodeManifest(h.store.files.get(`vault/plugin-data/${MANIFEST_FILE}`) ?? new Uint8Array());
    expect(manifest.ok && manifest.value.header.model).toBe("model-b");
    // Going back to model-a rebuilds the index, but model-a's retired segments are still in the folder (a day's
    // grace): the rebuild takes their vectors instead of embedding the notes again.
    const again = new CountingEmbedder("model-a");
    h.embedder = again;
    const back2 = await h.started();
    expect(back2.index.vectorCount).toBe(NOTES);
    expect(again.inputs).toEqual([]);
    await back2.stop();
  });
});

/** An installed model whose check waits until `answer` is called, so a test can look at the status meanwhile. */
class SlowCheckEmbedder extends CountingEmbedder {
  private answer_: (() => void) | undefined;
  checks = 0;
  check(): Promise<Result<void>> {
    this.checks++;
    return new Promise((resolve) => (this.answer_ = () => resolve(ok(undefined))));
  }
  answer(): void {
    this.answer_?.();
  }
}

describe("the status while a new model is checked", () => {
  it("is 'checking' from the change until Ollama answers, not the old index's 'idle'", async () => {
    const h = vault();
    const s = await h.started();
    expect(s.status().phase).toBe("idle");
    const phases: string[] = [];
    s.onProgress((p) => phases.push(p.phase));
    const next = new SlowCheckEmbedder("model-b");
    s.setEmbedder(next);
    expect(s.status().phase).toBe("checking");
    await until(() => next.checks === 1);
    expect(s.status()).toMatchObject({ phase: "checking", vectorsModel: "counting-embed" });
    expect(next.calls).toBe(0);
    next.answer();
    await s.flush();
    expect(s.status()).toMatchObject({ phase: "idle", vectorsModel: "model-b" });
    expect(phases[0]).toBe("checking");
    // Never "idle" (the status bar's "Index ready") between the check and the new model's index being whole.
    expect(phases.indexOf("idle")).toBe(phases.length - 1);
    expect(next.inputs.length).toBe(NOTES);
    await s.stop();
  });

  it("shows no check for a keyword-only index", async () => {
    const h = vault();
    h.embedder = undefined;
    const phases: string[] = [];
    const s = h.service();
    s.onProgress((p) => phases.push(p.phase));
    await s.start();
    await s.whenIdle();
    expect(phases).not.toContain("checking");
    await s.stop();
  });
});

async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 1000 && !done(); i++) await new Promise((r) => setImmediate(r));
  expect(done()).toBe(true);
}

describe("the status while chunks are embedded batch after batch", () => {
  it("stays 'embedding' between batches instead of flashing 'idle' (the status bar's \"Index ready\")", async () => {
    const h = new Harness({ embedBatchSize: 2, chunk: { maxTokens: 40, overlapRatio: 0 } });
    const paragraphs = Array.from({ length: 30 }, (_, i) => `Paragraph ${i} of the long note says something rather different each time.`);
    h.source.write("long.md", `# Long\n\n${paragraphs.join("\n\n")}\n`);
    const phases: string[] = [];
    const s = h.service();
    s.onProgress((p) => {
      if (p.phase !== phases.at(-1)) phases.push(p.phase);
    });
    await s.start();
    await s.whenIdle();
    expect(h.counting.calls).toBeGreaterThan(5);
    const embedding = phases.indexOf("embedding");
    expect(embedding).toBeGreaterThan(-1);
    expect(phases.slice(embedding)).toEqual(["embedding", "idle"]);
    await s.stop();
  });
});
