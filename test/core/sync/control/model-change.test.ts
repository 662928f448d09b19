import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { OllamaEmbedder } from "../../../../src/core/ollama/embedder";
import { appError } from "../../../../src/core/result";
import { startFakeOllama, type FakeOllama } from "../../../fakes/fake-ollama";
import { testClient } from "../../ollama/helpers";
import { CountingEmbedder } from "../helpers/counting-embedder";
import { Harness } from "../helpers/harness";

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
    const again = new CountingEmbedder("model-a");
    h.embedder = again;
    await (await h.started()).stop();
    expect(again.inputs).toHaveLength(NOTES);
  });
});
