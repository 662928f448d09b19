import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OllamaEmbedder } from "../../../../src/core/ollama/embedder";
import { startFakeOllama, type FakeOllama } from "../../../fakes/fake-ollama";
import { testClient } from "../../ollama/helpers";
import { Harness } from "../helpers/harness";

describe("chunks cut to the model's input window, in the index status", () => {
  let fake: FakeOllama;
  beforeAll(async () => {
    // A small input window, as a model run with a short context would have.
    fake = await startFakeOllama({ contextLength: 24 });
  });
  afterAll(() => fake.close());

  it("counts them in every progress report once embedded, with the model and its window", async () => {
    const h = new Harness();
    h.embedder = new OllamaEmbedder(testClient(fake).client, { model: "fake-embed" });
    h.source.write("short.md", "# Short\n\nGardens.\n");
    const s = await h.started();
    expect(s.status().inputsCut).toBeUndefined();

    h.source.write("long.md", `# Long\n\n${Array.from({ length: 60 }, (_, i) => `word${i}`).join(" ")}\n`);
    s.enqueue({ kind: "upsert", path: "long.md" });
    const seen: (number | undefined)[] = [];
    s.onProgress((p) => seen.push(p.inputsCut?.count));
    await s.flush();
    await s.whenIdle();
    const cut = s.status().inputsCut;
    expect(cut).toMatchObject({ model: "fake-embed", windowTokens: 24 });
    expect(cut?.count).toBeGreaterThan(0);
    expect(seen.at(-1)).toBe(cut?.count);
    await s.stop();
  });
});
