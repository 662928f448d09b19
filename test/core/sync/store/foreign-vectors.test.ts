import { describe, expect, it } from "vitest";
import { IndexService } from "../../../../src/core/sync/control/index-service";
import { resolveIndexSettings } from "../../../../src/core/sync/rules/index-settings";
import { MANIFEST_FILE } from "../../../../src/core/persist/segments/segment-names";
import { MemoryFileStore } from "../../persist/memory-file-store";
import { CountingEmbedder } from "../helpers/counting-embedder";
import { dumpIndex, searchOver } from "../helpers/harness";
import { MemoryNoteSource } from "../helpers/memory-note-source";
import { TestScheduler } from "../helpers/test-scheduler";

const DIR = "vault/plugin-data";
const settings = resolveIndexSettings({ excludeTags: [], checkpointEvery: 1_000_000, chunk: { maxTokens: 40, overlapRatio: 0 } });

interface Device {
  vault: MemoryNoteSource;
  disk: MemoryFileStore;
}

const device = (): Device => ({ vault: new MemoryNoteSource(), disk: new MemoryFileStore() });

function service(d: Device, embedder: CountingEmbedder): IndexService {
  return new IndexService({ source: d.vault, store: d.disk, dataDir: DIR, settings, embedder, scheduler: new TestScheduler(), notify: () => undefined });
}

/** One run of the plugin on a device, from start to the save at its end. */
async function session(d: Device, embedder: CountingEmbedder): Promise<void> {
  const s = service(d, embedder);
  await s.start();
  await s.whenIdle();
  await s.stop();
}

/** What a sync tool copies from `from` to `to`: index files (the manifest under `manifestAs` when given). */
function copyIndexFiles(from: Device, to: Device, manifestAs?: string): void {
  for (const [path, bytes] of from.disk.files) {
    if (!path.startsWith(`${DIR}/`) || path.endsWith(".tmp") || path.endsWith(".lock")) continue;
    const name = path.endsWith(`/${MANIFEST_FILE}`) && manifestAs !== undefined ? `${DIR}/${manifestAs}` : path;
    if (!to.disk.files.has(name) || name.endsWith(MANIFEST_FILE) || name === `${DIR}/${manifestAs}`) to.disk.files.set(name, bytes.slice());
  }
}

function copyNote(from: Device, to: Device, path: string): void {
  const f = from.vault.files.get(path);
  if (f) to.vault.files.set(path, { ...f });
}

/** The sync tool brings these notes to the running device, whose vault watch tells its service. */
async function bringNotes(from: Device, to: Device, running: IndexService, paths: string[]): Promise<void> {
  for (const path of paths) {
    copyNote(from, to, path);
    running.enqueue({ kind: "upsert", path });
  }
  await running.flush();
  await running.whenIdle();
}

/**
 * Two devices, both running: the laptop edits, saves and its sync tool brings the note and the new segment to the
 * desktop while the desktop's plugin is running. The desktop must take the laptop's vectors instead of embedding the
 * same texts again.
 */
async function setUp(): Promise<{ laptop: Device; desktop: Device; embedder: CountingEmbedder; running: IndexService }> {
  const embedder = new CountingEmbedder("counting-embed", 8);
  const laptop = device();
  const desktop = device();
  laptop.vault.write("garden.md", "# Garden\n\nTomatoes need sun and water every morning.\n");
  laptop.vault.write("river.md", "# River\n\nThe river floods in spring after the snow melts.\n");
  await session(laptop, embedder);
  for (const path of laptop.vault.files.keys()) copyNote(laptop, desktop, path);
  copyIndexFiles(laptop, desktop);
  const running = service(desktop, embedder);
  await running.start();
  await running.whenIdle();
  return { laptop, desktop, embedder, running };
}

describe("a running writer and another device's saved vectors", () => {
  it("takes the vectors of a note edited on the other device from its segment instead of embedding them again", async () => {
    const { laptop, desktop, embedder, running } = await setUp();
    expect(embedder.inputs.filter((t, i) => embedder.inputs.indexOf(t) !== i)).toEqual([]);
    laptop.vault.write("garden.md", "# Garden\n\nTomatoes need sun and water every morning.\n\nBasil likes the shade of taller plants.\n");
    laptop.vault.write("engines.md", "# Engines\n\nA diesel engine ignites fuel by compression alone.\n");
    await session(laptop, embedder);
    const embeddedOnLaptop = embedder.inputs.length;
    copyIndexFiles(laptop, desktop);
    await bringNotes(laptop, desktop, running, ["garden.md", "engines.md"]);
    expect(embedder.inputs.slice(embeddedOnLaptop)).toEqual([]);
    expect(running.status().vectorsFromFolder).toBeGreaterThanOrEqual(2);
    expect(searchOver(running).searchKeyword({ query: "diesel compression" }).results.map((r) => r.path)).toEqual(["engines.md"]);
    // What the desktop holds is what a rebuild from its vault would hold, vectors included.
    const rebuild = new IndexService({ source: desktop.vault, store: new MemoryFileStore(), dataDir: DIR, settings, embedder: new CountingEmbedder("counting-embed", 8), scheduler: new TestScheduler(), notify: () => undefined });
    await rebuild.start();
    await rebuild.whenIdle();
    expect(dumpIndex(running)).toEqual(dumpIndex(rebuild));
    await running.stop();
    await rebuild.stop();
  });

  it("reads them from the segments of a manifest conflict copy too", async () => {
    const { laptop, desktop, embedder, running } = await setUp();
    // The desktop saved meanwhile (so its manifest changed), and the laptop's manifest arrives as a conflict copy.
    desktop.vault.write("local.md", "# Local\n\nWritten on the desktop about poems and rhymes.\n");
    running.enqueue({ kind: "upsert", path: "local.md" });
    await running.flush();
    await running.save();
    laptop.vault.write("engines.md", "# Engines\n\nA diesel engine ignites fuel by compression alone.\n");
    await session(laptop, embedder);
    const before = embedder.inputs.length;
    copyIndexFiles(laptop, desktop, "index-manifest.sync-conflict-20261127-101010-ABCDEF7.bin");
    await bringNotes(laptop, desktop, running, ["engines.md"]);
    expect(embedder.inputs.slice(before)).toEqual([]);
    await running.stop();
    // The conflict copy that arrived while the writer ran was merged by its save and removed, without a restart.
    expect([...desktop.disk.files.keys()].filter((p) => p.includes("sync-conflict"))).toEqual([]);
    const again = service(desktop, embedder);
    await again.start();
    await again.whenIdle();
    expect(embedder.inputs.slice(before)).toEqual([]);
    expect([...again.index.notePaths()].sort()).toEqual(["engines.md", "garden.md", "local.md", "river.md"]);
    await again.stop();
  });

  it("embeds when the other device's vectors are of another model", async () => {
    const { laptop, desktop, embedder, running } = await setUp();
    const other = new CountingEmbedder("other-embed", 8);
    const otherLaptop: Device = { vault: laptop.vault, disk: new MemoryFileStore() };
    laptop.vault.write("engines.md", "# Engines\n\nA diesel engine ignites fuel by compression alone.\n");
    await session(otherLaptop, other);
    const before = embedder.inputs.length;
    copyIndexFiles(otherLaptop, desktop, "index-manifest 2.bin");
    await bringNotes(laptop, desktop, running, ["engines.md"]);
    expect(embedder.inputs.slice(before).join("\n")).toMatch(/diesel/);
    await running.stop();
  });
});
