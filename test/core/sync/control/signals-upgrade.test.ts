import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { fromColumns, isMetaColumns, toColumns } from "../../../../src/core/persist/meta-columns";
import { runAll } from "../../../../src/core/shared/slices";
import { openVaultSearch, type VaultSearch } from "../../../../src/core/session/vault-search";
import { defaultSettings } from "../../../../src/core/settings/plugin-settings";
import { startFakeOllama, type FakeOllama } from "../../../fakes/fake-ollama";
import { MemoryFileStore } from "../../persist/memory-file-store";
import { DatedNoteSource } from "../helpers/dated-note-source";
import { toSingleFileLayout } from "../helpers/single-file-layout";

const DATA = "vault/plugin-data";
const DAY = 86_400_000;
const NOW = new Date(2025, 5, 15, 12).getTime();

let fake: FakeOllama;
beforeAll(async () => {
  fake = await startFakeOllama();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

function source(): DatedNoteSource {
  const s = new DatedNoteSource();
  s.write("Planning.md", "---\ncreated: 2024-05-01\n---\n# Planning\n\nHow the budget was planned.\n", NOW - DAY, NOW - DAY);
  s.write("Old budget.md", "---\nstatus: superseded\n---\n# Old budget\n\nLast year's budget.\n", NOW - 400 * DAY, NOW - 500 * DAY);
  s.write("Budget.md", "# Budget\n\nThis year's budget.\n", NOW - 2 * DAY, NOW - 90 * DAY);
  return s;
}

async function open(store: MemoryFileStore, notes: DatedNoteSource): Promise<VaultSearch> {
  const s = openVaultSearch({
    source: notes,
    store,
    dataDir: DATA,
    settings: { ...defaultSettings(), ollamaUrl: fake.url, embedModel: "nomic-embed-text" },
    hostIgnore: [],
  });
  await s.service.start();
  await s.service.whenIdle();
  return s;
}

/** Rewrites the saved index as a version before creation times and frontmatter signals were kept saved it. */
async function ageSavedIndex(store: MemoryFileStore): Promise<void> {
  await toSingleFileLayout(store, DATA, (s) => {
    const notes = s.notes.map(({ ctime: _c, ...n }) => {
      const { created: _d, supersededBy: _s, status: _t, ...meta } = n.meta;
      return { ...n, meta };
    });
    return { ...s, notes };
  });
}

const paths = async (s: VaultSearch, query: string) => (await s.search({ query, mode: "keyword", now: NOW })).results.map((r) => r.path).sort();

it("an index saved before notes kept their dates and status gets them on the next scan, embedding nothing again", async () => {
  const store = new MemoryFileStore();
  const first = await open(store, source());
  expect(fake.stats.embedInputs).toBeGreaterThan(0);
  await first.service.stop();
  await ageSavedIndex(store);

  fake.reset();
  const notes = source();
  const upgraded = await open(store, notes);
  // Every note was read again for its frontmatter; nothing was sent to the embedder.
  expect(notes.reads.sort()).toEqual(["Budget.md", "Old budget.md", "Planning.md"]);
  expect(fake.stats.embedInputs).toBe(0);
  expect(fake.stats.embedCalls).toBe(0);
  expect(upgraded.service.index.vectorCount).toBe(upgraded.service.index.size);
  expect(await paths(upgraded, "budget created:2024")).toEqual(["Planning.md"]);
  expect(await paths(upgraded, "budget")).toEqual(["Budget.md", "Planning.md"]);
  await upgraded.service.stop();

  // Once upgraded and saved, a start reads nothing again.
  const again = source();
  const third = await open(store, again);
  expect(again.reads).toEqual([]);
  expect(fake.stats.embedInputs).toBe(0);
  expect(await paths(third, "budget created:2024")).toEqual(["Planning.md"]);
  await third.service.stop();
});

it("a source that can't tell creation times is not read again on every start", async () => {
  const store = new MemoryFileStore();
  const notes = source();
  notes.withCtime = false;
  const first = await open(store, notes);
  await first.service.stop();
  const again = source();
  again.withCtime = false;
  const second = await open(store, again);
  expect(again.reads).toEqual([]);
  // Without a file creation time, created: reads the frontmatter date alone.
  expect(await paths(second, "budget created:2024")).toEqual(["Planning.md"]);
  await second.service.stop();
});

it("another device's copy of the vault (only creation times differ) loads the synced index as it is: nothing is recorded or written again", async () => {
  const store = new MemoryFileStore();
  const first = await open(store, source());
  await first.service.stop();
  const segments = (): string[] => [...store.files.keys()].filter((k) => k.includes("index-seg-")).sort();
  const written = segments();
  const bytesBefore = new Map([...store.files].map(([k, v]) => [k, v.join(",")]));
  // The sync tool wrote every file anew on this device: same text, size and modification time, a new birth time.
  const copy = new DatedNoteSource();
  for (const [path, f] of source().files) copy.write(path, f.text, f.mtime, f.mtime + 60_000);
  const second = await open(store, copy);
  expect(copy.reads).toEqual([]);
  // Budget.md has no frontmatter date: created: still answers from the creation time the first device saved.
  expect(await paths(second, "budget created:2025-03")).toEqual(["Budget.md"]);
  await second.service.stop();
  expect(segments()).toEqual(written);
  for (const name of written) expect(store.files.get(name)?.join(",")).toBe(bytesBefore.get(name));
});

it("meta columns saved before the signal columns existed load as notes without them", () => {
  const snapshot = {
    header: { formatVersion: 1, model: "", dims: 0, chunkingHash: "", savedAt: 0 },
    notes: [{ path: "a.md", mtime: 5, ctime: 3, size: 1, contentHash: "h", meta: { title: "a", aliases: [], tags: [], links: [], created: -86_400_000, supersededBy: "b", status: "archived" }, chunkStart: 0, chunkCount: 1 }],
    chunks: [{ id: "a.md#0", path: "a.md", ordinal: 0, headingPath: ["a"], text: "x", startLine: 0, endLine: 0, tokens: 1, embedHash: "e" }],
    vectors: new Float32Array(0),
    hasVector: new Uint8Array(1),
  };
  const columns = runAll(toColumns(snapshot, [1]));
  expect(runAll(fromColumns(columns, () => "x")).notes[0]).toEqual(snapshot.notes[0]);
  for (const key of ["ctime", "created", "supersededBy", "status"] as const) delete columns.notes[key];
  expect(isMetaColumns(columns, 1, 1)).toBe(true);
  const old = runAll(fromColumns(columns, () => "x")).notes[0];
  expect(old?.ctime).toBeUndefined();
  expect(old?.meta).toEqual({ title: "a", aliases: [], tags: [], links: [] });
  expect(isMetaColumns({ ...columns, notes: { ...columns.notes, ctime: ["x"] } }, 1, 1)).toBe(false);
});
