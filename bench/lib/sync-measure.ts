import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import type { ChunkIndex } from "../../src/core/index/chunk-index";
import type { IndexService } from "../../src/core/sync/control/index-service";
import type { SyncPhase } from "../../src/core/sync/control/sync-progress";
import type { BaselineDoc } from "./sync-baseline";

/** Milliseconds since `t0`, to one decimal. */
export function since(t0: number): number {
  return Math.round((performance.now() - t0) * 10) / 10;
}

/** Runs a full garbage collection when node runs with --expose-gc; says whether it could. */
export function collectGarbage(): boolean {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) return false;
  gc();
  gc();
  return true;
}

/**
 * Waits (up to `maxMs`) until the slices a load leaves for later are done: the int8 rows' norms and the adopted pages'
 * move into the WebAssembly arena (`VectorStore.normSteps`). Measured before that, memory would count a page both
 * where it was loaded and where room is kept for it.
 */
export async function loadSettled(store: { readonly normsPending: boolean } | undefined, maxMs = 60_000): Promise<void> {
  const until = performance.now() + maxMs;
  while (store?.normsPending && performance.now() < until) await new Promise((r) => setTimeout(r, 10));
}

/** Bytes of the saved index files under `dataDir` (manifest and segments, or the single-file layout's two files). */
export function indexFileBytes(dataDir: string): number {
  const names = readdirSync(dataDir).filter((n) => n.startsWith("index-") && n.endsWith(".bin"));
  return names.reduce((sum, n) => sum + statSync(join(dataDir, n)).size, 0);
}

/** UTF-8 bytes of every chunk's text: what the index must store besides the vectors. */
export function chunkTextBytes(index: ChunkIndex): number {
  const encoder = new TextEncoder();
  let scratch = new Uint8Array(4096);
  let total = 0;
  for (const path of index.notePaths()) {
    for (const id of index.chunkIdsOf(path)) {
      const text = index.get(id)?.chunk.text ?? "";
      if (scratch.length < text.length * 3) scratch = new Uint8Array(text.length * 3);
      total += encoder.encodeInto(text, scratch).written;
    }
  }
  return total;
}

/** The index's chunks as the Orama baseline stores them (no copies of the texts or vectors). */
export function baselineDocs(index: ChunkIndex): BaselineDoc[] {
  const docs: BaselineDoc[] = [];
  for (const path of index.notePaths()) {
    for (const id of index.chunkIdsOf(path)) {
      const e = index.get(id);
      if (e) docs.push({ id, text: e.chunk.text, title: e.title, headings: e.chunk.headingPath.slice(1).join(" "), vector: e.vector });
    }
  }
  return docs;
}

/**
 * When each phase was first entered after `t0` (ms since t0), from the service's progress events, which are sent
 * on every phase change. Call the returned function to unsubscribe.
 */
export function phaseTimes(service: Pick<IndexService, "onProgress">, t0: number): { firstAt: Map<SyncPhase, number>; stop: () => void } {
  const firstAt = new Map<SyncPhase, number>();
  const stop = service.onProgress((p) => {
    if (!firstAt.has(p.phase)) firstAt.set(p.phase, performance.now() - t0);
  });
  return { firstAt, stop };
}

/**
 * Polls (every `everyMs`) until `probe` is true, and returns the ms it took, or null after `timeoutMs`. Polling, not
 * events, because "searchable" is what the user sees: the keyword search answering, whatever the service reports.
 */
export async function timeUntil(probe: () => boolean, t0: number, timeoutMs: number, everyMs = 2): Promise<number | null> {
  for (;;) {
    if (probe()) return since(t0);
    if (performance.now() - t0 > timeoutMs) return null;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
