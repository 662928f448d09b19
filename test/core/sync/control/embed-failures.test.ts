import { describe, expect, it } from "vitest";
import { appError } from "../../../../src/core/result";
import { Harness, searchOver } from "../helpers/harness";

const notes = (h: Harness, n: number): void => {
  for (let i = 0; i < n; i++) h.source.write(`n${i}.md`, `# Note ${i}\n\nBody of note number ${i}.\n`);
};

/** Fires due timers and lets the service settle, `rounds` times. */
async function advance(h: Harness, s: { whenIdle(): Promise<void> }, rounds: number): Promise<void> {
  for (let i = 0; i < rounds; i++) {
    h.scheduler.fireTimers(10 * 60_000);
    await s.whenIdle();
  }
}

describe("IndexService when the embedder is flaky", () => {
  it("keeps the error shown while any chunk waits, even after later batches succeed", async () => {
    const h = new Harness({ embedConcurrency: 2, embedBatchSize: 1 });
    notes(h, 6);
    h.counting.failCall = (call) => call === 1;
    const s = await h.startedHeld();
    expect(h.counting.inFlight).toBe(2);
    h.counting.release();
    await s.whenIdle();
    const st = s.status();
    // Batch 2 succeeded after batch 1 failed: the failure must still be reported while its chunk waits.
    expect(s.index.vectorCount).toBeGreaterThan(0);
    expect(st.pendingEmbeddings).toBeGreaterThan(0);
    expect(st.lastError?.message).toBe("Call 1 failed (flaky).");
    expect(st.phase).toBe("error");

    await advance(h, s, 3);
    expect(s.index.vectorCount).toBe(s.index.size);
    expect(s.status()).toMatchObject({ pendingEmbeddings: 0, lastError: undefined });
    // The failed text was sent again once; every text got its vector exactly once.
    expect(h.counting.inputs).toHaveLength(s.index.size);
    await s.stop();

    const again = await h.started();
    expect(h.counting.inputs).toHaveLength(6);
    expect(again.index.vectorCount).toBe(6);
    await again.stop();
  });

  it("retries with backoff until the budget runs out, then keeps the error and every chunk queued", async () => {
    const h = new Harness({ embedConcurrency: 1, embedRetries: 2, embedRetryMs: 1000 });
    notes(h, 4);
    h.counting.failWith = appError("OLLAMA_UNREACHABLE", "Can't reach Ollama at http://x. Is it running?");
    const s = await h.started();
    expect(h.counting.calls).toBe(1);
    await advance(h, s, 6);
    // One attempt and two retries, then nothing more on its own.
    expect(h.counting.calls).toBe(3);
    const st = s.status();
    expect(st.lastError?.code).toBe("OLLAMA_UNREACHABLE");
    expect(st.pendingEmbeddings).toBe(s.index.size);
    expect(searchOver(s, h.embedder).searchKeyword({ query: "number" }).results).toHaveLength(4);
    await s.stop();

    // The keyword index was saved; a later run embeds exactly the chunks that never got a vector.
    h.counting.failWith = undefined;
    const again = await h.started();
    expect(h.counting.inputs).toHaveLength(again.index.size);
    expect(again.status()).toMatchObject({ pendingEmbeddings: 0, lastError: undefined });
    await again.stop();
  });

  it("retries at once when asked, even after giving up", async () => {
    const h = new Harness({ embedConcurrency: 1, embedRetries: 0 });
    notes(h, 3);
    h.counting.failWith = appError("OLLAMA_UNREACHABLE", "down");
    const s = await h.started();
    await advance(h, s, 3);
    expect(h.counting.calls).toBe(1);
    h.counting.failWith = undefined;
    await s.flush();
    expect(s.status()).toMatchObject({ pendingEmbeddings: 0, lastError: undefined });
    await s.stop();
  });
});
