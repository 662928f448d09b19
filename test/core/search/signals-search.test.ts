import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openVaultSearch, type VaultSearch } from "../../../src/core/session/vault-search";
import { defaultSettings, type PluginSettings } from "../../../src/core/settings/plugin-settings";
import type { SearchMode } from "../../../src/core/types";
import { startFakeOllama, type FakeOllama } from "../../fakes/fake-ollama";
import { MemoryFileStore } from "../persist/memory-file-store";
import { DatedNoteSource } from "../sync/helpers/dated-note-source";

const DAY = 86_400_000;
const NOW = new Date(2025, 5, 15, 12).getTime();
const at = (y: number, m: number, d: number) => new Date(y, m - 1, d, 9).getTime();
const MODES: SearchMode[] = ["keyword", "hybrid", "semantic"];

/** Notes about a budget, with known dates and statuses. */
function vault(): DatedNoteSource {
  const s = new DatedNoteSource();
  s.write("Projects/Budget 2025.md", "# Budget 2025\n\nThe household budget for this year: rent, food and travel.\n", NOW - 2 * DAY, at(2025, 3, 1));
  s.write("Notes/Planning.md", "---\ncreated: 2024-05-01\n---\n# Planning\n\nHow the budget was planned, month by month.\n", NOW - 5 * DAY, NOW - 5 * DAY);
  s.write("Notes/Old budget.md", '---\nsuperseded_by: "[[Budget 2025]]"\n---\n# Old budget\n\nLast year\'s budget for rent and food, from the ledger.\n', at(2024, 8, 1), at(2024, 1, 10));
  s.write("Archive/Budget 2023.md", "---\nstatus: Archived\n---\n# Budget 2023\n\nThe 2023 budget, rent and food, from the ledger.\n", at(2023, 12, 1), at(2023, 1, 5));
  s.write("Notes/Garden.md", "# Garden\n\nTomatoes and beans in the raised beds; a budget for seeds.\n", at(2025, 4, 1), at(2025, 4, 1));
  for (let i = 0; i < 4; i++) s.write(`Notes/Filler ${i}.md`, `# Filler ${i}\n\nUnrelated words about walking the dog, number ${i}.\n`, at(2022, 1, 1 + i), at(2022, 1, 1 + i));
  return s;
}

describe("date filters, superseded notes and score signals, through the fake Ollama", () => {
  let fake: FakeOllama;
  beforeAll(async () => {
    fake = await startFakeOllama();
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());
  let session: VaultSearch | undefined;
  afterEach(async () => {
    await session?.service.stop();
    session = undefined;
  });

  async function started(search: Partial<PluginSettings["search"]> = {}, source = vault()): Promise<VaultSearch> {
    const base = defaultSettings();
    const s = openVaultSearch({
      source,
      store: new MemoryFileStore(),
      dataDir: "vault/plugin-data",
      settings: { ...base, ollamaUrl: fake.url, embedModel: "nomic-embed-text", search: { ...base.search, autoWeights: false, ...search } },
      hostIgnore: [],
    });
    await s.service.start();
    await s.service.whenIdle();
    session = s;
    return s;
  }

  const paths = async (s: VaultSearch, query: string, mode: SearchMode, more: { includeSuperseded?: boolean } = {}) =>
    (await s.search({ query, mode, now: NOW, ...more })).results.map((r) => r.path).sort();

  it("modified:<30d keeps only recent notes, in the keyword, hybrid and semantic lists", async () => {
    const s = await started();
    expect(s.service.index.vectorCount).toBe(s.service.index.size);
    for (const mode of MODES) {
      expect(await paths(s, "budget rent modified:<30d", mode), mode).toEqual(["Notes/Planning.md", "Projects/Budget 2025.md"]);
    }
    // Without the filter the semantic list holds older notes too: the filter is what removed them.
    expect((await paths(s, "budget rent", "semantic")).length).toBeGreaterThan(2);
  });

  it("created: reads the frontmatter date before the file's creation time", async () => {
    const s = await started();
    for (const mode of MODES) expect(await paths(s, "budget created:2024", mode), mode).toEqual(["Notes/Planning.md"]);
    expect(await paths(s, "budget created:2025-03", "hybrid")).toEqual(["Projects/Budget 2025.md"]);
    expect(await paths(s, "budget modified:>2025-01-01 created:<2025-01-01", "keyword")).toEqual(["Notes/Planning.md"]);
  });

  it("an invalid date is a notice that says what to type, and filters nothing", async () => {
    const s = await started();
    const r = await s.search({ query: "budget modified:>soon", mode: "hybrid", now: NOW });
    expect(r.notices.map((n) => n.code)).toContain("DATE_FILTER_INVALID");
    expect(r.notices.find((n) => n.code === "DATE_FILTER_INVALID")?.message).toMatch(/modified:>soon is not a date.*modified:<30d/);
    expect(r.results.map((x) => x.path)).toContain("Projects/Budget 2025.md");
    expect(r.query.text).toBe("budget");
  });

  it("a date still being typed at the end of the query is not called invalid yet", async () => {
    const s = await started();
    const typing = s.searchKeyword({ query: "budget modified:>2025-0", prefixLast: true, now: NOW });
    expect(typing.notices.map((n) => n.code)).not.toContain("DATE_FILTER_INVALID");
    const done = s.searchKeyword({ query: "budget modified:>2025-0 ", prefixLast: false, now: NOW });
    expect(done.notices.map((n) => n.code)).toContain("DATE_FILTER_INVALID");
  });

  it("a date filter that keeps no note says so instead of suggesting other words", async () => {
    const s = await started();
    const r = await s.search({ query: "budget modified:>2030", mode: "keyword", now: NOW });
    expect(r.results).toEqual([]);
    expect(r.notices.map((n) => n.code)).toEqual(["DATE_NO_MATCH"]);
  });

  it("date filters alone list the matching notes, newest first", async () => {
    const s = await started();
    const r = await s.search({ query: "modified:<30d", now: NOW });
    expect(r.results.map((x) => x.path)).toEqual(["Projects/Budget 2025.md", "Notes/Planning.md"]);
  });

  it("non-English and misspelt words still find notes beside a date filter", async () => {
    const source = vault();
    source.write("Notes/Haushalt.md", "# Haushalt\n\nDas Budget für Miete und Überweisungen.\n", NOW - DAY, NOW - DAY);
    const s = await started({}, source);
    expect(await paths(s, "Überweisungen modified:<7d", "keyword")).toEqual(["Notes/Haushalt.md"]);
    expect(await paths(s, "houshold modified:<30d", "keyword")).toEqual(["Projects/Budget 2025.md"]);
  });

  it("superseded notes are hidden by default and shown on request, naming their successor", async () => {
    const s = await started();
    for (const mode of MODES) {
      const hidden = await paths(s, "budget rent food", mode);
      expect(hidden, mode).not.toContain("Notes/Old budget.md");
      expect(hidden, mode).not.toContain("Archive/Budget 2023.md");
      const shown = await paths(s, "budget rent food", mode, { includeSuperseded: true });
      expect(shown, mode).toEqual(expect.arrayContaining(["Notes/Old budget.md", "Archive/Budget 2023.md"]));
    }
    const r = await s.search({ query: "old budget", mode: "hybrid", now: NOW, includeSuperseded: true });
    const old = r.results.find((x) => x.path === "Notes/Old budget.md");
    expect(old).toMatchObject({ superseded: true, supersededBy: "Budget 2025", successorPath: "Projects/Budget 2025.md" });
    const archived = r.results.find((x) => x.path === "Archive/Budget 2023.md");
    expect(archived?.superseded).toBe(true);
    expect(archived?.supersededBy).toBeUndefined();
    expect(r.results.find((x) => x.path === "Projects/Budget 2025.md")?.superseded).toBeUndefined();
  });

  it("a search whose only matches are superseded says they are hidden", async () => {
    const s = await started();
    const r = await s.search({ query: "ledger", mode: "keyword", now: NOW });
    expect(r.results).toEqual([]);
    expect(r.notices.map((n) => n.code)).toContain("SUPERSEDED_HIDDEN");
  });

  it("the superseded statuses are a setting, compared ignoring case", async () => {
    const s = await started({ supersededStatuses: ["draft"] });
    expect(await paths(s, "budget 2023", "keyword")).toContain("Archive/Budget 2023.md");
    expect(await paths(s, "old budget", "keyword")).not.toContain("Notes/Old budget.md");
  });

  it("results carry the note's modified and created times", async () => {
    const s = await started();
    const r = await s.search({ query: "planning", mode: "keyword", now: NOW });
    expect(r.results[0]).toMatchObject({ path: "Notes/Planning.md", modified: NOW - 5 * DAY, created: new Date(2024, 4, 1).getTime() });
  });

  it("folder weights multiply a note's fused score; the longest matching folder wins", async () => {
    const twins = new DatedNoteSource();
    for (const p of ["Archive/Twin.md", "Projects/Twin.md", "Projects/Active/Twin.md"]) twins.write(p, "# Twin\n\nQuarterly review of the roadmap.\n", NOW, NOW);
    const plain = await started({}, twins);
    const before = (await plain.search({ query: "quarterly roadmap", mode: "keyword", now: NOW })).results;
    await plain.service.stop();
    const s = await started({ folderWeights: [{ folder: "Archive/", weight: 0.5 }, { folder: "projects", weight: 1.2 }, { folder: "Projects/Active", weight: 2 }] }, twins);
    const r = (await s.search({ query: "quarterly roadmap", mode: "keyword", now: NOW })).results;
    expect(r.map((x) => x.path)).toEqual(["Projects/Active/Twin.md", "Projects/Twin.md", "Archive/Twin.md"]);
    const fused = (p: string) => before.find((x) => x.path === p)?.score ?? NaN;
    expect(r[0]?.score).toBeCloseTo(fused("Projects/Active/Twin.md") * 2, 12);
    expect(r[1]?.score).toBeCloseTo(fused("Projects/Twin.md") * 1.2, 12);
    expect(r[2]?.score).toBeCloseTo(fused("Archive/Twin.md") * 0.5, 12);
    expect(r[2]?.explain.signals).toEqual({ factor: 0.5, folder: 0.5 });
  });

  it("recency never lifts a note past a clear leader, however old the leader", async () => {
    const source = new DatedNoteSource();
    // A strong match, ten years old, against a weaker brand-new one.
    source.write("Old leader.md", "# Kubernetes upgrade\n\nKubernetes upgrade steps: drain, upgrade, uncordon.\n", at(2015, 1, 1), at(2015, 1, 1));
    source.write("New mention.md", "# Weekly log\n\nMet about kubernetes.\n", NOW, NOW);
    const off = await started({}, source);
    const order = async (s: VaultSearch, q: string, mode: SearchMode) => (await s.search({ query: q, mode, now: NOW })).results.map((r) => r.path);
    const leadOff = (await off.search({ query: "kubernetes upgrade", mode: "keyword", now: NOW })).results;
    expect(leadOff.map((r) => r.path)).toEqual(["Old leader.md", "New mention.md"]);
    await off.service.stop();
    const s = await started({ recencyHalfLifeDays: 30 }, source);
    for (const mode of MODES) expect((await order(s, "kubernetes upgrade", mode))[0], mode).toBe("Old leader.md");
    const boosted = (await s.search({ query: "kubernetes upgrade", mode: "keyword", now: NOW })).results;
    expect(boosted[1]?.explain.signals?.recency).toBeCloseTo(1.1, 6);
    expect(boosted[0]?.explain.signals?.recency).toBeLessThan(1.0001);
  });
});
