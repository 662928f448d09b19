import type { Embedder } from "../../../../src/core/ollama/embedder";
import { IndexService, type IndexServiceDeps } from "../../../../src/core/sync/control/index-service";
import { SearchEngine } from "../../../../src/core/search/search-engine";
import { indexCost } from "../../../../src/core/session/settings-cost";
import { resolveIndexSettings, type IndexCost, type IndexSettings } from "../../../../src/core/sync/rules/index-settings";
import { MemoryFileStore } from "../../persist/memory-file-store";
import { CountingEmbedder } from "./counting-embedder";
import { MemoryNoteSource } from "./memory-note-source";
import { TestScheduler } from "./test-scheduler";

/** A vault, a disk, an embedder and a hand-driven scheduler, from which services can be started and restarted. */
export class Harness {
  readonly source = new MemoryNoteSource();
  store = new MemoryFileStore();
  scheduler = new TestScheduler();
  readonly notices: string[] = [];
  embedder: Embedder | undefined = new CountingEmbedder();
  settings: IndexSettings;
  /** How far the clock moves at each reading, in ms; 0 freezes it. */
  clockStep = 0;
  private time = 1_700_000_000_000;

  constructor(settings: Partial<IndexSettings> = {}) {
    // float32 unless a test asks for int8 (the product's default): these tests compare vectors with the embedder's.
    this.settings = resolveIndexSettings({ excludeTags: [], checkpointEvery: 1_000_000, vectorPrecision: "float32", ...settings });
  }

  get counting(): CountingEmbedder {
    if (!(this.embedder instanceof CountingEmbedder)) throw new Error("not a counting embedder");
    return this.embedder;
  }

  /** A service over the harness; `extra` overrides its deps (e.g. `writer: false`). */
  service(extra: Partial<IndexServiceDeps> = {}): IndexService {
    return new IndexService({
      source: this.source,
      store: this.store,
      dataDir: "vault/plugin-data",
      settings: this.settings,
      ...(this.embedder ? { embedder: this.embedder } : {}),
      scheduler: this.scheduler,
      clock: () => (this.time += this.clockStep),
      notify: (m) => this.notices.push(m),
      ...extra,
    });
  }

  /** A service started with its embedding requests held in flight; `counting.release()` lets them answer. */
  async startedHeld(): Promise<IndexService> {
    this.counting.hold();
    const s = this.service();
    await s.start();
    return s;
  }

  /** A service started and settled (every note indexed, every vector in). */
  async started(): Promise<IndexService> {
    const s = this.service();
    await s.start();
    await s.whenIdle();
    return s;
  }
}

/** Every chunk of the index with its vector, sorted, for comparing two indexes. */
export function dumpIndex(s: IndexService): string[] {
  const out: string[] = [];
  const index = s.index;
  for (const path of index.notePaths()) {
    for (const id of index.chunkIdsOf(path)) {
      const e = index.get(id);
      if (!e) continue;
      const { chunk } = e;
      const vec = e.vector ? Array.from(e.vector, (x) => x.toFixed(5)).join(",") : "none";
      out.push(
        JSON.stringify([chunk.id, chunk.path, chunk.ordinal, chunk.headingPath, chunk.text, chunk.startLine, chunk.endLine, chunk.tokens, e.title, e.aliases, e.tags, vec]),
      );
    }
  }
  return out.sort();
}

/**
 * A search engine over the service's live index, as the session keeps one (the sync actor owns no engine); built
 * per call because a reset replaces the index.
 */
export function searchOver(s: IndexService, embedder?: Embedder): SearchEngine {
  return new SearchEngine({ index: s.index, ...(embedder ? { embedder } : {}) });
}

/** Applies `next` the way the session does: the one decider (`indexCost`) prices it, the service performs it. */
export function updateSettings(s: IndexService, next: IndexSettings): IndexCost {
  const cost = indexCost(s.settings, next);
  s.updateSettings(next, cost);
  return cost;
}
