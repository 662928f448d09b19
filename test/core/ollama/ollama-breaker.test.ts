import { describe, expect, it } from "vitest";
import { OllamaClient } from "../../../src/core/ollama/ollama-client";
import type { FakeOllama } from "../../fakes/fake-ollama";
import { manualProbes, recordingFetch, releaseUntilClosed } from "./breaker-helpers";
import { until, withOwnFake } from "./helpers";

/** A client of `fake` behind a breaker whose probes run when the test says; the timeout only ends hung requests. */
function hungClient(fake: FakeOllama, timeoutMs = 300) {
  const probes = manualProbes();
  const sent = recordingFetch();
  const breaker = probes.health.breakerFor(fake.url);
  const client = new OllamaClient({ baseUrl: fake.url, timeoutMs, fetch: sent.fetch, breaker, sleep: () => Promise.resolve() });
  return { client, breaker, probes, sent };
}

describe("a hung Ollama: the circuit breaker", () => {
  it("answers at once after one timeout, sending nothing, until a probe finds the server answering again", async () => {
    await withOwnFake(async (fake) => {
      const { client, breaker, probes, sent } = hungClient(fake);
      fake.setFaults({ hang: true });
      const first = await client.embedRaw("fake-embed", ["rye bread"]);
      expect(!first.ok && first.error.code).toBe("OLLAMA_TIMEOUT");
      expect(sent.paths).toEqual(["/api/embed"]);

      const second = await client.embedRaw("fake-embed", ["rye bread"]);
      expect(!second.ok && second.error.code).toBe("OLLAMA_TIMEOUT");
      expect(!second.ok && second.error.message).toMatch(/stopped answering .*keywords until it answers again/);
      // Nothing reached the stuck server: the answer came from the breaker.
      expect(sent.paths).toEqual(["/api/embed"]);

      // The first probe finds the server still stuck: it stays open and waits longer before the next one.
      await until(() => probes.waiting() === 1);
      probes.release();
      await until(() => probes.waiting() === 1 && breaker.probes === 1);
      expect(breaker.openError).toBeDefined();
      expect(sent.paths).toEqual(["/api/embed", "/api/version"]);
      expect(probes.waits).toEqual([1000, 2000]);

      fake.setFaults({ hang: false });
      const closed = new Promise<boolean>((resolve) => breaker.onChange(resolve));
      await releaseUntilClosed(probes, breaker);
      expect(await closed).toBe(false);
      // The probe asked for the version, then for one tiny embedding of the model that hung.
      expect(sent.paths.slice(-2)).toEqual(["/api/version", "/api/embed"]);
      const after = await client.embedRaw("fake-embed", ["rye bread"]);
      expect(after.ok).toBe(true);
    });
  });

  it("cuts short the other requests waiting on the stuck server when one times out", async () => {
    await withOwnFake(async (fake) => {
      const { client, breaker } = hungClient(fake);
      fake.setFaults({ hang: true });
      const patient = new OllamaClient({ baseUrl: fake.url, timeoutMs: 3_600_000, breaker });
      const waiting = patient.embedRaw("fake-embed", ["sourdough"]);
      await until(() => fake.stats.embedCalls >= 1);
      const first = await client.embedRaw("fake-embed", ["rye"]);
      expect(!first.ok && first.error.code).toBe("OLLAMA_TIMEOUT");
      const cut = await waiting;
      expect(!cut.ok && cut.error.message).toMatch(/stopped answering/);
    });
  });

  it("is not opened by a slow generation, which may take long on a busy server", async () => {
    await withOwnFake(async (fake) => {
      const { client, breaker, sent } = hungClient(fake, 3_600_000);
      fake.setFaults({ hang: true });
      const generated = await client.generate("fake-llm", "hi", { timeoutMs: 20 });
      expect(!generated.ok && generated.error.code).toBe("OLLAMA_TIMEOUT");
      expect(breaker.openError).toBeUndefined();
      fake.setFaults({ hang: false });
      expect((await client.version()).ok).toBe(true);
      expect(sent.paths).toEqual(["/api/generate", "/api/version"]);
    });
  });

  it("is shared by every client of one server, whatever the URL's spelling", async () => {
    await withOwnFake(async (fake) => {
      const { client, probes, sent } = hungClient(fake);
      fake.setFaults({ hang: true });
      await client.version();
      const other = new OllamaClient({ baseUrl: `${fake.url}/`, fetch: sent.fetch, breaker: probes.health.breakerFor(`${fake.url}/`) });
      const listed = await other.listModels();
      expect(!listed.ok && listed.error.message).toMatch(/stopped answering/);
      expect(sent.paths).toEqual(["/api/version"]);
    });
  });
});
