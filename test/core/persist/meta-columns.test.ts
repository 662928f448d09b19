import { describe, expect, it } from "vitest";
import { fromColumns, isMetaColumns, toColumns } from "../../../src/core/persist/meta-columns";
import { runAll } from "../../../src/core/shared/slices";
import { buildSnapshot } from "./snapshot-fixtures";

function columnsOf(languages: (string | undefined)[]) {
  const s = buildSnapshot(languages.map((_, i) => ({ path: `n${i}.md`, chunks: [{ text: `text ${i}` }] })));
  s.notes.forEach((n, i) => {
    const language = languages[i];
    if (language !== undefined) n.meta.language = language;
  });
  return { s, columns: runAll(toColumns(s, s.chunks.map(() => 0))) };
}

describe("meta columns of a note's lang frontmatter", () => {
  it("keep each note's language, and no language for a note without one", () => {
    const { s, columns } = columnsOf(["de", undefined, "sv-SE"]);
    expect(isMetaColumns(columns, 3, 3)).toBe(true);
    const back = runAll(fromColumns(columns, (i) => s.chunks[i]?.text ?? ""));
    expect(back.notes.map((n) => n.meta.language)).toEqual(["de", undefined, "sv-SE"]);
    expect(back.notes.map((n) => n.meta)).toEqual(s.notes.map((n) => n.meta));
  });

  it("read files saved before languages were kept as notes without one", () => {
    const { s, columns } = columnsOf(["de", "fr"]);
    delete columns.notes.language;
    expect(isMetaColumns(columns, 2, 2)).toBe(true);
    const back = runAll(fromColumns(columns, (i) => s.chunks[i]?.text ?? ""));
    expect(back.notes.map((n) => n.meta.language)).toEqual([undefined, undefined]);
  });

  it("refuse a language column of the wrong length or type", () => {
    const { columns } = columnsOf(["de", "fr"]);
    expect(isMetaColumns({ ...columns, notes: { ...columns.notes, language: ["de"] } }, 2, 2)).toBe(false);
    expect(isMetaColumns({ ...columns, notes: { ...columns.notes, language: ["de", 3] } }, 2, 2)).toBe(false);
  });
});

describe("meta columns of the chunks' heading paths", () => {
  it("give the chunks of one section one array, and every chunk its own path", () => {
    const paths = [["A"], ["A", "B"], ["A", "B"], ["A", "B"], ["A"], ["A", "C"]];
    const s = buildSnapshot([
      { path: "a.md", chunks: paths.map((headingPath, i) => ({ text: `t${i}`, headingPath: [...headingPath] })) },
      { path: "b.md", chunks: [{ text: "u", headingPath: ["A"] }] },
    ]);
    const back = runAll(fromColumns(runAll(toColumns(s, s.chunks.map(() => 0))), (i) => s.chunks[i]?.text ?? ""));
    expect(back.chunks.map((c) => c.headingPath)).toEqual([...paths, ["A"]]);
    const [a0, a1, a2, a3, a4] = back.chunks;
    expect(a1?.headingPath).toBe(a2?.headingPath);
    expect(a2?.headingPath).toBe(a3?.headingPath);
    expect(a0?.headingPath).not.toBe(a4?.headingPath);
    // Another note's chunk gets an array of its own, even where the path is the same.
    expect(back.chunks[6]?.headingPath).not.toBe(a4?.headingPath);
  });
});
