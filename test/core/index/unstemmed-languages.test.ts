import { describe, expect, it } from "vitest";
import type { ChunkIndex } from "../../../src/core/index/chunk-index";
import { indexNotes } from "../../fakes/markdown-index";

// Languages with no stemmer here: their inflected forms must still meet, without matching every word that merely
// shares a first syllable.
const NOTES: Record<string, string> = {
  "pl/kuchnia.md": "# Przeprowadzka\n\nPudła z naczyniami stoją w kuchni, a sąsiad pomaga nosić meble po schodach.",
  "pl/rower.md": "# Rower\n\nWczoraj przebiłem dętkę. W sklepie rowerowym kupiłem łatki i klej.",
  "pl/naczelnik.md": "# Urząd\n\nNaczelnik urzędu przyjmuje interesantów we wtorki, a formularze leżą przy okienku.",
  "cs/kolo.md": "# Kolo\n\nVčera jsem propíchl duši na kole. Nové duše mají ve všech obchodech s koly.",
  "ko/moving.md": "# 이사\n\n새 아파트로 이사를 간다. 그릇이 든 상자들은 부엌에 있다.",
  "ko/library.md": "# 도서관\n\n시립 도서관에서 역사책 세 권을 빌렸다. 책은 두 주 안에 반납해야 한다.",
  "ko/bike.md": "# 자전거\n\n어제 자전거 타이어에 구멍이 났다. 가게에서 새 튜브를 사서 교체했다.",
  "en/notes.md": "# Notes\n\nThe kitchen boxes are still packed, and the library opens at nine.",
};

const notes = (idx: ChunkIndex, query: string, maxEdits = 1): string[] => [
  ...new Set(idx.keywordSearch(query, { limit: 10, maxEdits }).map((h) => h.id.replace(/#\d+$/, ""))),
];

describe("languages without a stemmer", () => {
  const idx = indexNotes(NOTES);

  it.each([
    // Shorter than the note's form by two or more letters: no typo correction reaches it, and no stem begins it.
    ["naczynia", "pl/kuchnia.md"],
    ["schody", "pl/kuchnia.md"],
    ["obchod", "cs/kolo.md"],
    // Longer, or another ending: the note's word begins the typed one, and is checked to be a form of it.
    ["przeprowadzkami", "pl/kuchnia.md"],
    ["rowerowego", "pl/rower.md"],
  ])("finds another form of a Polish or Czech word, %s", (query, note) => {
    expect(notes(idx, query)[0]).toBe(note);
  });

  it("does not take a word for a form of another that only shares its first syllables", () => {
    expect(notes(idx, "naczynia")).not.toContain("pl/naczelnik.md");
  });

  it("counts forms as corrections: typo tolerance 0 turns them off with the rest", () => {
    expect(notes(idx, "naczynia", 0)).toEqual([]);
  });

  it.each([
    ["상자", "ko/moving.md"],
    ["부엌", "ko/moving.md"],
    ["도서관 역사책", "ko/library.md"],
    ["튜브를", "ko/bike.md"],
    ["반납했다", "ko/library.md"],
  ])("finds a Korean word with other particles or endings, %s", (query, note) => {
    expect(notes(idx, query)[0]).toBe(note);
  });

  it("does not match a Korean word by one syllable it shares with others", () => {
    // 서 of 도서관 also begins 서울; a pair needs both syllables.
    expect(notes(idx, "서울")).toEqual([]);
  });
});

describe("words typed without their language's letters", () => {
  const idx = indexNotes({
    "pl/latka.md": "# Rower\n\nPrzykleiłem łatkę na dętkę i pojechałem do Łodzi.",
    "da/mad.md": "# Frokost\n\nVi spiste smørrebrød med æg og rødbeder i haven.",
    "de/weg.md": "# Weg\n\nDie Straße zum Bahnhof ist wegen Bauarbeiten gesperrt.",
    "tr/kapi.md": "# Kapı\n\nKomşunun kapısı sabaha kadar açık kaldı, ışık da yanıyordu.",
    "vi/duong.md": "# Đường\n\nCon đường đến trường rất đẹp vào mùa thu.",
  });

  it.each([
    ["latke lodzi", "pl/latka.md"],
    ["smorrebrod", "da/mad.md"],
    ["strasse", "de/weg.md"],
    ["kapisi", "tr/kapi.md"],
    ["duong", "vi/duong.md"],
  ])("finds %s", (query, note) => {
    expect(notes(idx, query, 0)[0]).toBe(note);
  });

  it("still finds them as written", () => {
    expect(notes(idx, "Straße", 0)[0]).toBe("de/weg.md");
    expect(notes(idx, "smørrebrød", 0)[0]).toBe("da/mad.md");
  });
});
