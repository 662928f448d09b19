import { describe, expect, it } from "vitest";
import { WriterRequestWatch, WriterRequester, REQUEST_STALE_MS } from "../../../../src/core/persist/lock/writer-request";
import { MemoryFileStore } from "../memory-file-store";

const DIR = "vault/config/plugins/hvs";
const FILE = `${DIR}/writer.request`;

describe("the writer hand-over request", () => {
  it("is seen while the requester keeps refreshing it, whatever the requester's clock", async () => {
    const store = new MemoryFileStore();
    let now = 0;
    const watch = new WriterRequestWatch(store, DIR, () => now);
    expect(await watch.pending()).toBeUndefined();
    const requester = new WriterRequester(store, DIR, { app: "obsidian", token: "t1" });
    await requester.ask();
    for (let i = 0; i < 20; i++) {
      expect((await watch.pending())?.app).toBe("obsidian");
      now += 2_000;
      await requester.ask();
    }
    await requester.withdraw();
    expect(store.files.has(FILE)).toBe(false);
    expect(await watch.pending()).toBeUndefined();
  });

  it("counts as gone once it stops changing for the stale age on the reader's clock, and is removed", async () => {
    const store = new MemoryFileStore();
    let now = 5_000;
    const watch = new WriterRequestWatch(store, DIR, () => now);
    // A requester that died right after asking.
    await new WriterRequester(store, DIR, { app: "obsidian", token: "dead" }).ask();
    expect(await watch.pending()).toBeDefined();
    now += REQUEST_STALE_MS - 1;
    expect(await watch.pending()).toBeDefined();
    now += 1;
    expect(await watch.pending()).toBeUndefined();
    expect(store.files.has(FILE)).toBe(false);
  });

  it("ignores an unreadable file, and removes it once it stays that way", async () => {
    const store = new MemoryFileStore();
    let now = 0;
    const watch = new WriterRequestWatch(store, DIR, () => now);
    store.files.set(FILE, new TextEncoder().encode("{\"app\":"));
    expect(await watch.pending()).toBeUndefined();
    now += REQUEST_STALE_MS;
    expect(await watch.pending()).toBeUndefined();
    expect(store.files.has(FILE)).toBe(false);
  });

  it("withdraws only its own request", async () => {
    const store = new MemoryFileStore();
    const first = new WriterRequester(store, DIR, { app: "obsidian", token: "a" });
    await first.ask();
    await new WriterRequester(store, DIR, { app: "obsidian", token: "b" }).ask();
    await first.withdraw();
    expect(store.files.has(FILE)).toBe(true);
  });
});
