import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { embeddingInput } from "../../../../src/core/index/embedding-input";
import type { Embedder } from "../../../../src/core/ollama/embedder";
import { appError, err, type Result } from "../../../../src/core/result";
import type { IndexService } from "../../../../src/core/sync/control/index-service";
import { resolveIndexSettings, type IndexSettings } from "../../../../src/core/sync/rules/index-settings";
import { storeWith } from "../../persist/memory-file-store";
import { CountingEmbedder } from "../helpers/counting-embedder";
import { dumpIndex, Harness, searchOver, updateSettings } from "../helpers/harness";

/**
 * Model-based test: random sequences of vault changes, exclusion changes, restarts, crashes, embedder outages, a
 * flaky embedder and a mistyped model run against the service over an in-memory vault, disk and embedder. Every
 * sequence must end with the index a from-scratch build gives (same chunks, vectors and search results), and text
 * the service already holds a vector for must never reach the embedder again, across restarts and a switch to a
 * missing model and back too. Chunks left without a vector after a flush always come with an error in the status.
 */

/** The model name mistyped: not installed, so its check fails and it embeds nothing. */
class MissingModel implements Embedder {
  readonly model = "counting-embd";
  dimensions(): number | undefined {
    return undefined;
  }
  check(): Promise<Result<void>> {
    return Promise.resolve(err(appError("OLLAMA_MODEL_MISSING", `Model ${this.model} is not installed.`)));
  }
  embedQuery(): Promise<Result<Float32Array>> {
    return this.check().then(() => err(appError("OLLAMA_MODEL_MISSING", "missing")));
  }
  embedDocuments(): Promise<Result<Float32Array[]>> {
    return Promise.resolve(err(appError("OLLAMA_MODEL_MISSING", "missing")));
  }
}

const PATHS = ["a.md", "b.md", "f1/c.md", "f1/d.md", "f2/e.md", "f2/sub/g.md", "f3/h.md"];
const FOLDERS = ["f1", "f2", "f3"];
const PARAS = [
  "Postgres backups run every night and are kept for thirty days.",
  "Restore drills happen monthly so the runbook stays honest.",
  "Kubernetes upgrades need a maintenance window and a rollback plan.",
  "The garden needs water twice a week in summer. #garden",
  "Private thoughts about the budget go here. #private",
  "Sourdough starter wants flour, water and patience.",
  "Alerts go to the on-call channel and page after five minutes.",
  "Meeting notes: decide the backup retention and the alert thresholds.",
];

type Op =
  | { k: "write"; p: number; paras: number[]; h1: boolean; flush: boolean }
  | { k: "editOne"; p: number; at: number; para: number; flush: boolean }
  | { k: "revert"; p: number; flush: boolean }
  | { k: "move"; p: number; to: number }
  | { k: "folder"; from: number; to: number }
  | { k: "delete"; p: number }
  | { k: "exclude"; rule: number }
  | { k: "rechunk"; maxTokens: number }
  | { k: "rebuild" }
  | { k: "flush" }
  | { k: "restart" }
  | { k: "crash"; at: number }
  | { k: "down" }
  | { k: "flaky" }
  | { k: "typo" }
  | { k: "up" };

const idx = (n: number): fc.Arbitrary<number> => fc.nat({ max: n - 1 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ k: fc.constant("write" as const), p: idx(PATHS.length), paras: fc.array(idx(PARAS.length), { minLength: 0, maxLength: 4 }), h1: fc.boolean(), flush: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ k: fc.constant("editOne" as const), p: idx(PATHS.length), at: fc.nat(5), para: idx(PARAS.length), flush: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ k: fc.constant("revert" as const), p: idx(PATHS.length), flush: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant("move" as const), p: idx(PATHS.length), to: idx(PATHS.length) }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant("folder" as const), from: idx(FOLDERS.length), to: idx(FOLDERS.length) }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant("delete" as const), p: idx(PATHS.length) }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant("exclude" as const), rule: fc.nat(3) }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant("rechunk" as const), maxTokens: fc.constantFrom(24, 40) }) },
  { weight: 1, arbitrary: fc.constant({ k: "rebuild" as const }) },
  { weight: 3, arbitrary: fc.constant({ k: "flush" as const }) },
  { weight: 1, arbitrary: fc.constant({ k: "restart" as const }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant("crash" as const), at: fc.integer({ min: 1, max: 40 }) }) },
  { weight: 1, arbitrary: fc.constant({ k: "down" as const }) },
  { weight: 1, arbitrary: fc.constant({ k: "flaky" as const }) },
  { weight: 1, arbitrary: fc.constant({ k: "typo" as const }) },
  { weight: 1, arbitrary: fc.constant({ k: "up" as const }) },
);

/** The exclusion rule sets the sequence switches between. */
function exclusionRule(rule: number): Partial<IndexSettings> {
  return [{}, { excludeFolders: ["f1"] }, { excludeTags: ["private"] }, { minNoteChars: 60, excludeGlobs: ["**/e.md"] }][rule] ?? {};
}

const BASE: Partial<IndexSettings> = { chunk: { maxTokens: 24, overlapRatio: 0.15 }, embedBatchSize: 3, checkpointEvery: 4 };

function compose(paras: readonly number[], h1: boolean, title: string): string {
  const body = paras.map((p, i) => (i % 2 === 1 ? `## Section ${p}\n\n` : "") + (PARAS[p] ?? "")).join("\n\n");
  return `${h1 ? `# ${title}\n\n` : ""}${body}\n`;
}

/** Runs one sequence; returns nothing, asserts as it goes. */
async function runSequence(ops: readonly Op[]): Promise<void> {
  const h = new Harness(BASE);
  const embedder = h.counting;
  const history = new Map<string, string[]>();
  let svc!: IndexService;
  let abort = new AbortController();
  /** Texts this service process holds or held a vector for: sending one again would waste an embedding. */
  let known = new Set<string>();
  let quietSinceIdle = false;

  const vectoredTexts = (s: IndexService): string[] => {
    const out: string[] = [];
    for (const path of s.index.notePaths()) {
      for (const id of s.index.chunkIdsOf(path)) {
        const e = s.index.get(id);
        if (e?.vector) out.push(embeddingInput(e.chunk));
      }
    }
    return out;
  };
  const remember = (): void => {
    for (const t of vectoredTexts(svc)) known.add(t);
  };
  embedder.onCall = (texts) => {
    for (const t of texts) expect(known.has(t), `re-embedded known text: ${t}`).toBe(false);
  };
  const launch = async (): Promise<void> => {
    abort = new AbortController();
    svc = h.service();
    await svc.start(abort.signal);
    known = new Set(vectoredTexts(svc));
    await svc.whenIdle();
    remember();
  };
  const write = (path: string, text: string, event: boolean): void => {
    const had = h.source.text(path);
    if (had !== undefined) history.set(path, [...(history.get(path) ?? []), had]);
    h.source.write(path, text);
    if (event) svc.enqueue({ kind: "upsert", path });
  };
  const rename = (from: string, to: string): void => {
    h.source.rename(from, to);
    svc.enqueue({ kind: "rename", path: to, oldPath: from });
  };

  const flushed = async (): Promise<void> => {
    await svc.flush();
    remember();
    const st = svc.status();
    // A later success never hides a failure: chunks still waiting after a flush come with the error.
    if (st.pendingEmbeddings > 0) expect(st.lastError, "chunks wait for vectors but no error is shown").toBeDefined();
    // The mistyped model never replaces the vectors: they stay the real model's ("" while there are none).
    if (svc.index.vectorCount > 0 || h.embedder === embedder) expect(st.vectorsModel).toBe(embedder.model);
    expect(st.vectorsModel).not.toBe("counting-embd");
    if (embedder.failWith === undefined && !embedder.failCall && h.embedder === embedder && st.pendingEmbeddings === 0) quietSinceIdle = true;
  };

  await launch();
  for (const op of ops) {
    const path = PATHS[op.k === "write" || op.k === "editOne" || op.k === "revert" || op.k === "move" || op.k === "delete" ? op.p : 0] ?? "";
    quietSinceIdle &&= ["flush", "restart"].includes(op.k);
    switch (op.k) {
      case "write":
        write(path, compose(op.paras, op.h1, `Title ${op.p}`), true);
        break;
      case "editOne": {
        const text = h.source.text(path);
        if (text === undefined) break;
        const lines = text.split("\n");
        const at = lines.findIndex((l, i) => i >= op.at && PARAS.includes(l));
        if (at < 0) break;
        lines[at] = PARAS[op.para] ?? "";
        write(path, lines.join("\n"), true);
        break;
      }
      case "revert": {
        const prev = history.get(path)?.pop();
        if (prev !== undefined) h.source.write(path, prev);
        if (prev !== undefined) svc.enqueue({ kind: "upsert", path });
        break;
      }
      case "move": {
        const to = PATHS[op.to] ?? "";
        if (to !== path && h.source.text(path) !== undefined && h.source.text(to) === undefined) rename(path, to);
        break;
      }
      case "folder": {
        const [from, to] = [FOLDERS[op.from] ?? "", FOLDERS[op.to] ?? ""];
        const moving = [...h.source.files.keys()].filter((p) => p.startsWith(`${from}/`));
        const targets = moving.map((p) => to + p.slice(from.length));
        if (from === to || targets.some((t) => h.source.text(t) !== undefined)) break;
        moving.forEach((p, i) => rename(p, targets[i] ?? p));
        break;
      }
      case "delete":
        if (h.source.text(path) !== undefined) {
          h.source.remove(path);
          svc.enqueue({ kind: "delete", path });
        }
        break;
      case "exclude":
        h.settings = resolveIndexSettings({ ...h.settings, ...{ excludeFolders: [], excludeTags: [], minNoteChars: 0, excludeGlobs: [] }, ...exclusionRule(op.rule) });
        updateSettings(svc, h.settings);
        break;
      case "rechunk":
        h.settings = resolveIndexSettings({ ...h.settings, chunk: { maxTokens: op.maxTokens, overlapRatio: 0.15 } });
        updateSettings(svc, h.settings);
        break;
      case "rebuild":
        await svc.rebuild();
        break;
      case "flush":
        await flushed();
        break;
      case "restart": {
        const calls = embedder.calls;
        const quiet = quietSinceIdle;
        await svc.stop();
        await launch();
        // A restart with nothing changed since everything was embedded makes no embedding request at all.
        if (quiet) expect(embedder.calls).toBe(calls);
        break;
      }
      case "crash": {
        // The process dies at the op.at-th yield from now (or, if the work ends first, right after it): no save.
        const dead = new Promise<void>((resolve) => {
          const start = h.scheduler.yields;
          h.scheduler.onYield = (n) => {
            if (n - start < op.at) return;
            h.store.crashAfter = 0;
            abort.abort();
            resolve();
          };
        });
        await Promise.race([svc.flush(), dead]);
        h.scheduler.onYield = undefined;
        h.store.crashAfter = 0;
        abort.abort();
        h.store = storeWith(h.store.snapshotFiles());
        await launch();
        break;
      }
      case "down":
        embedder.failWith = appError("OLLAMA_UNREACHABLE", "Can't reach Ollama. Is it running?");
        break;
      case "flaky":
        // Every other request fails; the runner retries within its budget, a flush retries at once.
        embedder.failCall = (call) => call % 2 === 0;
        break;
      case "typo":
        // A missing model: its check fails before anything is discarded; the next "up" switches back.
        h.embedder = new MissingModel();
        svc.setEmbedder(h.embedder);
        break;
      case "up":
        embedder.failWith = undefined;
        embedder.failCall = undefined;
        if (h.embedder !== embedder) {
          h.embedder = embedder;
          svc.setEmbedder(embedder);
        }
        break;
    }
    if ("flush" in op && op.flush) await flushed();
  }

  embedder.failWith = undefined;
  embedder.failCall = undefined;
  if (h.embedder !== embedder) {
    h.embedder = embedder;
    svc.setEmbedder(embedder);
  }
  await svc.flush();
  for (let i = 0; i < 10 && svc.status().pendingEmbeddings > 0; i++) {
    h.scheduler.fireTimers();
    await svc.flush();
  }
  expect(svc.status().pendingEmbeddings).toBe(0);

  // A from-scratch build over the same vault, settings and model.
  const fresh = new Harness(h.settings);
  for (const [p, f] of h.source.files) fresh.source.write(p, f.text);
  fresh.embedder = new CountingEmbedder(embedder.model);
  const scratch = await fresh.started();
  expect(dumpIndex(svc)).toEqual(dumpIndex(scratch));
  // Lists compared with ties in any order: Orama orders equal scores by insertion, which differs between the two.
  const ranked = (hits: { id: string; score: number }[]): string[] =>
    hits.map((x) => `${x.score.toFixed(9)} ${x.id}`).sort();
  for (const query of ["backups", "restore drills", "water", "alert thresholds", "the"]) {
    expect(ranked(svc.index.keywordSearch(query, { limit: 50 }))).toEqual(ranked(scratch.index.keywordSearch(query, { limit: 50 })));
    const q = await embedder.embedQuery(query);
    if (!q.ok) throw new Error("query embedding failed");
    const opts = { limit: 50, similarity: -1 };
    expect(ranked(svc.index.vectorSearch(q.value, opts))).toEqual(ranked(scratch.index.vectorSearch(q.value, opts)));
    const notes = async (s: IndexService): Promise<string[]> =>
      (await searchOver(s, embedder).search({ query, mode: "hybrid", limit: 50 })).results.map((r) => r.path).sort();
    expect(await notes(svc)).toEqual(await notes(scratch));
  }
  await scratch.stop();
  await svc.stop();
}

describe("IndexService model-based", () => {
  it("ends every random sequence equal to a from-scratch build, never re-embedding known text", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 30, size: "max" }), (ops) => runSequence(ops)),
      { numRuns: 400 },
    );
  }, 60_000);

  it("re-applies changed content rules to a note touched since it was indexed (found by the property above)", async () => {
    await runSequence([
      { k: "write", p: 0, paras: [5], h1: false, flush: true },
      { k: "write", p: 0, paras: [5], h1: false, flush: false },
      { k: "exclude", rule: 3 },
      { k: "flush" },
    ]);
  });

  it("keeps every vector across a mistyped model and a flaky embedder, and re-embeds nothing on the way back", async () => {
    await runSequence([
      { k: "write", p: 0, paras: [0, 1, 2], h1: true, flush: true },
      { k: "typo" },
      { k: "write", p: 1, paras: [3], h1: false, flush: true },
      { k: "restart" },
      { k: "up" },
      { k: "flaky" },
      { k: "write", p: 2, paras: [5, 6, 7], h1: true, flush: true },
      { k: "up" },
      { k: "flush" },
    ]);
  });

  it("keeps vectors of text dropped before a rebuild or a chunking change (found by the property above)", async () => {
    await runSequence([
      { k: "write", p: 0, paras: [], h1: false, flush: true },
      { k: "exclude", rule: 3 },
      { k: "flush" },
      { k: "exclude", rule: 0 },
      { k: "rebuild" },
      { k: "rechunk", maxTokens: 24 },
    ]);
    await runSequence([
      { k: "write", p: 0, paras: [0, 0, 0], h1: false, flush: true },
      { k: "rechunk", maxTokens: 40 },
      { k: "editOne", p: 0, at: 0, para: 0, flush: true },
      { k: "rechunk", maxTokens: 24 },
      { k: "flush" },
    ]);
  });
});
