import { describe, expect, it } from "vitest";
import { SearchEngine } from "../../../src/core/search/search-engine";
import { indexNotes } from "../../fakes/markdown-index";

// Queries made of what people paste or type besides words: emoji with variation selectors and joiners, lone
// combining marks, apostrophes and digits. Typed key by key, every prefix is searched.
const ODD = ["🗂️ 0", "🗂️ 00 inbox", "👩‍💻 dev log", "0 ́ inbox", "️️ 0 0", "’ 0", "_ 0 inbox", "#️⃣ 1 2", "e\u0301te\u0301 0", "0 🗂️"];

describe("odd queries", () => {
  const index = indexNotes({
    "00 inbox.md": "# 0 Inbox\n\n0 inbox items and 00 more, 1 2 3.\n",
    "Dev log.md": "# Dev log\n\nDev log of the week: 0 bugs.\n",
    "Été.md": "# Été\n\nÉté 0 à la plage.\n",
    "Other.md": "# Other\n\nNothing here.\n",
  });
  const engine = new SearchEngine({ index });

  it("answers every prefix of every odd query, in keyword mode, with notes of the index", async () => {
    const paths = new Set(["00 inbox.md", "Dev log.md", "Été.md", "Other.md"]);
    for (const query of ODD) {
      const chars = [...query];
      for (let i = 1; i <= chars.length; i++) {
        const prefix = chars.slice(0, i).join("");
        const { results } = await engine.search({ query: prefix, mode: "keyword", limit: 10 });
        for (const r of results) expect(paths.has(r.path), `${prefix} → ${r.path}`).toBe(true);
      }
    }
  });

  it("lists on every key of an odd query what an index that never saw the keys before lists", () => {
    // What typing reuses from key to key (kept clauses, chunks without the words in order) must not leak into an
    // odd query's keys, nor an odd key's into the next.
    const notes = {
      "00 inbox.md": "# 0 Inbox\n\n0 inbox items and 00 more, 1 2 3.\n",
      "Dev log.md": "# Dev log\n\nDev log of the week: 0 bugs. Dev logs.\n",
      "Été.md": "# Été\n\nÉté 0 à la plage.\n",
    };
    const typed = indexNotes(notes);
    for (const query of [...ODD, "“dev lo”", "dev lgo 0", "-dev log", "path:Dev dev lo"]) {
      const chars = [...query];
      for (let i = 1; i <= chars.length; i++) {
        const key = chars.slice(0, i).join("");
        const opts = { limit: 10, prefixLast: !/\s$/.test(key), maxEdits: 1, chunksPerNote: 1 };
        expect(typed.keywordSearch(key, opts), key).toEqual(indexNotes(notes).keywordSearch(key, opts));
      }
    }
  });

  it("finds the note by the words around an emoji", async () => {
    const { results } = await engine.search({ query: "🗂️ 0 inbox", mode: "keyword", limit: 3 });
    expect(results[0]?.path).toBe("00 inbox.md");
  });
});
