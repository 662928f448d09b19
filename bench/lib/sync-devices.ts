import { cpSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, appendFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FolderNoteSource } from "../../src/cli/node/folder-note-source";
import { NodeFileStore } from "../../src/cli/node/node-file-store";
import { IndexService } from "../../src/core/sync/control/index-service";
import type { IndexSettings } from "../../src/core/sync/rules/index-settings";
import { CountingStore } from "./counting-store";
import type { HashEmbedder } from "./sync-embedder";
import { since } from "./sync-measure";

/** What the two-device scenario measured. */
export interface TwoDeviceResult {
  /** The second device opens the index the first one wrote (copied whole, as a sync tool does): embedding calls and time. */
  secondOpenEmbedCalls: number;
  secondOpenMs: number;
  /** Bytes written by each device's save of its 5 edits. */
  editSaveBytes: [number, number];
  /** Index bytes the sync tool then copies from each device to the other (new segments and the manifest). */
  copiedBytes: [number, number];
  /** Manifest conflict copies left by the sync tool, merged at the next open. */
  conflictCopies: number;
  /** Embedding calls on both devices when they open after the exchange (every vector was in a copied segment). */
  afterConflictEmbedCalls: number;
  /** Conflict copies left in either folder after both devices saved. */
  conflictCopiesLeft: number;
  /**
   * B keeps running while A edits 5 more notes and saves, and the tool brings the notes and A's new files to B:
   * texts B sends to the embedder for them (its vectors are in A's segment), and texts the edits made on A.
   */
  whileRunning: { embeddedOnB: number; embeddedOnA: number };
  /** Notes each device's index holds at the end, against the notes the single-device index held. */
  notes: [number, number];
  files: [number, number];
}

/** The index folder inside a vault, as bench/sync.ts lays it out (set by `twoDevices`). */
let DATA = "";

/**
 * Two copies of a vault sharing one index through a sync tool: device B gets A's whole folder, then both edit 5
 * notes each while apart and save; the tool copies the notes and index files across with a lag, keeping the other
 * device's manifest as a conflict copy (Syncthing's name on B, Dropbox's on A) since both changed it. Both open again.
 */
export async function twoDevices(
  vaultDir: string,
  dataRel: string,
  notes: string[],
  settings: IndexSettings,
  embedder: HashEmbedder,
  indexedNotes: number,
): Promise<TwoDeviceResult> {
  DATA = dataRel;
  const root = mkdtempSync(join(tmpdir(), "hvs-bench-devices-"));
  const [a, b] = [join(root, "a"), join(root, "b")];
  try {
    cpSync(vaultDir, a, { recursive: true, preserveTimestamps: true });
    const stores = [new CountingStore(new NodeFileStore()), new CountingStore(new NodeFileStore())] as const;
    const service = (dir: string, store: CountingStore) =>
      new IndexService({ source: new FolderNoteSource(dir), store, dataDir: `${dir.split("\\").join("/")}/${DATA}`, settings: { ...settings, idleSaveMs: 600_000 }, embedder, notify: () => undefined });
    // Edits are made while the device's app is closed; opening reconciles them, closing saves.
    const session = async (dir: string, store: CountingStore, edit?: () => void): Promise<number> => {
      edit?.();
      const before = store.bytesWritten;
      const s = service(dir, store);
      await s.start();
      await s.whenIdle();
      await s.stop();
      return store.bytesWritten - before;
    };
    // A has the index (the benchmark's vault); B gets the whole folder from the sync tool.
    await session(a, stores[0]);
    cpSync(a, b, { recursive: true, preserveTimestamps: true });
    const calls0 = embedder.documentCalls;
    const t0 = performance.now();
    await session(b, stores[1]);
    const secondOpenMs = since(t0);
    const secondOpenEmbedCalls = embedder.documentCalls - calls0;
    // Apart: each edits five notes of its own and saves.
    const before = [snapshotIndex(a), snapshotIndex(b)] as const;
    const edits = (dir: string, from: number, tag: string) => () => {
      for (let i = 0; i < 5; i++) appendFileSync(join(dir, notes[from + i] ?? ""), `\n\nEdited on device ${tag}: zq${tag}${i}\n`);
    };
    const mid = Math.floor(notes.length / 2);
    const editSaveBytes: [number, number] = [await session(a, stores[0], edits(a, 0, "a")), await session(b, stores[1], edits(b, mid, "b"))];
    // The tool copies the edited notes and the new index files across; the manifests changed on both: conflict copies.
    const copiedBytes: [number, number] = [copyChanges(a, b, before[0], mid, "index-manifest.sync-conflict-20261126-181502-BENCHAA.bin", notes, 0), copyChanges(b, a, before[1], mid, "index-manifest (Device B's conflicted copy 2026-11-26).bin", notes, mid)];
    const conflictCopies = countConflicts(a) + countConflicts(b);
    const calls1 = embedder.documentCalls;
    await session(a, stores[0]);
    await session(b, stores[1]);
    const afterConflictEmbedCalls = embedder.documentCalls - calls1;
    const whileRunning = await editWhileRunning(a, b, stores, service, session, notes, embedder);
    const count = async (dir: string, store: CountingStore): Promise<number> => {
      const s = service(dir, store);
      await s.start();
      await s.whenIdle();
      const n = s.status().notes;
      await s.stop();
      return n;
    };
    return {
      secondOpenEmbedCalls,
      secondOpenMs,
      editSaveBytes,
      copiedBytes,
      conflictCopies,
      afterConflictEmbedCalls,
      conflictCopiesLeft: countConflicts(a) + countConflicts(b),
      whileRunning,
      notes: [await count(a, stores[0]), await count(b, stores[1])],
      files: [indexedNotes, indexedNotes],
    };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** B runs; A edits five notes of B's first five (closed app) and saves; the tool copies them to B, which reindexes. */
async function editWhileRunning(
  a: string,
  b: string,
  stores: readonly [CountingStore, CountingStore],
  service: (dir: string, store: CountingStore) => IndexService,
  session: (dir: string, store: CountingStore, edit?: () => void) => Promise<number>,
  notes: string[],
  embedder: HashEmbedder,
): Promise<{ embeddedOnB: number; embeddedOnA: number }> {
  const running = service(b, stores[1]);
  await running.start();
  await running.whenIdle();
  const before = snapshotIndex(a);
  const texts0 = embedder.documentTexts;
  await session(a, stores[0], () => {
    for (let i = 0; i < 5; i++) appendFileSync(join(a, notes[i] ?? ""), `\n\nEdited on device a while b runs: zqrun${i}\n`);
  });
  const texts1 = embedder.documentTexts;
  copyChanges(a, b, before, 0, "index-manifest 2.bin", notes, 0);
  for (let i = 0; i < 5; i++) running.enqueue({ kind: "upsert", path: notes[i] ?? "" });
  await running.flush();
  await running.whenIdle();
  const embeddedOnB = embedder.documentTexts - texts1;
  await running.stop();
  return { embeddedOnB, embeddedOnA: texts1 - texts0 };
}

function snapshotIndex(dir: string): Map<string, number> {
  const folder = join(dir, DATA);
  return new Map(readdirSync(folder).map((n) => [n, statSync(join(folder, n)).mtimeMs]));
}

/** Copies the five edited notes from `from` and the index files that changed since `before`; returns the index bytes. */
function copyChanges(from: string, to: string, before: Map<string, number>, _mid: number, conflictName: string, notes: string[], first: number): number {
  for (let i = 0; i < 5; i++) cpSync(join(from, notes[first + i] ?? ""), join(to, notes[first + i] ?? ""), { preserveTimestamps: true });
  const src = join(from, DATA);
  let bytes = 0;
  for (const name of readdirSync(src)) {
    if (!name.startsWith("index-") || name.endsWith(".tmp") || before.get(name) === statSync(join(src, name)).mtimeMs) continue;
    const data = readFileSync(join(src, name));
    bytes += data.length;
    writeFileSync(join(to, DATA, name === "index-manifest.bin" ? conflictName : name), data);
  }
  return bytes;
}

function countConflicts(dir: string): number {
  return readdirSync(join(dir, DATA)).filter((n) => n.startsWith("index-manifest") && n !== "index-manifest.bin" && !n.endsWith(".tmp")).length;
}
