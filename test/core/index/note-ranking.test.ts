import { describe, expect, it } from "vitest";
import { chunkNote } from "../../../src/core/chunk/chunker";
import { ChunkIndex } from "../../../src/core/index/chunk-index";
import { DEFAULT_LEXICAL_OPTIONS, type LexicalOptions } from "../../../src/core/keyword/lexical-options";
import { SearchEngine } from "../../../src/core/search/search-engine";
import type { ChunkedNote } from "../../../src/core/types";
import { chunkedNote as note } from "../../fakes/chunked-note";

/** Ranking the way the previous engine did it: a note where its best chunk ranks. */
const BEST_CHUNK: LexicalOptions = { ...DEFAULT_LEXICAL_OPTIONS, passageWeight: 1e9 };

/**
 * Notes in keyword order. Typo tolerance is off unless asked for: in a corpus this small every word is rare enough
 * to be "corrected", and the re-ranking for misspelt words would hide what is compared here.
 */
function notesFor(notes: readonly ChunkedNote[], query: string, lexical = DEFAULT_LEXICAL_OPTIONS, maxEdits = 0): string[] {
  const idx = new ChunkIndex(0, lexical);
  for (const n of notes) idx.addNote(n);
  const paths = idx.keywordSearch(query, { limit: 50, maxEdits }).map((h) => h.id.replace(/#\d+$/, ""));
  return [...new Set(paths)];
}

/** A note that holds every query word once, each in its own chunk, and notes that repeat one of them in one chunk. */
const ENGLISH = [
  note("spread.md", "River walk", ["We saw an otter near the bridge.", "Later a heron stood in the reeds.", "A kingfisher flew past the weir."]),
  note("otter.md", "Mustelids", ["The otter is a mustelid; an otter eats fish and crayfish in rivers."]),
  note("heron.md", "Waders", ["The grey heron is a wader; a heron hunts fish in shallow water."]),
  note("kingfisher.md", "Small birds", ["The kingfisher is small and blue; a kingfisher dives for fish."]),
  note("other.md", "Weather", ["Rain fell on the bridge all afternoon."]),
];

describe("keyword search ranks notes as whole documents", () => {
  it("puts a note whose query words are spread over three chunks above notes repeating one word in one chunk", () => {
    expect(notesFor(ENGLISH, "otter heron kingfisher")[0]).toBe("spread.md");
    // The same data ranked by best chunk, as before: a repeated word in one chunk wins.
    expect(notesFor(ENGLISH, "otter heron kingfisher", BEST_CHUNK)[0]).not.toBe("spread.md");
  });

  it("still finds the spread note when one of its words is misspelt", () => {
    expect(notesFor(ENGLISH, "otter heron kingfsher", DEFAULT_LEXICAL_OPTIONS, 1)[0]).toBe("spread.md");
    expect(notesFor(ENGLISH, "otter hreon kingfisher", DEFAULT_LEXICAL_OPTIONS, 2)[0]).toBe("spread.md");
  });

  it("prefers a note holding the misspelt word as typed even when that chunk is not among the few it lists", () => {
    const idx = new ChunkIndex(0);
    idx.addNote(note("tabs.md", "Tabs", ["Arrange tabs and resize panes.", "Arrange groups and resize them.", "Arrange, then resize again.", "Stack panes.", "Split a pane in two."]));
    idx.addNote(note("other.md", "Other", ["Arrange the spot."]));
    const hits = idx.keywordSearch("arrange spit resize", { limit: 10, chunksPerNote: 1 });
    expect(hits.map((h) => h.id.split("#")[0])).toEqual(["tabs.md", "other.md"]);
  });

  it("lists a note's chunks together, best chunk first, and caps them per note when asked", () => {
    const idx = new ChunkIndex(0);
    for (const n of ENGLISH) idx.addNote(n);
    const hits = idx.keywordSearch("otter heron kingfisher bridge", { limit: 50 });
    expect(hits.slice(0, 3).map((h) => h.id).sort()).toEqual(["spread.md#0", "spread.md#1", "spread.md#2"]);
    expect(hits[0]?.id).toBe("spread.md#0"); // it holds two query words
    const capped = idx.keywordSearch("otter heron kingfisher bridge", { limit: 50, chunksPerNote: 1 });
    expect(capped.map((h) => h.id)).toEqual(hits.filter((h, i) => hits.findIndex((x) => x.id.split("#")[0] === h.id.split("#")[0]) === i).map((h) => h.id));
  });

  it("while a word is typed, ranks the note holding it beside the other words above notes holding only completions", () => {
    const notes = [
      note("tips.md", "Garden tips", ["Tips for the garden in spring."]),
      note("formats.md", "Exports", ["Export a garden plan as a format of your choice.", "Every format: one format per forum post."]),
      note("forum.md", "Community", ["The forum has a garden board.", "Post formats and forum rules."]),
      // "for" is common, "format" and "forum" are not: their idf would be far higher than the typed word's.
      ...["Rain", "Wind", "Snow", "Frost"].map((w, i) => note(`w${i}.md`, w, [`${w} for days, and for weeks.`])),
    ];
    const idx = new ChunkIndex(0);
    for (const n of notes) idx.addNote(n);
    const typed = (q: string) => [...new Set(idx.keywordSearch(q, { limit: 50, prefixLast: true, maxEdits: 0 }).map((h) => h.id.split("#")[0]))];
    expect(typed("garden for")[0]).toBe("tips.md");
    // A prefix that is no word of the notes keeps its completions at full weight.
    expect(typed("garden form")[0]).not.toBe("tips.md");
  });

  it("while a word of the notes is typed, weighs its completions below the word itself", () => {
    const idx = new ChunkIndex(0);
    idx.addNote(note("red.md", "Colours", ["A red garden bench."]));
    idx.addNote(note("reduce.md", "Less", ["Reduce, reduce, reduce the garden waste: reduce it."]));
    for (const w of ["Rain", "Wind", "Snow"]) idx.addNote(note(`${w}.md`, w, [`${w} in the garden, red and grey.`]));
    const typed = (q: string) => [...new Set(idx.keywordSearch(q, { limit: 50, prefixLast: true, maxEdits: 0 }).map((h) => h.id.split("#")[0]))];
    expect(typed("garden red").indexOf("red.md")).toBeLessThan(typed("garden red").indexOf("reduce.md"));
    expect(typed("garden redu")[0]).toBe("reduce.md");
  });

  it("counts the title and aliases once per note, however many chunks repeat them", () => {
    const filler = "plain words about something else entirely";
    const short = note("short.md", "Compost heap", [filler], { aliases: ["compost bin"] });
    const long = note("long.md", "Compost heap", [filler, filler, filler, filler, filler], { aliases: ["compost bin"] });
    const idx = new ChunkIndex(0);
    for (const n of [short, long, note("x.md", "Other", ["unrelated text here"])]) idx.addNote(n);
    const hits = idx.keywordSearch("compost", { limit: 50 });
    const score = (path: string) => hits.find((h) => h.id.startsWith(`${path}#`))?.score ?? 0;
    expect(score("short.md")).toBeGreaterThan(0);
    expect(score("long.md")).toBeCloseTo(score("short.md"), 10);
  });

  it("ranks a German note whose inflected words are spread over its sections first", () => {
    const de = { language: "de" };
    const notes = [
      note("de/tiere.md", "Unser Alltag", ["Die Katzen schlafen auf dem Sofa.", "Der Hund spielt im Garten.", "Am Morgen singen die Vögel."], de),
      note("de/katze.md", "Haustiere", ["Die Katze ist ein Haustier, und eine Katze jagt gern Mäuse im Haus."], de),
      note("de/hund.md", "Begleiter", ["Der Hund ist ein Begleiter, und ein Hund braucht jeden Tag Bewegung."], de),
      note("de/vogel.md", "Federn", ["Der Vogel hat Federn, und ein Vogel baut im Frühling ein Nest."], de),
    ];
    expect(notesFor(notes, "Katze Hunde Vogel")[0]).toBe("de/tiere.md");
    expect(notesFor(notes, "Katze Hunde Vogel", BEST_CHUNK)[0]).not.toBe("de/tiere.md");
  });

  it("ranks a Japanese note whose words are spread over its sections first", () => {
    const notes = [
      chunkNote("ja/niwa.md", "# 庭の一日\n\n## 朝\n\n猫は縁側で寝ています。\n\n## 昼\n\n犬は庭で遊びます。\n\n## 夕方\n\n小鳥が木の上で歌います。"),
      chunkNote("ja/neko.md", "# ペット\n\n猫はかわいい動物です。うちの猫は魚が好きです。"),
      chunkNote("ja/inu.md", "# 散歩\n\n犬は毎日散歩が必要です。うちの犬は公園が好きです。"),
      chunkNote("ja/tori.md", "# 野鳥\n\n小鳥は春に巣を作ります。庭の小鳥は種が好きです。"),
    ];
    expect(notes[0]?.chunks.length).toBeGreaterThanOrEqual(3);
    expect(notesFor(notes, "猫 犬 小鳥")[0]).toBe("ja/niwa.md");
    expect(notesFor(notes, "猫 犬 小鳥", BEST_CHUNK)[0]).not.toBe("ja/niwa.md");
  });

  it("ranks the same after notes are removed and added again as a fresh index of the same notes", () => {
    const edited = new ChunkIndex(0);
    for (const n of ENGLISH) edited.addNote(n);
    edited.removeNote("otter.md");
    edited.removeNote("spread.md");
    edited.addNote(note("new.md", "Pond", ["An otter and a heron share the pond."]));
    edited.addNote(ENGLISH[0] as ChunkedNote);
    const fresh = new ChunkIndex(0);
    for (const n of [note("new.md", "Pond", ["An otter and a heron share the pond."]), ...ENGLISH.filter((n) => n.path !== "otter.md")].reverse()) {
      fresh.addNote(n);
    }
    for (const q of ["otter heron kingfisher", "bridge", "heron pond", "kingf"]) {
      expect(edited.keywordSearch(q, { limit: 50, prefixLast: true })).toEqual(fresh.keywordSearch(q, { limit: 50, prefixLast: true }));
    }
  });

  it("orders the engine's keyword results by note, with the spread note's chunks as its excerpts", async () => {
    const idx = new ChunkIndex(0);
    for (const n of ENGLISH) idx.addNote(n);
    const res = await new SearchEngine({ index: idx }).search({ query: "otter heron kingfisher", mode: "keyword" });
    expect(res.results[0]?.path).toBe("spread.md");
    expect(res.results[0]?.chunks.length).toBe(3);
    expect(res.results.map((r) => r.path).sort()).toEqual(["heron.md", "kingfisher.md", "otter.md", "spread.md"]);
  });
});
