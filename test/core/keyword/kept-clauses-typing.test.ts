import { describe, expect, it } from "vitest";
import { chunkNote } from "../../../src/core/chunk/chunker";
import { indexNotes } from "../../fakes/markdown-index";

// Typing reuses what the keys before worked out: clause scores, term walks, a misspelt word's clause without its
// cover stems (read off the same pass as the clause with them), and the chunks found without the words in order.
// Whatever is reused, every key must list exactly what a search that keeps nothing lists.
const NOTES: Record<string, string> = {
  "Language notes.md": "# Language notes\n\nLanguages I am learning: a language a year.\n\n## Lang\n\nLang is short for language.\n",
  "Lantern.md": "# Lantern\n\nThe lantern by the landing, lanterns in the lane.\n",
  "Landing.md": "# Landing\n\nThe landing page of the language course, landing in May.\n",
  "Question log.md": "# Question log\n\nQuestions and answers, a question a day. Quest for answers.\n",
  "Quests.md": "# Quests\n\nSide quests of the game, a quest log. Queue of quests.\n",
  "Train.md": "# Train\n\nTrain language models, the training language, train times.\n",
  "Other.md": "# Other\n\nNothing of the sort: lake, lane, lamp, query, queen.\n",
  "Course.md": "# Course\n\nThe course mob met. Course morning, course mornings, a morning course.\n",
  "Late.md": "# Late\n\nOnly course mornings here.\n",
  "Mornings.md": "# Mornings\n\nMorning course notes: the course moved to the morning room.\n",
};

// Misspelt words typed key by key, alone and after another word, with the typos where cover stems come in
// ("lamguage": "lam" and "lang" begin it within an edit), and odd input around them.
const TYPED = ["lamguage", "train lamguag", "questoin log", "quets log", "landnig page", "la ng", "🗂️ lamgu", "“quets”", "lang-uage"];

describe("keyword search while typing, with and without kept clauses", () => {
  const index = indexNotes(NOTES);

  it("lists the same chunks, scores and order on every key", () => {
    for (const query of TYPED) {
      const chars = [...query];
      for (let i = 1; i <= chars.length; i++) {
        const prefix = chars.slice(0, i).join("");
        for (const chunksPerNote of [undefined, 1]) {
          const opts = { limit: 20, prefixLast: !/\s$/.test(prefix), maxEdits: 1, ...(chunksPerNote ? { chunksPerNote } : {}) };
          const kept = index.keywordSearch(prefix, opts);
          const fresh = index.keywordSearch(prefix, { ...opts, keepClauses: false });
          expect(kept, `${prefix} (${chunksPerNote ?? "all"} a note)`).toEqual(fresh);
        }
      }
    }
  });

  it("lists on every key what an index that never saw the keys before lists, backspaces included", () => {
    // Keys typed on, then taken back: "course mor" holds where "course morn" did not ("course mob" holds neither).
    const keys = ["course morning ", "course morning", "course m", "course mo", "course mor", "course morn", "course morni", "course morning", "course morning ", "course morning r", "course morning", "course morn", "course mo", "course mob", "course mo", "course morning room", "morning course", "morning cours"];
    for (const key of keys) {
      const opts = { limit: 20, prefixLast: !/\s$/.test(key), maxEdits: 1, chunksPerNote: 1 };
      expect(index.keywordSearch(key, opts), key).toEqual(indexNotes(NOTES).keywordSearch(key, opts));
    }
  });

  it("checks word order again once a note changes under the same chunk ids", () => {
    // Both words, apart: word order finds the chunk without them side by side, and keeps that while the query grows.
    const edited = indexNotes({ ...NOTES, "Lantern.md": "# Lantern\n\nThe lantern log of a quest.\n" });
    const opts = { limit: 20, prefixLast: true, maxEdits: 1, chunksPerNote: 1 };
    const before = edited.keywordSearch("quest lo", opts);
    edited.addNote(chunkNote("Lantern.md", "# Lantern\n\nThe lantern quest log, by the landing.\n"));
    const after = edited.keywordSearch("quest log", opts);
    expect(before.some((h) => h.id.startsWith("Lantern.md"))).toBe(true);
    expect(after).toEqual(indexNotes({ ...NOTES, "Lantern.md": "# Lantern\n\nThe lantern quest log, by the landing.\n" }).keywordSearch("quest log", opts));
  });

  it("finds the misspelt word's note", () => {
    const hits = index.keywordSearch("lamguage", { limit: 5, maxEdits: 1 });
    expect(hits[0]?.id.startsWith("Language notes.md")).toBe(true);
  });
});
