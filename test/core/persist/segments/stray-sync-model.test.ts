import { describe, expect, it } from "vitest";
import { MemoryFileStore, type StoreOp } from "../memory-file-store";
import { SegmentWriter } from "../../../../src/core/persist/segments/segment-writer";
import { loadSegments } from "../../../../src/core/persist/segments/segment-load";
import { MANIFEST_FILE, MANIFEST_TEMP, parseSegmentName } from "../../../../src/core/persist/segments/segment-names";
import { DEFAULT_STRAY_GRACE_MS } from "../../../../src/core/persist/segments/stray-segments";
import { CHUNKING, contentOf, MODEL, sourceOf, type ModelNote } from "./segment-fixtures";
import { SyncedDevice, syncAll } from "./sync-tool";
import { manifestsOn, prng, sameBytes, versionsOf } from "./stray-model-checks";

/**
 * A model-based test of the deletion of stray segments: three devices, each with its own folder, writer and clock,
 * edit and save notes while a sync tool copies the index's files among them late and in any order (segments before or
 * after the manifest that names them, manifests as conflict copies, deletions late). Saves fail part-way, devices
 * restart. The sync tool is never later than `LATE` (it catches up fully before the clocks pass that): a segment
 * whose manifest takes longer than the grace time to arrive is deleted by design.
 */
const SEEDS = 200;
const STEPS = 30;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const GRACE = DEFAULT_STRAY_GRACE_MS;
const LATE = 20 * HOUR;
const PATHS = ["a.md", "b.md", "c.md", "d.md", "e.md", "f.md", "g.md", "h.md"];

interface Device {
  name: string;
  store: MemoryFileStore;
  sync: SyncedDevice;
  writer: SegmentWriter;
  process: number;
  /** Minutes this device's clock is off by. */
  skew: number;
  /** The notes as this device's index holds them in memory (what a save reads). */
  notes: Map<string, ModelNote>;
  /** Edited since the last successful save. */
  dirty: Set<string>;
}

class World {
  real = 1_800_000_000_000;
  lastFullSync = this.real;
  mtime = 10_000;
  readonly devices: Device[] = [];
  readonly problems: string[] = [];
  /** The newest version (mtime) of each note that some device saved: once every file is synced, every load has it. */
  readonly newest = new Map<string, number>();
  readonly log: string[] = [];
  counts = { steps: 0, checked: 0, segmentDeletes: 0, ghostLoads: 0 };

  constructor(readonly rng: () => number) {}

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.rng() * items.length)] as T;
  }

  async addDevice(i: number, files: Map<string, Uint8Array>, notes: Map<string, ModelNote>): Promise<void> {
    const store = new MemoryFileStore();
    for (const [k, v] of files) store.files.set(k, v.slice());
    const mark = ["SYNCA", "SYNCB", "SYNCC"][i] ?? "SYNCX";
    const copyName = i === 1 ? (n: number) => `index-manifest ${n + 1}.bin` : (n: number) => `index-manifest.sync-conflict-20261127-${String(n).padStart(6, "0")}-${mark}.bin`;
    const d: Device = { name: `d${i}`, store, sync: new SyncedDevice(`d${i}`, store, copyName, () => this.rng() < 0.5), writer: undefined as unknown as SegmentWriter, process: 0, skew: Math.round((this.rng() - 0.5) * 10), notes: new Map(notes), dirty: new Set() };
    for (const n of notes.values()) this.newest.set(n.path, n.mtime);
    this.guardRemovals(d);
    this.devices.push(d);
    await this.restart(d);
  }

  /** Every deletion the writer makes of a segment that a manifest on the same disk names is a problem. */
  private guardRemovals(d: Device): void {
    const remove = d.store.remove.bind(d.store);
    d.store.remove = (path: string) => {
      const name = path.slice("idx/".length);
      if (parseSegmentName(name) && d.store.files.has(path)) {
        for (const [file, named] of manifestsOn(d.store)) if (named.has(name)) this.problems.push(`${d.name} deleted ${name}, named by its ${file}`);
        this.counts.segmentDeletes++;
        this.log.push(`  ${d.name} deletes ${name}`);
      }
      return remove(path);
    };
  }

  async restart(d: Device): Promise<void> {
    d.process++;
    d.writer = new SegmentWriter(d.store, "idx", { writer: `${d.name}p${d.process}`, now: () => this.real + d.skew * MINUTE, targetBytes: 600 });
    const loaded = await loadSegments(d.store, "idx", { model: MODEL, chunkingHash: CHUNKING });
    if (loaded.kind !== "loaded") return void this.problems.push(`${d.name} could not load at restart: ${loaded.kind}`);
    d.writer.adopt(loaded.state);
    // The index in memory is what loaded, plus the edits not saved yet (the plugin finds them changed on disk).
    for (const [path, c] of contentOf(loaded.snapshot)) {
      const mine = d.notes.get(path);
      if (!mine || mine.mtime < c.mtime) d.notes.set(path, { path, mtime: c.mtime, texts: c.texts });
    }
  }

  async save(d: Device, faults = true): Promise<void> {
    const fault = faults && this.rng() < 0.2 ? this.pick(["segment", "manifest", "rename", "remove", "list"] as const) : undefined;
    let writes = 0;
    const failAt = Math.floor(this.rng() * 2);
    d.store.failWhen = (op: StoreOp, path: string) => {
      if (fault === "segment") return op === "write" && path.includes("index-seg-") && writes++ === failAt;
      if (fault === "manifest") return op === "write" && path.endsWith(MANIFEST_TEMP);
      if (fault === "rename") return op === "rename" && path.endsWith(MANIFEST_TEMP);
      return op === fault && (fault !== "remove" || path.includes("index-seg-"));
    };
    const saved = await d.writer.save(sourceOf(d.notes, this.real + d.skew * MINUTE), { changed: new Set(d.dirty) });
    d.store.failWhen = () => false;
    this.log.push(`  ${d.name} save ${[...d.dirty].join(",")} fault=${fault ?? "-"} → ${saved.ok ? "ok" : "failed"}`);
    if (!saved.ok) {
      if (this.rng() < 0.5) await this.restart(d);
      return;
    }
    d.dirty.clear();
    for (const n of d.notes.values()) this.newest.set(n.path, Math.max(n.mtime, this.newest.get(n.path) ?? 0));
  }

  edit(d: Device): void {
    for (let k = 1 + Math.floor(this.rng() * 2); k > 0; k--) {
      const path = this.pick(PATHS);
      const mtime = ++this.mtime;
      const texts = Array.from({ length: 1 + Math.floor(this.rng() * 3) }, (_, i) => `${path} by ${d.name} at ${mtime} part ${i}`);
      d.notes.set(path, { path, mtime, texts });
      d.dirty.add(path);
    }
  }

  /** The sync tool carries some of one device's files to another, in any order. */
  partialSync(): void {
    const from = this.pick(this.devices);
    const to = this.pick(this.devices.filter((x) => x !== from));
    const paths = from.sync.paths().filter(() => this.rng() < 0.5).sort(() => this.rng() - 0.5);
    const moved: string[] = [];
    for (const p of paths) {
      const had = to.store.files.get(p);
      to.sync.receive(from.sync, p);
      const has = to.store.files.get(p);
      if (had !== has) moved.push(`${has ? "+" : "-"}${p.slice(4)}`);
    }
    this.log.push(`  sync ${from.name}→${to.name}: ${moved.join(" ")}`);
  }

  advance(ms: number): void {
    if (this.real + ms - this.lastFullSync > LATE) this.fullSync();
    this.real += ms;
    this.log.push(`  +${Math.round(ms / MINUTE)} min`);
  }

  fullSync(): void {
    syncAll(this.devices.map((d) => d.sync));
    this.lastFullSync = this.real;
    this.log.push("  full sync");
  }

  /**
   * What each device would load if the sync tool caught up now (done on copies of the disks): every note at the
   * newest version any device saved. Checked after every step; a segment deleted too early shows up here.
   */
  async check(): Promise<void> {
    const stores = this.devices.map((d) => {
      const store = new MemoryFileStore();
      for (const [k, v] of d.store.files) store.files.set(k, v);
      return store;
    });
    syncAll(this.devices.map((d, i) => d.sync.cloneOnto(stores[i] as MemoryFileStore)));
    // Synced, the disks hold the same files (but for a temp file a failed save left, which loading ignores beside a
    // manifest): one load tells for all.
    const [first, ...rest] = stores.map((store) => [...store.files].filter(([k]) => !k.endsWith(".tmp")).sort(([a], [b]) => (a < b ? -1 : 1)));
    if (rest.some((files) => files.length !== first?.length || files.some(([k, v], i) => first[i]?.[0] !== k || !sameBytes(first[i]?.[1], v)))) this.problems.push("the sync tool did not converge");
    await this.expectNewest(stores[0] as MemoryFileStore, "every device (once synced)");
  }

  private async expectNewest(store: MemoryFileStore, who: string): Promise<Map<string, number> | undefined> {
    this.counts.checked++;
    const loaded = await loadSegments(store, "idx", { model: MODEL, chunkingHash: CHUNKING });
    if (loaded.kind !== "loaded") return void this.problems.push(`${who} does not load: ${loaded.kind}`);
    if (loaded.damaged > 0) this.problems.push(`${who}: ${loaded.damaged} damaged segments`);
    // A segment listed and gone once synced (a device idle for over a day missed its retirement: ARCHITECTURE.md,
    // Compaction) loses nothing, as the notes below show; it is counted, not failed.
    if (loaded.absent > 0) this.counts.ghostLoads++;
    const content = versionsOf(loaded.snapshot, (problem) => this.problems.push(`${who}: ${problem}`));
    for (const [path, mtime] of this.newest) {
      const got = content.get(path);
      if (got !== mtime) this.problems.push(`${who} has ${path} at ${got ?? "nothing"}, newest saved ${mtime}`);
    }
    return content;
  }

  async step(): Promise<void> {
    this.counts.steps++;
    const r = this.rng();
    const d = this.pick(this.devices);
    if (r < 0.35) {
      this.edit(d);
      this.log.push(`${d.name} edits ${[...d.dirty].join(",")}`);
      if (this.rng() < 0.8) await this.save(d);
    } else if (r < 0.45) await this.save(d);
    else if (r < 0.55) {
      this.log.push(`${d.name} restarts`);
      await this.restart(d);
    } else if (r < 0.72) this.partialSync();
    else if (r < 0.82) {
      // One device saves on its own through a day (the others idle): what it saw as strays becomes due.
      this.log.push(`${d.name} alone for a day`);
      await this.save(d);
      this.advance(GRACE + Math.floor(this.rng() * 120) * MINUTE);
      await this.save(d);
    } else this.advance(this.pick([MINUTE, HOUR, 24 * HOUR]) * (1 + Math.floor(this.rng() * 3)) + Math.floor(this.rng() * 50) * MINUTE);
  }

  /** Everything synced, each device restarted and saved in turn, a day and more apart: no stray may be left. */
  async settle(): Promise<void> {
    for (let round = 0; round < 3; round++) {
      for (const d of this.devices) {
        this.fullSync();
        await this.restart(d);
        await this.save(d, false);
        this.fullSync();
        await this.check();
      }
      this.advance(GRACE + HOUR);
    }
    for (const d of this.devices) {
      await this.expectNewest(d.store, d.name);
      const named = manifestsOn(d.store).get(MANIFEST_FILE) ?? new Set();
      for (const path of d.store.files.keys()) {
        const name = path.slice("idx/".length);
        if (parseSegmentName(name) && !named.has(name)) this.problems.push(`${d.name} keeps stray ${name} after the grace time`);
      }
    }
  }
}

async function run(seed: number): Promise<World> {
  const world = new World(prng(seed));
  const origin = new MemoryFileStore();
  const notes = new Map(PATHS.map((p, i) => [p, { path: p, mtime: 1000 + i, texts: [`${p} first`] }]));
  await new SegmentWriter(origin, "idx", { writer: "origin", targetBytes: 600 }).save(sourceOf(notes), { changed: "all" });
  for (let i = 0; i < 3; i++) await world.addDevice(i, origin.files, notes);
  for (let s = 0; s < STEPS && world.problems.length === 0; s++) {
    await world.step();
    await world.check();
  }
  if (world.problems.length === 0) await world.settle();
  return world;
}

describe("stray segments under a late, out-of-order sync tool (model-based)", () => {
  it(`never deletes a named segment, loses no note version, and leaves no stray (${SEEDS} seeds × ${STEPS} steps)`, async () => {
    const totals = { steps: 0, checked: 0, segmentDeletes: 0, ghostLoads: 0 };
    // STRAY_MODEL_SEED=n replays one seed and prints its steps.
    const only = Number(process.env.STRAY_MODEL_SEED ?? 0);
    for (let seed = only || 1; seed <= (only || SEEDS); seed++) {
      const world = await run(seed);
      if (only) process.stdout.write(`${world.log.join("\n")}\n`);
      if (world.problems.length > 0) throw new Error(`seed ${seed} (replay with STRAY_MODEL_SEED=${seed}): ${world.problems.slice(0, 5).join("; ")}`);
      for (const k of Object.keys(totals) as (keyof typeof totals)[]) totals[k] += world.counts[k];
    }
    process.stdout.write(`stray-sync-model: ${SEEDS} seeds, ${JSON.stringify(totals)}\n`);
    expect(totals.checked).toBeGreaterThan(SEEDS * STEPS);
  }, 120_000);
});
