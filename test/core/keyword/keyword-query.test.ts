import { describe, expect, it } from "vitest";
import { field } from "./field-of-words";
import { keywordClauses, type KeywordQueryContext } from "../../../src/core/keyword/keyword-query";
import type { FieldPostings } from "../../../src/core/keyword/field-postings";
import { Analyzer } from "../../../src/core/text/analyzer";
import { ENGLISH } from "../../../src/core/text/languages";

function context(text: FieldPostings): KeywordQueryContext {
  return { analyzer: new Analyzer(), languages: [ENGLISH], stopLanguage: ENGLISH, props: ["text"], gramProp: "grams", fields: { text }, prefixLast: true, maxEdits: 1 };
}

/** The terms standing for the beginning of the last word (see `ClauseTerm.cover`). */
function covers(query: string, text: FieldPostings): string[] {
  const clauses = keywordClauses(query, context(text));
  return (clauses.at(-1)?.terms ?? []).filter((t) => t.cover).map((t) => t.term);
}

describe("stems standing for the beginning of a misspelt word", () => {
  it("leave out a stem one edit away that most chunks hold, and keep a rarer one", () => {
    // "plan" is one edit from "lan", the start of "lang" being typed; "lun" one from "lan" too.
    const chunks = [...Array.from({ length: 6 }, () => ["plan", "train"]), ["lun", "train"], ["language"], ["walk"], ["garden"]];
    const found = covers("train lang", field(chunks));
    expect(found).not.toContain("plan");
    expect(found).toContain("lun");
  });

  it("keep a stem that begins the word as typed, however common", () => {
    // "morn" (morning) begins "mornin": what the word being typed most likely is.
    const chunks = [...Array.from({ length: 8 }, () => ["morn", "coffe"]), ["releas"], ["walk"]];
    expect(covers("release mornin", field(chunks))).toContain("morn");
  });
});
