import { describe, expect, it } from "vitest";
import { ChunkIndex } from "../../../src/core/index/chunk-index";
import { findRelatedNotes, type RelatedOptions } from "../../../src/core/search/related-notes";
import { SHARED_TEXT_NOTES } from "../../../src/core/search/related-pairing";
import { RelatedWeightsKeeper } from "../../../src/core/search/related-weights";
import { MemoryFileStore } from "../persist/memory-file-store";
import type { ChunkedNote } from "../../../src/core/types";

interface Part {
  text: string;
  heading?: string;
  vec?: number[];
}

function add(idx: ChunkIndex, path: string, title: string, parts: Part[], links: string[] = []): void {
  const note: ChunkedNote = {
    path,
    meta: { title, aliases: [], tags: [], links },
    chunks: parts.map((p, i) => ({
      id: `${path}#${i}`,
      path,
      ordinal: i,
      headingPath: [title, ...(p.heading ? [p.heading] : [])],
      text: p.text,
      startLine: i * 10,
      endLine: i * 10 + 9,
      tokens: 10,
    })),
  };
  idx.addNote(note, parts.map((p) => (p.vec ? Float32Array.from(p.vec) : undefined)));
}

const VECTORS_ONLY: RelatedOptions = { limit: 10, rrfK: 5, weights: { vector: 1, bm25: 0 } };
const FOOTER = "This note in GitHub\n\nEdit in GitHub | Copy this note | Download this vault";

/** Eight notes with one template footer (same text, same vector); only z-bees.md is about what a.md is about. */
function footerVault(): ChunkIndex {
  const idx = new ChunkIndex(4);
  add(idx, "a.md", "Apiary", [{ text: "hive inspection and queen cells", vec: [1, 0, 0, 0] }, { text: FOOTER, vec: [0, 0, 0, 1] }]);
  add(idx, "z-bees.md", "Beekeeping", [{ text: "queen rearing in the hive", vec: [0.8, 0.6, 0, 0] }, { text: FOOTER, vec: [0, 0, 0, 1] }]);
  for (const name of ["c", "d", "e", "f", "g", "h"]) {
    add(idx, `${name}.md`, `Other ${name}`, [{ text: `unrelated topic ${name}`, vec: [0.3, 0, 0.95, 0] }, { text: FOOTER, vec: [0, 0, 0, 1] }]);
  }
  return idx;
}

describe("related notes: what carries meaning", () => {
  it("never pairs a chunk text that more than a handful of notes share", () => {
    const idx = footerVault();
    const r = findRelatedNotes(idx, "a.md", VECTORS_ONLY);
    // By the footers, every note would tie at cosine 1 and z-bees.md would come last, by path.
    expect(r.entries[0]?.path).toBe("z-bees.md");
    for (const e of r.entries) {
      expect(idx.textShare.notesSharing(e.best.id)).toBeLessThanOrEqual(SHARED_TEXT_NOTES);
      expect(e.sourceChunkId === undefined || idx.textShare.notesSharing(e.sourceChunkId) <= SHARED_TEXT_NOTES).toBe(true);
      expect(e.similarity ?? 0).toBeLessThan(0.99);
    }
  });

  it("counts a text shared by a few notes, and counts notes, not chunks, as they change", () => {
    const idx = footerVault();
    expect(idx.textShare.notesSharing("a.md#1")).toBe(8);
    expect(idx.textShare.notesSharing("a.md#0")).toBe(1);
    // Case, spacing and digits don't make a template part another text.
    add(idx, "i.md", "Daily 2024-05-02", [{ text: "this note in github\n\nEdit in GitHub | copy this note |  Download this vault", vec: [0, 0, 0, 1] }]);
    expect(idx.textShare.notesSharing("a.md#1")).toBe(9);
    for (const name of ["c", "d", "e", "f", "g", "h", "i"]) idx.removeNote(`${name}.md`);
    expect(idx.textShare.notesSharing("a.md#1")).toBe(2);
  });

  it("finds a note by the words of the body when its title and headings share none", () => {
    const idx = new ChunkIndex(0);
    add(idx, "weekend.md", "Saturday", [{ text: "Fed the levain twice, then a long sourdough fermentation at high hydration.", heading: "Notes" }]);
    add(idx, "kitchen.md", "Kitchen log", [{ text: "Sourdough: levain at 100 % hydration, bulk fermentation overnight." }]);
    add(idx, "garden.md", "Garden", [{ text: "Tomatoes and basil along the fence." }]);
    add(idx, "notes.md", "Notes on Saturday", [{ text: "Meeting minutes." }]);
    const r = findRelatedNotes(idx, "weekend.md", { limit: 3, rrfK: 5, weights: { vector: 1, bm25: 1 } });
    expect(r.entries[0]?.path).toBe("kitchen.md");
    expect(r.entries[0]?.ranks.body).toBe(1);
  });

  it("finds body words in German through the German analyzer", () => {
    const idx = new ChunkIndex(0);
    const de = (path: string, title: string, text: string) =>
      idx.addNote({ path, meta: { title, aliases: [], tags: [], links: [], language: "de" }, chunks: [{ id: `${path}#0`, path, ordinal: 0, headingPath: [title], text, startLine: 0, endLine: 3, tokens: 9 }] });
    de("a.md", "Sonntag", "Die Häuser am Fluss wurden gestrichen, und die Gärten der Häuser blühten.");
    de("b.md", "Stadtplan", "Ein Haus mit Garten, direkt am Fluss.");
    de("c.md", "Einkauf", "Brot, Milch und Käse kaufen.");
    const r = findRelatedNotes(idx, "a.md", { limit: 2, rrfK: 5, weights: { vector: 1, bm25: 1 } });
    expect(r.entries[0]?.path).toBe("b.md");
    expect(r.entries[0]?.ranks.body).toBe(1);
  });

  it("breaks a tie between two copies of a passage by how close each note is as a whole, not by path", () => {
    const idx = new ChunkIndex(3);
    add(idx, "source.md", "Source", [{ text: "shared quote", vec: [1, 0, 0] }, { text: "about rivers", vec: [0, 1, 0] }]);
    add(idx, "a-copy.md", "A copy", [{ text: "shared quote", vec: [1, 0, 0] }, { text: "about engines", vec: [0, 0, 1] }]);
    add(idx, "z-copy.md", "Z copy", [{ text: "shared quote", vec: [1, 0, 0] }, { text: "about streams", vec: [0, 0.95, 0.05] }]);
    const r = findRelatedNotes(idx, "source.md", VECTORS_ONLY);
    expect(r.entries.map((e) => e.path)).toEqual(["z-copy.md", "a-copy.md"]);
  });

  it("shows a match that never grows down the list, 1 for first in every list", () => {
    const idx = new ChunkIndex(2);
    add(idx, "a.md", "Compost", [{ text: "compost heap turning", vec: [1, 0] }]);
    add(idx, "b.md", "Compost bins", [{ text: "bins for the heap", vec: [0.6, 0.8] }]);
    add(idx, "c.md", "Soil", [{ text: "loam", vec: [0.99, 0.1] }]);
    add(idx, "d.md", "Compost tea", [{ text: "brewing", vec: [0.7, 0.7] }]);
    const r = findRelatedNotes(idx, "a.md", { limit: 10, rrfK: 5, weights: { vector: 1, bm25: 1 } });
    const matches = r.entries.map((e) => e.match);
    expect(matches.length).toBeGreaterThan(2);
    for (let i = 1; i < matches.length; i++) expect(matches[i]).toBeLessThanOrEqual(matches[i - 1]!);
    for (const m of matches) expect(m).toBeGreaterThan(0);
    for (const m of matches) expect(m).toBeLessThanOrEqual(1);
    // Ordered by fusion, the cosine of the closest pair does not follow the list: that is why it is not what is shown.
    const sims = r.entries.map((e) => e.similarity ?? 0);
    expect(sims.some((s, i) => i > 0 && s > sims[i - 1]!)).toBe(true);
  });

  it("lists notes related to one section when asked, and says which section", () => {
    const idx = new ChunkIndex(2);
    add(idx, "a.md", "Mixed", [
      { text: "roses and tulips", heading: "Garden", vec: [1, 0] },
      { text: "index tuning", heading: "Databases", vec: [0, 1] },
    ]);
    add(idx, "flowers.md", "Flowers", [{ text: "tulips", vec: [0.95, 0.05] }]);
    add(idx, "sql.md", "SQL", [{ text: "indexes", vec: [0.05, 0.95] }]);
    const whole = findRelatedNotes(idx, "a.md", VECTORS_ONLY);
    expect(whole.section).toBeUndefined();
    const db = findRelatedNotes(idx, "a.md", { ...VECTORS_ONLY, section: { line: 12 } });
    expect(db.entries[0]?.path).toBe("sql.md");
    expect(db.section).toEqual({ headingPath: ["Mixed", "Databases"], startLine: 10, endLine: 19 });
    expect(findRelatedNotes(idx, "a.md", { ...VECTORS_ONLY, section: { line: 3 } }).entries[0]?.path).toBe("flowers.md");
  });

  it("learns list weights from the vault's own links in the background, never in the call, and keeps them", async () => {
    // Notes link to the note that shares their rare body words; titles and vectors point elsewhere.
    const idx = new ChunkIndex(2);
    const topics = ["quince", "medlar", "loquat", "sorrel", "lovage", "salsify", "skirret", "oca", "yacon", "mashua"];
    topics.forEach((t, i) => {
      add(idx, `ref/r${i}.md`, `Reference ${i}`, [{ text: `${t} ${t} cultivation`, vec: [1, 0] }]);
      add(idx, `log/l${i}.md`, `Log ${i}`, [{ text: `planted ${t} today, ${t} again`, vec: [0, 1] }], [`r${i}`, `o${i}`]);
      add(idx, `other/o${i}.md`, `Other ${i}`, [{ text: `${t} seed order`, vec: [0.1, 0.9] }]);
    });
    const opts: RelatedOptions = { limit: 3, rrfK: 5, weights: { vector: 1, bm25: 1 } };
    const top2 = (r: ReturnType<typeof findRelatedNotes>) => r.entries.slice(0, 2).map((e) => e.path).sort();
    // Until learnt, every list weighs the same, however often lists are asked for: the call never learns.
    expect(findRelatedNotes(idx, "log/l0.md", opts).entries[0]?.path).toMatch(/^log\//);
    expect(findRelatedNotes(idx, "log/l0.md", opts).entries[0]?.path).toMatch(/^log\//);
    const store = new MemoryFileStore();
    let pauses = 0;
    const learnt = await new RelatedWeightsKeeper(store, "d/related-weights.json").refresh(idx, 5, async () => void pauses++);
    expect(pauses).toBeGreaterThan(1);
    expect(learnt?.samples).toBeGreaterThanOrEqual(8);
    expect(top2(findRelatedNotes(idx, "log/l0.md", opts))).toEqual(["other/o0.md", "ref/r0.md"]);
    // Learnt at another RRF constant, they don't apply.
    expect(findRelatedNotes(idx, "log/l0.md", { ...opts, rrfK: 7 }).entries[0]?.path).toMatch(/^log\//);
    // Saved beside the index: a restart (a new index, a new keeper) loads them without learning.
    const restarted = new ChunkIndex(2);
    topics.forEach((t, i) => {
      add(restarted, `ref/r${i}.md`, `Reference ${i}`, [{ text: `${t} ${t} cultivation`, vec: [1, 0] }]);
      add(restarted, `log/l${i}.md`, `Log ${i}`, [{ text: `planted ${t} today, ${t} again`, vec: [0, 1] }], [`r${i}`, `o${i}`]);
      add(restarted, `other/o${i}.md`, `Other ${i}`, [{ text: `${t} seed order`, vec: [0.1, 0.9] }]);
    });
    const again = new RelatedWeightsKeeper(store, "d/related-weights.json");
    let relearnt = 0;
    await again.refresh(restarted, 5, async () => void relearnt++);
    expect(relearnt).toBe(0);
    expect(top2(findRelatedNotes(restarted, "log/l0.md", opts))).toEqual(["other/o0.md", "ref/r0.md"]);
  });

  it("stops learning without saving when aborted", async () => {
    const idx = new ChunkIndex(2);
    for (let i = 0; i < 12; i++) add(idx, `n${i}.md`, `Note ${i}`, [{ text: `word${i} shared`, vec: [1, i / 12] }], [`n${(i + 1) % 12}`, `n${(i + 2) % 12}`]);
    const store = new MemoryFileStore();
    const stop = new AbortController();
    const keeper = new RelatedWeightsKeeper(store, "d/related-weights.json");
    expect(await keeper.refresh(idx, 5, async () => stop.abort(), stop.signal)).toBeUndefined();
    const saved = await store.read("d/related-weights.json");
    expect(saved.ok && saved.value).toBeFalsy();
  });
});
