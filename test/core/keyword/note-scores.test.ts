import { describe, expect, it } from "vitest";
import { NotePass } from "../../../src/core/keyword/note-scores";
import { NoteTable } from "../../../src/core/keyword/note-table";

const lengths = (text: number, title: number) => (field: string) => (field === "text" ? text : field === "title" ? title : 0);

function table(): NoteTable {
  const t = new NoteTable(["text", "title"], new Set(["title"]));
  t.add(1, "a.md", lengths(10, 3));
  t.add(2, "a.md", lengths(20, 3));
  t.add(3, "b.md", lengths(6, 1));
  t.add(4, "c.md", lengths(9, 2));
  return t;
}

/** One clause of two terms over a few postings; `take` takes each term's walk out before it ends, as a kept walk is. */
function clause(pass: NotePass, notes: NoteTable, take: boolean): { ids: number[]; scores: number[]; taken: number[][] } {
  const taken: number[][] = [];
  pass.begin({ table: notes, k1: 1.2, b: 0.75, passageWeight: 0.5 });
  pass.startClause();
  const terms: [string, number, number][][] = [
    [["text", 1, 2], ["text", 2, 1], ["text", 3, 4], ["title", 1, 1], ["title", 2, 1]],
    [["text", 4, 1], ["text", 2, 3]],
  ];
  terms.forEach((postings, t) => {
    pass.startTerm();
    let field = "";
    for (const [f, id, count] of postings) {
      if (f !== field) pass.startField(f, f === "title" ? 2 : 1);
      field = f;
      pass.visit(id, count);
    }
    if (take) {
      const walk = pass.takeTerm();
      taken.push([...walk.ids, ...walk.tfs, walk.df]);
    }
    pass.endTerm(1, t === 0 ? "own" : "completion");
  });
  const { ids, scores } = pass.endClause();
  return { ids: [...ids], scores: [...scores], taken };
}

describe("NotePass", () => {
  it("scores a term taken out as a kept walk exactly as one drained at its end", () => {
    const t = table();
    const plain = clause(new NotePass(t, 16), t, false);
    const taken = clause(new NotePass(t, 16), t, true);
    expect(taken.ids).toEqual(plain.ids);
    expect(taken.scores).toEqual(plain.scores);
    // Notes a (chunks 1, 2) and b (chunk 3) for the first term, c and a for the second; the title counts once per note.
    expect(taken.taken.map((w) => w.at(-1))).toEqual([2, 2]);
    expect(taken.taken[0]?.slice(0, 2)).toEqual([t.noteOf(1), t.noteOf(3)]);
  });
});
