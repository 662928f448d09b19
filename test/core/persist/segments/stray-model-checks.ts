import type { MemoryFileStore } from "../memory-file-store";
import { decodeManifest } from "../../../../src/core/persist/segments/manifest";
import { conflictCopyOf, MANIFEST_FILE, MANIFEST_TEMP } from "../../../../src/core/persist/segments/segment-names";
import type { IndexSnapshot } from "../../../../src/core/persist/snapshot";
import { vectorOf } from "./segment-fixtures";
import { seededRandom } from "../../../fakes/seeded-random";

/** Helpers of the model-based test of strays (stray-sync-model.test.ts). */

/** A seeded PRNG, so that a failing seed replays exactly (see seeded-random.ts). */
export const prng = seededRandom;

/** Manifest files on a device's disk and the segments each names (the temp file only where loading would take it). */
export function manifestsOn(store: MemoryFileStore): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  const read = (file: string): Set<string> | undefined => {
    const bytes = store.files.get(`idx/${file}`);
    const m = bytes ? decodeManifest(bytes) : undefined;
    return m?.ok ? new Set(m.value.segments.map((s) => s.name)) : undefined;
  };
  for (const path of store.files.keys()) {
    const file = path.slice("idx/".length);
    if (file !== MANIFEST_FILE && conflictCopyOf(file)?.of !== MANIFEST_FILE) continue;
    const named = read(file);
    if (named) out.set(file, named);
  }
  const temp = out.has(MANIFEST_FILE) ? undefined : read(MANIFEST_TEMP);
  if (temp) out.set(MANIFEST_TEMP, temp);
  return out;
}

export const sameBytes = (a: Uint8Array | undefined, b: Uint8Array): boolean => a === b || (a?.length === b.length && a.every((x, i) => x === b[i]));

/** Each note's mtime in a loaded snapshot; a note twice, or a vector that is not its text's, is a problem. */
export function versionsOf(s: IndexSnapshot, problem: (text: string) => void): Map<string, number> {
  const out = new Map<string, number>();
  for (const n of s.notes) {
    if (out.has(n.path)) problem(`${n.path} loaded twice`);
    out.set(n.path, n.mtime);
    for (let c = n.chunkStart; c < n.chunkStart + n.chunkCount; c++) {
      const row = s.vectorPages?.rowOf(c);
      const want = vectorOf(s.chunks[c]?.text ?? "");
      if (!row || want.some((x, i) => row[i] !== x)) problem(`${n.path} has a wrong vector`);
    }
  }
  return out;
}
