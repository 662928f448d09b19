import { describe, expect, it } from "vitest";
import { chunkNote } from "../../../src/core/chunk/chunker";
import { ChunkIndex } from "../../../src/core/index/chunk-index";
import { FieldPostings } from "../../../src/core/keyword/field-postings";
import { TermLists } from "../../../src/core/keyword/term-lists";

function postingsOf(docs: Record<string, string[]>[]): { fields: Record<string, FieldPostings> } {
  const fields: Record<string, FieldPostings> = { text: new FieldPostings(), title: new FieldPostings() };
  docs.forEach((doc, i) => {
    for (const [field, words] of Object.entries(doc)) {
      const counts = new Map<string, number>();
      for (const w of words) counts.set(w, (counts.get(w) ?? 0) + 1);
      fields[field]?.add(i + 1, counts, words.length);
    }
  });
  return { fields };
}

describe("TermLists", () => {
  it("gives each field's own list of a term, in the clause's field order, and none where a field lacks it", () => {
    const index = postingsOf([{ text: ["soil", "rain"], title: ["soil"] }, { text: ["rain"] }]);
    const lookup = new TermLists().lookup(index, ["title", "text", "aliases"]);
    const soil = lookup("soil");
    expect(soil[0]).toBe(index.fields.title?.postings("soil"));
    expect(soil[1]).toBe(index.fields.text?.postings("soil"));
    expect(soil[2]).toBeUndefined();
    expect(lookup("rain").map((l) => l?.length ?? 0)).toEqual([0, 2, 0]);
    expect(lookup("tomato").every((l) => l === undefined)).toBe(true);
  });

  it("holds a bounded number of terms and answers the same past the bound", () => {
    const index = postingsOf([{ text: ["soil"] }]);
    const lists = new TermLists();
    const lookup = lists.lookup(index, ["text"]);
    for (let i = 0; i < 20_000; i++) lookup(`t${i}`);
    expect(lists.count).toBeLessThanOrEqual(16_384);
    expect(lookup("soil")[0]?.length).toBe(1);
    lists.clear();
    expect(lists.count).toBe(0);
  });

  it("is not carried over an edit: a word searched before any note held it is found once one does", () => {
    const idx = new ChunkIndex(0);
    idx.addNote(chunkNote("a.md", "# garden\n\ntomato soil rain\n"));
    const search = (q: string) => idx.keywordSearch(q, { limit: 10, prefixLast: false, chunksPerNote: 2 }).map((h) => h.id);
    expect(search("zucchini")).toEqual([]);
    idx.addNote(chunkNote("b.md", "# harvest\n\nzucchini soil\n"));
    expect(search("zucchini").length).toBe(1);
  });
});
