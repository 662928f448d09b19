import { describe, expect, it } from "vitest";
import { appError } from "../../../../src/core/result";
import type { SyncProgress } from "../../../../src/core/sync/control/sync-progress";
import { CountingEmbedder, vectorFor } from "../helpers/counting-embedder";
import { dumpIndex, Harness, searchOver, updateSettings } from "../helpers/harness";
import { TestScheduler } from "../helpers/test-scheduler";

/** One chunk per section: small chunks, no overlap. */
const SMALL = { chunk: { maxTokens: 40, overlapRatio: 0 } };

const sections = (title: string, ...bodies: string[]): string =>
  `# ${title}\n\n${bodies.map((b, i) => `## Part ${i + 1}\n\n${b}`).join("\n\n")}\n`;

/** A 30-note vault on a ticking clock, and a service whose every progress report is recorded. */
function watchedVault(): { h: Harness; s: ReturnType<Harness["service"]>; seen: SyncProgress[] } {
  const h = new Harness(SMALL);
  h.clockStep = 7;
  for (let i = 0; i < 30; i++) h.source.write(`n${i}.md`, sections(`N${i}`, `Alpha ${i}.`));
  const s = h.service();
  const seen: SyncProgress[] = [];
  s.onProgress((p) => seen.push(p));
  return { h, s, seen };
}

describe("IndexService", () => {
  it("indexes a vault, searches it, and a restart with nothing changed embeds nothing", async () => {
    const h = new Harness();
    h.source.write("a.md", sections("Alpha", "Postgres backups run nightly.", "Restore drills happen monthly."));
    h.source.write("b/c.md", sections("Gamma", "Kubernetes clusters need care."));
    const s = await h.started();
    expect(s.index.vectorCount).toBe(s.index.size);
    expect(searchOver(s, h.embedder).searchKeyword({ query: "postgres" }).results[0]?.path).toBe("a.md");
    const calls = h.counting.calls;
    expect(calls).toBeGreaterThan(0);
    const before = dumpIndex(s);
    await s.stop();

    const again = await h.started();
    expect(h.counting.calls).toBe(calls);
    expect(dumpIndex(again)).toEqual(before);
    expect(h.notices).toEqual([]);
    await again.stop();
  });

  it("does not rewrite the index on a restart when a note excluded by its tag is unchanged", async () => {
    const h = new Harness({ excludeTags: ["private"] });
    h.source.write("a.md", sections("Alpha", "Postgres backups run nightly."));
    h.source.write("diary.md", "---\ntags: [private]\n---\n# Diary\n\nNothing to share.\n");
    const s = await h.started();
    await s.stop();
    const writes: string[] = [];
    h.store.failWhen = (op, path) => {
      if (op === "write") writes.push(path);
      return false;
    };

    const again = await h.started();
    await again.stop();
    expect(writes).toEqual([]);
    expect(searchOver(again, h.embedder).searchKeyword({ query: "diary share" }).results).toEqual([]);
  });

  it("re-embeds only the edited section, and nothing when the edit is undone or sections are reordered", async () => {
    const h = new Harness(SMALL);
    const a = "Postgres backups run nightly at two.";
    const b = "Restore drills happen every month.";
    const c = "Alerts go to the on-call channel.";
    h.source.write("ops.md", sections("Ops", a, b, c));
    const s = await h.started();
    expect(s.index.chunkIdsOf("ops.md").length).toBe(3);
    const base = h.counting.inputs.length;

    h.source.write("ops.md", sections("Ops", a, "Restore drills happen every week.", c));
    s.enqueue({ kind: "upsert", path: "ops.md" });
    await s.flush();
    const sent = h.counting.inputs.slice(base);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain("Restore drills happen every week.");

    const edited = h.counting.inputs.length;
    h.source.write("ops.md", sections("Ops", a, b, c));
    s.enqueue({ kind: "upsert", path: "ops.md" });
    await s.flush();
    expect(h.counting.inputs.length).toBe(edited);

    // The same sections under the same headings, the last two swapped (the first carries the H1 line).
    h.source.write("ops.md", `# Ops\n\n## Part 1\n\n${a}\n\n## Part 3\n\n${c}\n\n## Part 2\n\n${b}\n`);
    s.enqueue({ kind: "upsert", path: "ops.md" });
    await s.flush();
    expect(h.counting.inputs.length).toBe(edited);
    expect(s.index.vectorCount).toBe(s.index.size);
    await s.stop();
  });

  it("renames a note titled by its file name without embedding, and ranks it by its new name", async () => {
    const h = new Harness(SMALL);
    h.source.write("Plain name.md", "Body of a note with no heading and no frontmatter title, long enough to index.\n");
    const s = await h.started();
    const calls = h.counting.calls;
    h.source.rename("Plain name.md", "Quasar drive.md");
    s.enqueue({ kind: "rename", path: "Quasar drive.md", oldPath: "Plain name.md" });
    await s.flush();
    expect(h.counting.calls).toBe(calls);
    expect(s.index.vectorCount).toBe(s.index.size);
    expect(searchOver(s, h.embedder).searchKeyword({ query: "quasar" }).results.map((r) => r.path)).toEqual(["Quasar drive.md"]);
    await s.stop();
  });

  it("moves notes and renames folders without embedding, and a delete removes every chunk", async () => {
    const h = new Harness(SMALL);
    for (let i = 0; i < 5; i++) h.source.write(`old/n${i}.md`, sections(`Note ${i}`, `Body ${i} text here.`, `More ${i}.`));
    h.source.write("top.md", sections("Top", "Top body."));
    const s = await h.started();
    const calls = h.counting.calls;

    for (let i = 0; i < 5; i++) {
      h.source.rename(`old/n${i}.md`, `new/n${i}.md`);
      s.enqueue({ kind: "rename", path: `new/n${i}.md`, oldPath: `old/n${i}.md` });
    }
    h.source.rename("top.md", "archive/top.md");
    s.enqueue({ kind: "rename", path: "archive/top.md", oldPath: "top.md" });
    await s.flush();
    expect(h.counting.calls).toBe(calls);
    expect([...s.index.notePaths()].sort()).toEqual([
      "archive/top.md",
      ...[0, 1, 2, 3, 4].map((i) => `new/n${i}.md`),
    ]);
    expect(s.index.get("new/n3.md#0")?.chunk.path).toBe("new/n3.md");
    expect(s.index.vectorCount).toBe(s.index.size);

    const size = s.index.size;
    const gone = s.index.chunkIdsOf("new/n1.md").length;
    h.source.remove("new/n1.md");
    s.enqueue({ kind: "delete", path: "new/n1.md" });
    await s.flush();
    expect(s.index.size).toBe(size - gone);
    expect(s.index.chunkIdsOf("new/n1.md")).toEqual([]);
    expect(searchOver(s, h.embedder).searchKeyword({ query: "Body 1" }).results.map((r) => r.path)).not.toContain("new/n1.md");
    await s.stop();
  });

  it("sends at most embedConcurrency requests at once, in batches of embedBatchSize", async () => {
    const h = new Harness({ ...SMALL, embedConcurrency: 2, embedBatchSize: 3 });
    for (let i = 0; i < 12; i++) h.source.write(`n${i}.md`, sections(`N${i}`, `Alpha ${i}.`, `Beta ${i}.`));
    const batches: number[] = [];
    h.counting.onCall = (texts) => batches.push(texts.length);
    const s = await h.startedHeld();
    expect(h.counting.inFlight).toBe(2);
    h.counting.release();
    await s.whenIdle();
    expect(h.counting.maxInFlight).toBe(2);
    expect(Math.max(...batches)).toBe(3);
    expect(s.index.vectorCount).toBe(s.index.size);
    await s.stop();
  });

  it("keeps the keyword index complete while the embedder fails, reports the error, and retries later", async () => {
    const h = new Harness(SMALL);
    h.counting.failWith = appError("OLLAMA_UNREACHABLE", "Can't reach Ollama at http://x. Is it running?");
    h.source.write("a.md", sections("Alpha", "Postgres backups.", "Restore drills."));
    const s = await h.started();
    expect(searchOver(s, h.embedder).searchKeyword({ query: "restore" }).results[0]?.path).toBe("a.md");
    expect(s.index.vectorCount).toBe(0);
    const st = s.status();
    expect(st.phase).toBe("error");
    expect(st.pendingEmbeddings).toBe(s.index.size);
    expect(st.lastError?.code).toBe("OLLAMA_UNREACHABLE");

    h.counting.failWith = undefined;
    h.scheduler.fireTimers(60_000);
    await s.whenIdle();
    expect(s.index.vectorCount).toBe(s.index.size);
    expect(s.status()).toMatchObject({ phase: "idle", pendingEmbeddings: 0, lastError: undefined });
    await s.stop();
  });

  it("pauses between notes and resumes where it stopped", async () => {
    const h = new Harness();
    const s = await h.started();
    s.pause();
    expect(s.paused).toBe(true);
    h.source.write("late.md", "# Late\n\nArrived while paused.\n");
    s.enqueue({ kind: "upsert", path: "late.md" });
    await s.flush();
    expect(s.status().phase).toBe("paused");
    expect(s.index.hasNote("late.md")).toBe(false);
    s.resume();
    await s.whenIdle();
    expect(s.index.hasNote("late.md")).toBe(true);
    await s.stop();
  });

  it("reports loading progress on a restart, and counts indexing afresh after it", async () => {
    const { h, s, seen } = watchedVault();
    await s.start();
    await s.whenIdle();
    await s.stop();

    // A restart puts the saved notes back with their own count, then the indexing count starts again.
    seen.length = 0;
    const again = h.service();
    again.onProgress((p) => seen.push(p));
    await again.start();
    await again.whenIdle();
    expect(seen.some((p) => p.phase === "loading" && p.total === 30 && p.done > 0)).toBe(true);
    expect(seen.filter((p) => p.phase !== "loading").every((p) => p.total === 0)).toBe(true);
    await again.stop();
  });

  it("reports progress: phases in order, done never above total, an ETA and the current file", async () => {
    const { s, seen } = watchedVault();
    await s.start();
    await s.whenIdle();
    const phases = seen.map((p) => p.phase).filter((p, i, all) => p !== all[i - 1]);
    expect(phases[0]).toBe("loading");
    expect(phases).toContain("indexing");
    expect(phases[phases.length - 1]).toBe("idle");
    for (const p of seen) expect(p.done).toBeLessThanOrEqual(p.total);
    expect(seen.some((p) => p.phase === "indexing" && p.currentFile !== undefined && p.etaMs !== undefined)).toBe(true);
    expect(s.status()).toMatchObject({ notes: 30, chunks: 30, pendingEmbeddings: 0 });
    await s.stop();
  });

  it("rebuilds without embedding known text, and a model change re-embeds everything with the new model", async () => {
    const h = new Harness(SMALL);
    h.source.write("a.md", sections("Alpha", "Postgres backups.", "Restore drills."));
    const s = await h.started();
    const before = dumpIndex(s);
    const calls = h.counting.calls;
    await s.rebuild();
    await s.whenIdle();
    expect(h.counting.calls).toBe(calls);
    expect(dumpIndex(s)).toEqual(before);

    const other = new CountingEmbedder("other-model", 8);
    s.setEmbedder(other);
    await s.flush();
    expect(other.inputs.length).toBe(s.index.size);
    const id = s.index.chunkIdsOf("a.md")[0] ?? "";
    const entry = s.index.get(id);
    expect(entry?.vector).toEqual(vectorFor("other-model", other.inputs.find((t) => t.endsWith(entry?.chunk.text ?? "?")) ?? "", 8));
    await s.stop();
  });

  it("writes checkpoints while embedding, so a crash keeps the work before the last one", async () => {
    const h = new Harness({ ...SMALL, checkpointEvery: 4, embedBatchSize: 2, embedConcurrency: 1 });
    for (let i = 0; i < 10; i++) h.source.write(`n${i}.md`, sections(`N${i}`, `Alpha ${i}.`));
    const s = await h.started();
    expect(h.store.files.size).toBeGreaterThan(0);
    const calls = h.counting.calls;
    // No stop(): the process dies after the last checkpoint.
    const again = await h.started();
    expect(h.counting.calls - calls).toBeLessThan(calls);
    expect(again.index.vectorCount).toBe(again.index.size);
    await again.stop();
    await s.stop();
  });

  it("indexes only the first maxNoteBytes of a huge note, in slices, and says so once", async () => {
    const h = new Harness({ maxNoteBytes: 64 * 1024 });
    h.scheduler = new TestScheduler(1);
    const paras = Array.from({ length: 4000 }, (_, i) => `Paragraph ${i} is ordinary filler text about nothing much.`);
    h.source.write("huge.md", `# Huge\n\nBEGINMARKER first words.\n\n${paras.join("\n\n")}\n\nENDMARKER last words.\n`);
    h.source.write("small.md", "# Small\n\nJust a note.\n");
    const s = h.service();
    await s.start();
    // The note was chunked in pieces and put into Orama in steps, each a chance to yield.
    const chunks = s.index.chunkIdsOf("huge.md").length;
    expect(chunks).toBeGreaterThan(40);
    expect(h.scheduler.yields).toBeGreaterThanOrEqual(2 + Math.floor(chunks / 32));
    await s.whenIdle();
    expect(searchOver(s, h.embedder).searchKeyword({ query: "beginmarker" }).results[0]?.path).toBe("huge.md");
    expect(searchOver(s, h.embedder).searchKeyword({ query: "endmarker" }).results).toEqual([]);
    expect(h.notices).toEqual([expect.stringMatching(/1 note\(s\) are larger than 0\.1 MB.*huge\.md/)]);
    expect(h.counting.inputs.join("").length).toBeLessThan(80 * 1024);
    await s.stop();
    const again = await h.started();
    expect(h.notices).toHaveLength(1);
    await again.stop();
  });

  it("takes settings and an embedder given before start without rebuilding the saved index", async () => {
    const h = new Harness();
    h.source.write("a.md", "# A\n\nSome text.\n");
    await (await h.started()).stop();
    const calls = h.counting.calls;
    const s = h.service();
    expect(updateSettings(s, { ...h.settings, excludeTags: ["x"] })).toEqual({
      rebuild: false,
      relanguage: false,
      rescan: true,
      convertVectors: false,
    });
    s.setEmbedder(h.embedder);
    await s.start();
    await s.whenIdle();
    expect(h.counting.calls).toBe(calls);
    expect(s.index.vectorCount).toBe(1);
    await s.stop();
  });

  it("stops all work when the start signal aborts, and stop() still saves what was done", async () => {
    const h = new Harness(SMALL);
    for (let i = 0; i < 20; i++) h.source.write(`n${i}.md`, sections(`N${i}`, `Alpha ${i}.`, `Beta ${i}.`));
    h.counting.hold();
    const s = h.service();
    const abort = new AbortController();
    h.scheduler.onYield = () => {
      if ([...s.index.notePaths()].length >= 3) abort.abort();
    };
    await s.start(abort.signal);
    h.scheduler.onYield = undefined;
    h.counting.release();
    await s.whenIdle();
    const notes = [...s.index.notePaths()].length;
    expect(notes).toBeGreaterThan(0);
    expect(notes).toBeLessThan(20);
    expect(s.index.vectorCount).toBe(0);
    await s.stop();

    // The notes indexed before the abort were saved: only the others are read again.
    h.source.reads.length = 0;
    const again = await h.started();
    expect(h.source.reads).toHaveLength(20 - notes);
    expect(again.index.size).toBe(40);
    expect(again.index.vectorCount).toBe(40);
    await again.stop();
  });

  it("saves unsaved changes once it has been idle for idleSaveMs", async () => {
    const h = new Harness({ idleSaveMs: 5000 });
    h.source.write("a.md", "# A\n\nSome text.\n");
    const s = await h.started();
    expect(h.store.files.size).toBe(0);
    h.scheduler.fireTimers(4999);
    expect(h.store.files.size).toBe(0);
    h.scheduler.fireTimers(1);
    await s.whenIdle();
    expect(h.store.files.size).toBe(2);
    expect(s.status().fileBytes).toBeGreaterThan(0);
    // Nothing changed since: no further save is scheduled.
    expect(h.scheduler.pendingTimers).toBe(0);
    await s.stop();
  });

  it("yields to the UI every few hundred chunks while loading the saved index", async () => {
    const h = new Harness();
    for (let i = 0; i < 1200; i++) h.source.write(`n${i}.md`, `# N${i}\n\nText ${i}.\n`);
    await (await h.started()).stop();
    h.scheduler = new TestScheduler(1);
    const s = h.service();
    await s.start();
    // 1,200 notes of one chunk each: at least one yield per 256 notes read back, and per 256 chunks restored.
    expect(h.scheduler.yields).toBeGreaterThanOrEqual(8);
    await s.stop();
  });

  it("debounces and coalesces vault events", async () => {
    const h = new Harness({ debounceMs: 2000 });
    h.source.write("a.md", "# A\n\nFirst.\n");
    const s = await h.started();
    h.source.reads.length = 0;
    for (const text of ["Second.", "Third.", "Fourth."]) {
      h.source.write("a.md", `# A\n\n${text}\n`);
      s.enqueue({ kind: "upsert", path: "a.md" });
    }
    s.enqueue({ kind: "upsert", path: "picture.png" });
    h.scheduler.fireTimers(1999);
    await s.whenIdle();
    expect(h.source.reads).toEqual([]);
    h.scheduler.fireTimers(1);
    await s.whenIdle();
    expect(h.source.reads).toEqual(["a.md"]);
    expect(searchOver(s, h.embedder).searchKeyword({ query: "fourth" }).results[0]?.path).toBe("a.md");
    await s.stop();
  });
});
