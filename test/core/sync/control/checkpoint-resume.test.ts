import { describe, expect, it } from "vitest";
import { CountingEmbedder } from "../helpers/counting-embedder";
import { Harness } from "../helpers/harness";

const NOTES = 24;

/** A vault of one-chunk notes, embedded one text per request, on a clock that moves 400 ms at each reading. */
function vault(checkpointEveryMs: number): Harness {
  const h = new Harness({ embedConcurrency: 1, embedBatchSize: 1, checkpointEvery: 1_000_000, checkpointEveryMs });
  for (let i = 0; i < NOTES; i++) h.source.write(`n${i}.md`, `# Note ${i}\n\nText of note ${i}.\n`);
  h.clockStep = 400;
  return h;
}

/** Starts a service and kills it (no final save, like `kill -9`) when the embedder gets its `killAt`th call. */
async function killedAt(h: Harness, killAt: number): Promise<void> {
  const kill = new AbortController();
  h.counting.onCall = () => {
    if (h.counting.calls === killAt) kill.abort();
  };
  const s = h.service();
  await s.start(kill.signal);
  await s.whenIdle();
}

/** Restarts on the same disk with a fresh embedder: the vectors that were saved, and the texts embedded again. */
async function resumed(h: Harness): Promise<{ saved: number; embedded: number; complete: boolean }> {
  const fresh = new CountingEmbedder();
  h.embedder = fresh;
  const s = await h.startedHeld();
  const saved = s.index.vectorCount;
  fresh.release();
  await s.whenIdle();
  const complete = s.index.vectorCount === NOTES && s.status().pendingEmbeddings === 0;
  await s.stop();
  return { saved, embedded: fresh.inputs.length, complete };
}

describe("IndexService killed between checkpoints", () => {
  it("saves by time as well as by count, and a resume embeds only what was never saved", async () => {
    const h = vault(1000);
    await killedAt(h, 12);
    const r = await resumed(h);
    // Time checkpoints ran although far fewer than `checkpointEvery` chunks were embedded.
    expect(r.saved).toBeGreaterThan(0);
    expect(r.saved).toBeLessThan(12);
    expect(r.embedded).toBe(NOTES - r.saved);
    expect(r.complete).toBe(true);
  });

  it("loses everything since the start when only the count could trigger a checkpoint", async () => {
    const h = vault(1_000_000_000);
    await killedAt(h, 12);
    const r = await resumed(h);
    expect(r.saved).toBe(0);
    expect(r.embedded).toBe(NOTES);
  });
});
