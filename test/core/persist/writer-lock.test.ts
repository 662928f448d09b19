import { describe, expect, it } from "vitest";
import { lockGuardedStore } from "../../../src/core/persist/lock-guarded-store";
import { WriterLock } from "../../../src/core/persist/writer-lock";
import { MemoryFileStore } from "./memory-file-store";

const DIR = "vault/config/plugins/hvs";

function lockOf(store: MemoryFileStore, app: string, over: { pid?: number; clock?: () => number; alive?: boolean } = {}) {
  return new WriterLock(store, DIR, { app, pid: over.pid ?? 1, host: "box" }, {
    clock: over.clock ?? (() => 1_000),
    isAlive: () => over.alive,
    staleMs: 60_000,
  });
}

describe("WriterLock", () => {
  it("lets one holder in and tells the second who holds it", async () => {
    const store = new MemoryFileStore();
    const a = lockOf(store, "obsidian", { pid: 1, alive: true });
    const b = lockOf(store, "cli index", { pid: 2, alive: true });
    expect((await a.acquire()).ok && a.held).toBe(true);
    const second = await b.acquire();
    expect(second.ok && second.value).toMatchObject({ kind: "busy", holder: { app: "obsidian", pid: 1, host: "box" } });
    expect(b.held).toBe(false);
  });

  it("is free again after release", async () => {
    const store = new MemoryFileStore();
    const a = lockOf(store, "a");
    const b = lockOf(store, "b", { pid: 2, alive: true });
    await a.acquire();
    await a.release();
    expect(store.files.has(`${DIR}/writer.lock`)).toBe(false);
    await b.acquire();
    expect(b.held).toBe(true);
  });

  it("takes over at once from a dead process on the same host", async () => {
    const store = new MemoryFileStore();
    await lockOf(store, "crashed", { pid: 7 }).acquire();
    const next = lockOf(store, "cli watch", { pid: 8, alive: false });
    await next.acquire();
    expect(next.held).toBe(true);
  });

  it("takes over from a silent holder only once its heartbeat is older than the stale age", async () => {
    const store = new MemoryFileStore();
    let now = 1_000;
    const a = lockOf(store, "laptop app", { pid: 1, clock: () => now, alive: undefined });
    await a.acquire();
    const b = lockOf(store, "other", { pid: 2, clock: () => now, alive: undefined });
    now += 30_000;
    expect((await b.acquire()).ok && b.held).toBe(false);
    // A heartbeat keeps it alive.
    await a.heartbeat();
    now += 45_000;
    expect((await b.acquire()).ok && b.held).toBe(false);
    now += 20_000;
    await b.acquire();
    expect(b.held).toBe(true);
    // The old holder finds out on its next heartbeat and stops writing.
    const lost = await a.heartbeat();
    expect(lost.ok && lost.value.kind).toBe("busy");
    expect(a.held).toBe(false);
  });

  it("waits out a lock file that is still being written, then treats it as abandoned", async () => {
    const store = new MemoryFileStore();
    let now = 1_000;
    store.files.set(`${DIR}/writer.lock`, new TextEncoder().encode("{\"app\":"));
    const b = lockOf(store, "b", { clock: () => now });
    await b.acquire();
    expect(b.held).toBe(false);
    now += 2_500;
    await b.acquire();
    expect(b.held).toBe(true);
  });

  it("guards the index files: only the holder's writes reach the store", async () => {
    const store = new MemoryFileStore();
    const a = lockOf(store, "a", { alive: true });
    const b = lockOf(store, "b", { pid: 2, alive: true });
    await a.acquire();
    await b.acquire();
    await lockGuardedStore(store, () => b.held).write(`${DIR}/index-meta.bin`, new Uint8Array([1]));
    expect(store.files.has(`${DIR}/index-meta.bin`)).toBe(false);
    await lockGuardedStore(store, () => a.held).write(`${DIR}/index-meta.bin`, new Uint8Array([2]));
    expect(store.files.get(`${DIR}/index-meta.bin`)).toEqual(new Uint8Array([2]));
  });
});
