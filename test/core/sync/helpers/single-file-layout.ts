import { saveIndexFiles } from "../../../../src/core/persist/index-files";
import { loadSegments } from "../../../../src/core/persist/segments/segment-load";
import type { IndexSnapshot } from "../../../../src/core/persist/snapshot";
import type { MemoryFileStore } from "../../persist/memory-file-store";
import type { FileStore } from "../../../../src/core/persist/file-store";
import { MANIFEST_FILE, parseSegmentName } from "../../../../src/core/persist/segments/segment-names";
import { decodeManifest } from "../../../../src/core/persist/segments/manifest";

/** The index saved in `dir` as one snapshot, whatever settings it was built with. */
export async function savedSnapshot(store: FileStore, dir: string): Promise<IndexSnapshot> {
  // Expectations that can't match: the intact snapshot comes back as `reusable`, header and all.
  const loaded = await loadSegments(store, dir, { model: "\u0000", chunkingHash: "\u0000" });
  const s = loaded.kind === "discarded" ? loaded.reusable : undefined;
  if (!s) throw new Error(`no segmented index in ${dir}: ${loaded.kind}`);
  return s;
}

/**
 * Rewrites the segmented index in `dir` as the single-file layout every index had before segments (index-meta.bin
 * and index-vectors.bin, no keyword postings), `change`d first: what a vault indexed by an older version holds.
 */
export async function toSingleFileLayout(store: FileStore, dir: string, change: (s: IndexSnapshot) => IndexSnapshot = (s) => s): Promise<void> {
  const { keywordParts: _parts, ...s } = await savedSnapshot(store, dir);
  const saved = await saveIndexFiles(store, dir, change(s));
  if (!saved.ok) throw new Error(saved.error.message);
  const listed = await store.list(dir);
  if (!listed.ok) throw new Error(listed.error.message);
  for (const name of listed.value) {
    if (name === MANIFEST_FILE || parseSegmentName(name)) await store.remove(`${dir}/${name}`);
  }
}

/** The precision the saved index keeps its vectors in, and the bytes of its live segments. */
export function savedSegments(store: MemoryFileStore, dir: string): { precision: string; bytes: number } {
  const bytes = store.files.get(`${dir}/${MANIFEST_FILE}`);
  if (!bytes) throw new Error("no manifest");
  const m = decodeManifest(bytes);
  if (!m.ok) throw new Error(m.error.message);
  return { precision: m.value.header.vectorPrecision, bytes: m.value.segments.reduce((a, s) => a + s.bytes, 0) };
}
