import { describe, expect, it } from "vitest";
import { MemoryFileStore, storeWith, type StoreOp } from "../memory-file-store";
import { SegmentWriter, type SaveRequest } from "../../../../src/core/persist/segments/segment-writer";
import { loadSegments } from "../../../../src/core/persist/segments/segment-load";
import { CHUNKING, loadedContent, MODEL, modelContent, sourceOf, type ModelNote } from "./segment-fixtures";

/** The content as one comparable string, in path order. */
const text = (content: Map<string, unknown>): string => JSON.stringify([...content].sort(([a], [b]) => (a < b ? -1 : 1)));

const note = (path: string, mtime: number, ...texts: string[]): ModelNote => ({ path, mtime, texts });

/** A folder after a first full save and eight one-note saves (so a compaction is due), and the notes it holds. */
async function savedFolder(): Promise<{ files: Map<string, Uint8Array>; notes: Map<string, ModelNote> }> {
  const store = new MemoryFileStore();
  const writer = new SegmentWriter(store, "idx", { writer: "a", targetBytes: 1500 });
  const notes = new Map<string, ModelNote>();
  for (let i = 0; i < 16; i++) notes.set(`n${i}.md`, note(`n${i}.md`, 1000 + i, `text ${i}`, `more ${i}`));
  await writer.save(sourceOf(notes), { changed: "all" });
  for (let i = 0; i < 8; i++) {
    notes.set(`n${i}.md`, note(`n${i}.md`, 2000 + i, `edited ${i}`));
    await writer.save(sourceOf(notes), { changed: new Set([`n${i}.md`]) });
  }
  return { files: store.snapshotFiles(), notes };
}

/** A writer over `store` that starts from what is on disk, as after a restart. */
async function reopened(store: MemoryFileStore): Promise<SegmentWriter> {
  const writer = new SegmentWriter(store, "idx", { writer: "b", targetBytes: 1500, graceMs: 0 });
  const loaded = await loadSegments(store, "idx", { model: MODEL, chunkingHash: CHUNKING });
  if (loaded.kind !== "loaded") throw new Error(loaded.kind);
  writer.adopt(loaded.state);
  return writer;
}

type Operation = { name: string; change: (notes: Map<string, ModelNote>) => void; request: SaveRequest };

const operations: Operation[] = [
  {
    name: "a save of an edit, a new note and a removal",
    change: (notes) => {
      notes.set("n9.md", note("n9.md", 3000, "edited again"));
      notes.set("new.md", note("new.md", 3001, "new text"));
      notes.delete("n10.md");
    },
    request: { changed: new Set(["n9.md", "new.md", "n10.md"]) },
  },
  { name: "a compaction", change: () => undefined, request: { changed: new Set(), compact: true } },
];

describe("segmented index under faults", () => {
  for (const op of operations) {
    for (const renameReplaces of [true, false]) {
      const how = renameReplaces ? "rename replaces" : "rename refuses to replace (Obsidian)";
      it(`loads the last good manifest when the process dies at any step of ${op.name} (${how})`, async () => {
        const { files, notes: before } = await savedFolder();
        const after = new Map(before);
        op.change(after);
        const seen = new Set<string>();
        for (let k = 0; ; k++) {
          const store = storeWith(files);
          store.renameReplaces = renameReplaces;
          const writer = await reopened(store);
          store.crashAfter = k;
          const outcome = await Promise.race([writer.save(sourceOf(after, 1_760_000_000_000), op.request), store.crashed.then(() => "crashed" as const)]);
          const loaded = await loadedContent(storeWith(store.snapshotFiles()));
          const old = text(modelContent(before));
          const now = text(loaded);
          const fresh = text(modelContent(after));
          expect([old, fresh]).toContain(now);
          seen.add(now === old ? "old" : "new");
          if (outcome !== "crashed") {
            expect(outcome.ok).toBe(true);
            expect(now).toBe(fresh);
            break;
          }
        }
        if (op.request.changed instanceof Set && op.request.changed.size > 0) expect(seen).toEqual(new Set(["old", "new"]));
      });

      it(`keeps the last good manifest when any write, rename or delete of ${op.name} fails, and the retry saves (${how})`, async () => {
        const { files, notes: before } = await savedFolder();
        const after = new Map(before);
        op.change(after);
        for (let k = 0; ; k++) {
          const store = storeWith(files);
          store.renameReplaces = renameReplaces;
          const writer = await reopened(store);
          let count = 0;
          store.failWhen = (kind: StoreOp) => kind !== "read" && kind !== "list" && count++ === k;
          const outcome = await writer.save(sourceOf(after, 1_760_000_000_000), op.request);
          const loaded = text(await loadedContent(storeWith(store.snapshotFiles())));
          // Replacing the manifest where rename can't replace is remove, then rename: when that rename fails, the
          // complete temp file is the last good manifest, and it is the new one.
          if (!outcome.ok) expect(renameReplaces ? [text(modelContent(before))] : [text(modelContent(before)), text(modelContent(after))]).toContain(loaded);
          store.failWhen = () => false;
          const retried = outcome.ok ? outcome : await writer.save(sourceOf(after, 1_760_000_000_001), op.request);
          expect(retried.ok).toBe(true);
          expect(await loadedContent(storeWith(store.snapshotFiles()))).toEqual(modelContent(after));
          if (count <= k) break;
        }
      });
    }
  }
});
