import { describe, expect, it } from "vitest";
import { chunkNote } from "../../../src/core/chunk/chunker";
import { ChunkIndex } from "../../../src/core/index/chunk-index";
import { indexNotes } from "../../fakes/markdown-index";

const NOTES: Record<string, string> = {
  "ar/library.md": "# المكتبة\n\nذهبت إلى المكتبة العامة يوم السبت، واستعرت ثلاثة كتب عن تاريخ المدينة القديمة.",
  "ar/garden.md": "# الحديقة\n\nزرعنا الطماطم والنعناع في حديقة البيت، ونسقيها كل صباح قبل العمل.",
  "he/cat.md": "# חתולים\n\nהחתול שלנו ישן כל היום על הספה בסלון, ובלילה הוא משחק עם הכדור.",
  "el/sea.md": "# Διακοπές\n\nΤο καλοκαίρι πήγαμε στη θάλασσα με τα παιδιά και κολυμπούσαμε κάθε πρωί πριν από το πρωινό.",
  "uk/city.md": "# Місто\n\nМи живемо в невеликому місті, де є стара бібліотека і парк біля річки, але тут дуже тихо.",
  "km/start.md": "# ការងារ\n\nខ្ញុំចាប់ផ្ដើមធ្វើការនៅក្រុមហ៊ុនថ្មីកាលពីខែមុន។",
  "km/tree.md": "# សួន\n\nនៅមុខផ្ទះមានដើមស្វាយធំមួយ។",
  "km/spaced.md": "# ផ្សារ\n\nម្ដាយ\u200bទិញ\u200bត្រី\u200bនៅ\u200bផ្សារ\u200bចាស់។",
  "hi/books.md": "# पढ़ाई\n\nमैंने पुस्तकालय से तीन किताबें उधार लीं और शाम को बच्चों के साथ उन्हें पढ़ा।",
  "en/notes.md": "# Notes\n\nThe garden needs water every morning, and the library opens at nine.",
};

const top = (idx: ChunkIndex, query: string): string[] =>
  idx.keywordSearch(query, { limit: 3, maxEdits: 0 }).map((h) => h.id.replace(/#\d+$/, ""));

describe("right-to-left and other scripts", () => {
  const idx = indexNotes(NOTES);

  it("detects and stems the languages it can", () => {
    expect(idx.languages().map((l) => l.code).sort()).toEqual(["ar", "el", "en", "hi", "uk"]);
  });

  it.each([
    ["بالمكتبة", "ar/library.md"],
    ["الْمَكْتَبَةُ", "ar/library.md"],
    ["حدائق الطماطم", "ar/garden.md"],
    ["θάλασσες", "el/sea.md"],
    ["ΘΑΛΑΣΣΑ", "el/sea.md"],
    ["бібліотеки", "uk/city.md"],
    // Devanagari vowels are combining marks: the word must still be stemmed as Hindi, not taken for an unspaced run.
    ["किताबों", "hi/books.md"],
  ])("finds another form of a word: %s", (query, path) => {
    expect(top(idx, query)[0]).toBe(path);
  });

  it("matches Hebrew with or without vowel points, and ignores direction marks in the query", () => {
    expect(top(idx, "הַחָתוּל")[0]).toBe("he/cat.md");
    expect(top(idx, "\u200fהספה\u200f")[0]).toBe("he/cat.md");
  });
});

describe("Khmer", () => {
  const idx = indexNotes(NOTES);

  it("finds a fragment cut inside a word, subscript consonants included", () => {
    expect(top(idx, "ផ្ដើមធ្វើ")[0]).toBe("km/start.md");
    expect(top(idx, "ហ៊ុនថ្ម")[0]).toBe("km/start.md");
  });

  it("never splits a subscript consonant from its base: 'tree' does not match the end of 'begin'", () => {
    // ដើម (tree) is written inside ផ្ដើម (begin) only as ផ + coeng-ដ + ើ + ម: a different letter sequence to a reader.
    expect(top(idx, "ដើម")).toEqual(["km/tree.md"]);
  });

  it("reads across the zero-width spaces some writers put between words", () => {
    expect(top(idx, "ទិញត្រី")[0]).toBe("km/spaced.md");
  });
});

describe("a note's language", () => {
  it("still finds inflected forms when a note is analysed in a close language", () => {
    const idx = new ChunkIndex(0);
    // Danish text analysed as Norwegian (its frontmatter says so): the query is stemmed in every language held.
    idx.addNote(chunkNote("da/flyt.md", "---\nlang: no\n---\n# Flytning\n\nVi har endelig fået nøglerne til lejligheden."));
    idx.addNote(chunkNote("da/kage.md", "# Kage\n\nVi har bagt kager til min fødselsdag, og det var meget hyggeligt."));
    expect(top(idx, "lejligheder")[0]).toBe("da/flyt.md");
  });

  it("reaches the short chunks of a long note, which say too little by themselves", () => {
    const idx = new ChunkIndex(0);
    const para =
      "Vi har bagt lagkager til min fødselsdag, og det tog hele eftermiddagen, fordi bundene skulle køle af. " +
      "Min søster hjalp med at pynte dem med jordbær og flødeskum, og vi fik dem færdige lige før gæsterne kom.";
    const md = `# Fødselsdag\n\n${para}\n\n${para}\n\n## Indkøb\n\nJordbærrene fra torvet.`;
    const note = chunkNote("da/fest.md", md, { maxTokens: 60 });
    expect(note.chunks.length).toBeGreaterThan(1);
    idx.addNote(note);
    idx.addNote(chunkNote("en/other.md", "# Other\n\nSomething in English about strawberries and the market."));
    const last = note.chunks[note.chunks.length - 1];
    // "jordbærret" meets "jordbærrene" only through the Danish stemmer; in English they would stay apart.
    expect(idx.keywordSearch("jordbærret", { limit: 5, maxEdits: 0 }).map((h) => h.id)).toContain(last?.id);
  });
});
