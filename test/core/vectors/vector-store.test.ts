import { describe, expect, it } from "vitest";
import { VectorStore } from "../../../src/core/vectors/vector-store";

const vec = (...xs: number[]): Float32Array => Float32Array.from(xs);

describe("VectorStore", () => {
  it("copies a vector in, keeps its norm and note, and gives back a view", () => {
    const store = new VectorStore(2, () => 0);
    const given = vec(3, 4);
    const view = store.set("a.md#0", "a.md", given)!;
    given[0] = 0;
    expect([...view]).toEqual([3, 4]);
    expect(store.get("a.md#0")).toBe(view);
    expect(store.norm(0)).toBe(5);
    expect(store.notes.pathOf(store.notes.noteOfSlot(0))).toBe("a.md");
    expect(store.size).toBe(1);
  });

  it("reuses freed slots once recycled, so editing the same notes again and again never grows it", () => {
    const store = new VectorStore(2, () => 0);
    for (let round = 0; round < 50; round++) {
      store.recycle();
      for (let i = 0; i < 30; i++) store.delete(`n${i}.md#0`);
      for (let i = 0; i < 30; i++) store.set(`n${i}.md#0`, `n${i}.md`, vec(round, i));
    }
    expect(store.size).toBe(30);
    expect(store.slots).toBeLessThanOrEqual(2048);
    expect([...(store.get("n7.md#0") ?? [])]).toEqual([49, 7]);
    expect(store.notes.count).toBeLessThanOrEqual(60);
  });

  it("leaves a freed slot's view alone until recycled, and while a hold is in force", () => {
    const store = new VectorStore(2, () => 0);
    const old = store.set("a.md#0", "a.md", vec(1, 1))!;
    store.delete("a.md#0");
    store.set("b.md#0", "b.md", vec(2, 2));
    expect([...old]).toEqual([1, 1]);
    const release = store.hold();
    store.recycle();
    store.set("c.md#0", "c.md", vec(3, 3));
    expect([...old]).toEqual([1, 1]);
    release();
    store.recycle();
    store.set("d.md#0", "d.md", vec(4, 4));
    expect([...old]).toEqual([4, 4]);
    expect(store.idAt(0)).toBe("d.md#0");
  });

  it("takes rows of an adopted array in place and frees the rows nobody claimed", () => {
    const store = new VectorStore(2, () => 0);
    const rows = vec(1, 0, 9, 9, 0, 1);
    store.adopt(rows);
    const first = store.set("a.md#0", "a.md", rows.subarray(0, 2))!;
    const third = store.set("a.md#1", "a.md", rows.subarray(4, 6))!;
    expect(first.buffer).toBe(rows.buffer);
    expect(third.byteOffset).toBe(16);
    store.settle();
    const filled = store.set("b.md#0", "b.md", vec(5, 5))!;
    expect([...rows]).toEqual([1, 0, 5, 5, 0, 1]);
    expect(filled.byteOffset).toBe(8);
  });

  it("frees a note's number with its last vector", () => {
    const store = new VectorStore(1, () => 0);
    store.set("a.md#0", "a.md", vec(1));
    store.set("a.md#1", "a.md", vec(1));
    store.delete("a.md#0");
    expect(store.notes.numberOfPath("a.md")).toBe(0);
    store.delete("a.md#1");
    expect(store.notes.numberOfPath("a.md")).toBeUndefined();
    store.set("b.md#0", "b.md", vec(1));
    expect(store.notes.numberOfPath("b.md")).toBe(0);
  });
});
