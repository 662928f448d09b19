import { describe, expect, it } from "vitest";
import { indexNotes } from "../../fakes/markdown-index";

/** Typing a word: an unfinished word that begins words of the notes is no misspelling. */
describe("the word being typed", () => {
  const idx = indexNotes({
    "scales.md": "# Scales\n\nDaily practice of scales on the piano, slow then fast.",
    "chords.md": "# Chords\n\nChord practice: the left hand alone, then both hands.",
    "sight.md": "# Sight reading\n\nReading practice with a new piece every morning.",
    "land.md": "# Land\n\nThe tract of land behind the farm, and its old fences.",
  });
  const paths = (query: string, prefixLast = true) =>
    [...new Set(idx.keywordSearch(query, { limit: 10, prefixLast }).map((h) => h.id.split("#")[0]))].sort();

  it("finds the words it begins, not the words a letter away from what is typed so far", () => {
    // "pract" is one edit from "tract", but the notes have "practice": the user is typing that word.
    expect(paths("pract")).toEqual(["chords.md", "scales.md", "sight.md"]);
    expect(paths("piano pract")).not.toContain("land.md");
  });

  it("is still corrected when it begins no word of the notes", () => {
    expect(paths("tracr")).toEqual(["land.md"]);
    expect(paths("farm tracr")).toContain("land.md");
  });

  it("is corrected as before once finished", () => {
    expect(paths("pract", false)).toContain("land.md");
  });
});
