import { describe, expect, it } from "vitest";
import { lockGuardedStore } from "../../../../src/core/persist/lock/lock-guarded-store";
import { WriterLock } from "../../../../src/core/persist/lock/writer-lock";
import { MemoryFileStore } from "../memory-file-store";

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

  it("takes over from a silent holder only once its heartbeat has not changed for the stale age on our clock", async () => {
    const store = new MemoryFileStore();
    let now = 1_000;
    const a = lockOf(store, "laptop app", { pid: 1, clock: () => now, alive: undefined });
    await a.acquire();
    const b = lockOf(store, "other", { pid: 2, clock: () => now, alive: undefined });
    now += 30_000;
    expect((await b.acquire()).ok && b.held).toBe(false);
    // A heartbeat keeps it alive: b starts watching the new value.
    await a.heartbeat();
    now += 45_000;
    expect((await b.acquire()).ok && b.held).toBe(false);
    now += 20_000;
    expect((await b.acquire()).ok && b.held).toBe(false);
    now += 40_000;
    await b.acquire();
    expect(b.held).toBe(true);
    // The old holder finds out on its next heartbeat and stops writing.
    const lost = await a.heartbeat();
    expect(lost.ok && lost.value.kind).toBe("busy");
    expect(a.held).toBe(false);
  });

  it("takes over a lock whose heartbeat lies in the future once it stops changing (clock skew)", async () => {
    const store = new MemoryFileStore();
    const ahead = lockOf(store, "other host", { pid: 1, clock: () => 1_000 + 3_600_000, alive: undefined });
    await ahead.acquire();
    let now = 1_000;
    const b = lockOf(store, "cli watch", { pid: 2, clock: () => now, alive: undefined });
    expect((await b.acquire()).ok && b.held).toBe(false);
    now += 59_000;
    expect((await b.acquire()).ok && b.held).toBe(false);
    now += 2_000;
    await b.acquire();
    expect(b.held).toBe(true);
  });

  it("never takes over a live holder whose clock runs minutes behind ours", async () => {
    const store = new MemoryFileStore();
    let now = 1_000_000;
    const behind = lockOf(store, "other host", { pid: 1, clock: () => now - 3 * 60_000, alive: undefined });
    await behind.acquire();
    const b = lockOf(store, "cli watch", { pid: 2, clock: () => now, alive: undefined });
    for (let i = 0; i < 20; i++) {
      await b.acquire();
      expect(b.held).toBe(false);
      now += 15_000;
      await behind.heartbeat();
    }
    expect(behind.held).toBe(true);
  });

  it("takes over a heartbeat left long ago at first sight", async () => {
    const store = new MemoryFileStore();
    await lockOf(store, "crashed", { pid: 7, clock: () => 1_000, alive: undefined }).acquire();
    const next = lockOf(store, "cli index", { pid: 8, clock: () => 1_000 + 3_600_000, alive: undefined });
    await next.acquire();
    expect(next.held).toBe(true);
  });

  it("peeks at the holder without taking a free lock", async () => {
    const store = new MemoryFileStore();
    const reader = lockOf(store, "cli mcp", { pid: 3 });
    const none = await reader.peek();
    expect(none.ok && none.value).toBeUndefined();
    expect(store.files.has(`${DIR}/writer.lock`)).toBe(false);
    await lockOf(store, "obsidian", { pid: 4, alive: true }).acquire();
    const found = await reader.peek();
    expect(found.ok && found.value?.app).toBe("obsidian");
    expect(reader.holder?.app).toBe("obsidian");
    expect(reader.held).toBe(false);
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
