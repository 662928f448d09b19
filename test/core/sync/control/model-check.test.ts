import { describe, expect, it } from "vitest";
import type { Embedder } from "../../../../src/core/ollama/embedder";
import { ok, type Result } from "../../../../src/core/result";
import { ModelGate } from "../../../../src/core/sync/control/model-check";
import { TestScheduler } from "../helpers/test-scheduler";

/** An embedder whose model check is answered only when the test says so, or ends when its signal aborts. */
function heldCheckEmbedder(): { embedder: Embedder; answer: () => void; asked: () => number } {
  const waiting: (() => void)[] = [];
  let asked = 0;
  const embedder: Embedder = {
    model: "nomic-embed-text",
    dimensions: () => 4,
    embedQuery: () => Promise.resolve(ok(new Float32Array(4))),
    embedDocuments: (texts) => Promise.resolve(ok(texts.map(() => new Float32Array(4)))),
    check: (signal?: AbortSignal) =>
      new Promise<Result<void>>((resolve) => {
        asked++;
        const answer = (): void => resolve(ok(undefined));
        waiting.push(answer);
        signal?.addEventListener("abort", answer, { once: true });
      }),
  };
  return { embedder, answer: () => waiting.splice(0).forEach((a) => a()), asked: () => asked };
}

describe("ModelGate", () => {
  const gate = (): { gate: ModelGate; passed: () => number } => {
    let passed = 0;
    const g = new ModelGate({ scheduler: new TestScheduler(), fail: () => undefined, passed: () => passed++, recheck: () => undefined });
    return { gate: g, passed: () => passed };
  };

  it("is no longer 'checking' once a check in flight is called off, and asks again before the model may embed", async () => {
    const { embedder, asked } = heldCheckEmbedder();
    const { gate: g, passed } = gate();
    const checked = g.check(embedder);
    expect(g.checking).toBe(true);

    g.cancel();
    expect(await checked).toBe(false);
    expect(g.checking).toBe(false);
    // The called-off check was never answered: the model is not open, a check is due again.
    expect(g.open).toBe(false);
    expect(g.due).toBe(true);
    expect(passed()).toBe(0);
    expect(asked()).toBe(1);
  });

  it("opens after a check that is answered, and a later cancel leaves it open", async () => {
    const { embedder, answer } = heldCheckEmbedder();
    const { gate: g, passed } = gate();
    const checked = g.check(embedder);
    answer();
    expect(await checked).toBe(true);
    g.cancel();
    expect(g.open).toBe(true);
    expect(passed()).toBe(1);
  });

  it("a newer check replaces the one in flight: only the newer answer counts", async () => {
    const { embedder, answer } = heldCheckEmbedder();
    const { gate: g, passed } = gate();
    const first = g.check(embedder);
    const second = g.check(embedder);
    expect(await first).toBe(false);
    expect(g.checking).toBe(true);
    answer();
    expect(await second).toBe(true);
    expect(g.open).toBe(true);
    expect(passed()).toBe(1);
  });

  it("asked to check later, says 'checking' at once and sends the check only after what was already waiting", async () => {
    const { embedder, answer, asked } = heldCheckEmbedder();
    const { gate: g } = gate();
    // Stands for a search that waits for the load which asks for the check: it must not wait for Node's fetch to load.
    const seen: number[] = [];
    setImmediate(() => seen.push(asked()));
    const checked = g.check(embedder, true);
    expect(g.checking).toBe(true);
    expect(asked()).toBe(0);
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen).toEqual([0]);
    expect(asked()).toBe(1);
    answer();
    expect(await checked).toBe(true);
  });

  it("asked to check later and called off before it was sent, never asks", async () => {
    const { embedder, asked } = heldCheckEmbedder();
    const { gate: g } = gate();
    const checked = g.check(embedder, true);
    g.cancel();
    expect(await checked).toBe(false);
    expect(asked()).toBe(0);
    expect(g.due).toBe(true);
  });
});
