import { describe, expect, it } from "vitest";
import { IndexService } from "../../../../src/core/sync/control/index-service";
import { resolveIndexSettings } from "../../../../src/core/sync/rules/index-settings";
import { MANIFEST_FILE } from "../../../../src/core/persist/segments/segment-names";
import { MemoryFileStore } from "../../persist/memory-file-store";
import { CountingEmbedder } from "../helpers/counting-embedder";
import { dumpIndex } from "../helpers/harness";
import { MemoryNoteSource } from "../helpers/memory-note-source";
import { TestScheduler } from "../helpers/test-scheduler";
import { seededRandom } from "../../../fakes/seeded-random";

const DIR = "vault/plugin-data";
const settings = resolveIndexSettings({ excludeTags: [], checkpointEvery: 1_000_000, chunk: { maxTokens: 40, overlapRatio: 0 } });

/** Conflict copies as the sync tools name them. */
const CONFLICT_NAMES = [
  (n: number) => `index-manifest.sync-conflict-20261126-1815${String(n % 60).padStart(2, "0")}-ABCDEF7.bin`,
  (n: number) => `index-manifest (Device ${n}'s conflicted copy 2026-11-26).bin`,
  (n: number) => `index-manifest ${n + 2}.bin`,
];

interface Device {
  name: string;
  vault: MemoryNoteSource;
  disk: MemoryFileStore;
  /** What this device's files were when the sync tool last took or gave them: a change since is this device's. */
  synced: Map<string, Uint8Array | string>;
  /** The version of each index file this device last got from the other one (what its own versions build on). */
  received: Map<string, Uint8Array>;
}

/** One file change on its way from one device to the other. */
interface Copy {
  kind: "note" | "index";
  path: string;
  /** undefined: the file was deleted. */
  data: { text: string; mtime: number } | Uint8Array | undefined;
  /** The receiver's version the sender had when it made this one: if the receiver still has it, no conflict. */
  base?: Uint8Array;
}

/**
 * A sync tool between two devices: it sees what changed in each device's vault and index folder since it last
 * looked, and delivers those changes to the other device in order, `lag` rounds later. When both sides changed the
 * manifest, the incoming one is kept as a conflict copy, named the way Syncthing, Dropbox or iCloud name theirs.
 */
class SyncTool {
  private readonly queues = new Map<Device, { due: number; copies: Copy[] }[]>();
  private conflicts = 0;

  /** `indexFirst`: the index files of a change reach the other device a round before its notes. */
  constructor(private readonly indexFirst = false) {}

  /** Picks up what `from` changed; it reaches `to` after `lag` rounds (in order behind what is already on the way). */
  collect(from: Device, to: Device, round: number, lag: number): void {
    const copies: Copy[] = [];
    for (const [path, file] of from.vault.files) {
      const seen = from.synced.get(`note:${path}`);
      if (seen !== `${file.mtime}:${file.text}`) copies.push({ kind: "note", path, data: { ...file } });
      from.synced.set(`note:${path}`, `${file.mtime}:${file.text}`);
    }
    for (const key of [...from.synced.keys()]) {
      if (key.startsWith("note:") && !from.vault.files.has(key.slice(5))) {
        copies.push({ kind: "note", path: key.slice(5), data: undefined });
        from.synced.delete(key);
      }
    }
    for (const [path, bytes] of from.disk.files) {
      if (!path.startsWith(`${DIR}/`) || path.endsWith(".tmp") || path.endsWith(".lock")) continue;
      if (from.synced.get(path) === bytes) continue;
      const base = from.received.get(path);
      copies.push({ kind: "index", path, data: bytes, ...(base ? { base } : {}) });
      from.synced.set(path, bytes);
    }
    for (const key of [...from.synced.keys()]) {
      if (key.startsWith(`${DIR}/`) && !from.disk.files.has(key)) {
        copies.push({ kind: "index", path: key, data: undefined });
        from.synced.delete(key);
      }
    }
    const queue = this.queues.get(to) ?? [];
    this.queues.set(to, queue);
    const due = Math.max(round + lag, queue[queue.length - 1]?.due ?? 0);
    if (this.indexFirst) {
      const [index, notes] = [copies.filter((c) => c.kind === "index"), copies.filter((c) => c.kind === "note")];
      if (index.length > 0) queue.push({ due, copies: index });
      if (notes.length > 0) queue.push({ due: due + 1, copies: notes });
    } else if (copies.length > 0) queue.push({ due, copies });
  }

  /** Delivers to `to` every batch due by `round` (all of them when `round` is Infinity). */
  deliver(to: Device, round: number): void {
    const queue = this.queues.get(to) ?? [];
    while (queue.length > 0 && (queue[0]?.due ?? 0) <= round) {
      for (const c of queue.shift()?.copies ?? []) this.apply(to, c);
    }
  }

  private apply(to: Device, c: Copy): void {
    if (c.kind === "note") {
      if (c.data === undefined) to.vault.files.delete(c.path);
      else if (!(c.data instanceof Uint8Array)) to.vault.files.set(c.path, { ...c.data });
      const file = to.vault.files.get(c.path);
      if (file) to.synced.set(`note:${c.path}`, `${file.mtime}:${file.text}`);
      else to.synced.delete(`note:${c.path}`);
      return;
    }
    if (c.data === undefined || !(c.data instanceof Uint8Array)) {
      to.disk.files.delete(c.path);
      to.synced.delete(c.path);
      return;
    }
    const mine = to.disk.files.get(c.path);
    // Versions as sync tools track them: the incoming one replaces this device's only if it was made from it.
    const concurrent = mine !== undefined && mine !== c.base && mine !== to.received.get(c.path);
    if (c.path.endsWith(`/${MANIFEST_FILE}`) && concurrent) {
      const name = CONFLICT_NAMES[this.conflicts % CONFLICT_NAMES.length]?.(this.conflicts) ?? "";
      this.conflicts++;
      to.disk.files.set(`${DIR}/${name}`, c.data);
      to.synced.set(`${DIR}/${name}`, c.data);
      return;
    }
    to.disk.files.set(c.path, c.data);
    to.synced.set(c.path, c.data);
    to.received.set(c.path, c.data);
  }

  get conflictCopies(): number {
    return this.conflicts;
  }
}

/**
 * Seeds run: 1–6, and 61 and 110, where a sync tool brings back a version of a note that lost a merge and a text was
 * embedded again (before the load kept where such rows are). `TWO_DEVICES_SEEDS=7-1000 npx vitest run …` explores a
 * range instead, in both delivery orders; a failure names its seed. (Some explored seeds make no conflict copy, and
 * fail that last check.)
 */
function seeds(): number[] {
  const range = process.env.TWO_DEVICES_SEEDS;
  if (range === undefined) return [1, 2, 3, 4, 5, 6, 61, 110];
  const [from = 1, to = from] = range.split("-").map(Number);
  return Array.from({ length: Math.max(1, to - from + 1) }, (_, i) => from + i);
}

describe("two devices sharing an index through a sync tool", () => {
  // Index files first: a device starts between a change's manifest and its notes, so its index rolls back to the
  // older notes on disk, then forward again. Seeds 12, 15 and 16 embedded texts again before dead rows were kept.
  const indexFirst = process.env.TWO_DEVICES_SEEDS === undefined ? [12, 15, 16] : seeds();
  const runs = [...seeds().map((seed) => ({ seed, indexFirst: false })), ...indexFirst.map((seed) => ({ seed, indexFirst: true }))];
  for (const { seed, indexFirst } of runs) {
    it(`ends where a rebuild from scratch would, embedding no text twice (seed ${seed}${indexFirst ? ", index files first" : ""})`, async () => {
      const rand = seededRandom(seed);
      const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;
      const embedder = new CountingEmbedder("counting-embed", 8);
      let clock = 1_700_000_000_000;
      let mtime = 1_000;
      let edits = 0;
      const device = (name: string): Device => ({ name, vault: new MemoryNoteSource(), disk: new MemoryFileStore(), synced: new Map(), received: new Map() });
      const devices = [device("a"), device("b")] as const;
      const service = (d: Device) =>
        new IndexService({ source: d.vault, store: d.disk, dataDir: DIR, settings, embedder, scheduler: new TestScheduler(), clock: () => (clock += 1000), notify: () => undefined });
      const session = async (d: Device): Promise<void> => {
        const s = service(d);
        await s.start();
        await s.whenIdle();
        await s.stop();
      };
      const text = (title: string) => `# ${title}\n\n${Array.from({ length: 1 + Math.floor(rand() * 4) }, () => `Paragraph ${++edits} about ${pick(["tomatoes", "rivers", "engines", "poems"])} and more.`).join("\n\n")}\n`;
      const sync = new SyncTool(indexFirst);
      // Both devices start from the same vault, indexed on the first and synced whole to the second.
      for (let i = 0; i < 6; i++) devices[0].vault.files.set(`n${i}.md`, { text: text(`Note ${i}`), mtime: ++mtime });
      await session(devices[0]);
      sync.collect(devices[0], devices[1], 0, 0);
      sync.deliver(devices[1], 0);
      for (let round = 1; round <= 24; round++) {
        const d = pick(devices);
        const other = d === devices[0] ? devices[1] : devices[0];
        sync.deliver(d, round);
        const paths = [...d.vault.files.keys()];
        const op = rand();
        if (op < 0.45 || paths.length < 3) {
          const path = rand() < 0.5 || paths.length === 0 ? `${d.name}${round}.md` : pick(paths);
          d.vault.files.set(path, { text: text(path), mtime: ++mtime });
        } else if (op < 0.7) {
          const from = pick(paths);
          const file = d.vault.files.get(from);
          if (file) {
            d.vault.files.delete(from);
            d.vault.files.set(`${d.name}-renamed-${round}.md`, file);
          }
        } else {
          d.vault.files.delete(pick(paths));
        }
        await session(d);
        sync.collect(d, other, round, Math.floor(rand() * 3));
      }
      // The tool catches up both ways; each device then runs until nothing changes.
      for (let pass = 0; pass < 2; pass++) {
        for (const d of devices) {
          const other = d === devices[0] ? devices[1] : devices[0];
          sync.deliver(d, Infinity);
          await session(d);
          sync.collect(d, other, 100 + pass, 0);
        }
      }
      for (const d of devices) {
        const s = service(d);
        await s.start();
        await s.whenIdle();
        const rebuild = new IndexService({ source: d.vault, store: new MemoryFileStore(), dataDir: DIR, settings, embedder: new CountingEmbedder("counting-embed", 8), scheduler: new TestScheduler(), notify: () => undefined });
        await rebuild.start();
        await rebuild.whenIdle();
        expect(dumpIndex(s)).toEqual(dumpIndex(rebuild));
        await s.stop();
        await rebuild.stop();
        // Conflict copies were merged and removed by the device's saves.
        expect([...d.disk.files.keys()].filter((p) => /conflict|manifest \d/.test(p))).toEqual([]);
      }
      const twice = embedder.inputs.filter((t, i) => embedder.inputs.indexOf(t) !== i);
      expect(twice).toEqual([]);
      expect(sync.conflictCopies).toBeGreaterThan(0);
    });
  }
});
