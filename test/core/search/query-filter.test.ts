import { describe, expect, it } from "vitest";
import { compileQueryFilter, foldForMatch, hasFilters, type FilterTarget } from "../../../src/core/search/query-filter";
import { parseQuery } from "../../../src/core/search/query-parser";

const target = (over: Partial<FilterTarget> = {}): FilterTarget => ({
  path: "Notes/plain.md",
  tags: [],
  text: "",
  ...over,
});

const accepts = (query: string, t: Partial<FilterTarget>): boolean => compileQueryFilter(parseQuery(query))(target(t));

describe("foldForMatch", () => {
  it("drops case, accents and whitespace runs", () => {
    expect(foldForMatch("  Crème\u00a0Brûlée\n\tÀ LA  carte ")).toBe("creme brulee a la carte");
    expect(foldForMatch("ﬁnal İstanbul")).toBe("final istanbul");
    expect(foldForMatch("don’t")).toBe("don't");
  });

  it("keeps marks that are part of a letter, so different Japanese words stay different", () => {
    expect(foldForMatch("がっこう")).not.toBe(foldForMatch("かっこう"));
    expect(accepts('"がっこう"', { text: "かっこう" })).toBe(false);
    expect(accepts('"がっこう"', { text: "がっこう" })).toBe(true);
  });
});

describe("compileQueryFilter: phrases", () => {
  it("accepts everything when the query has no filter", () => {
    expect(accepts("just words", { text: "" })).toBe(true);
  });

  it("needs every phrase, ignoring case, accents and whitespace", () => {
    const text = "The Crème  Brûlée\nrecipe, step by step";
    expect(accepts('"creme brulee recipe"', { text })).toBe(true);
    expect(accepts('"CRÈME BRÛLÉE" "step by step"', { text })).toBe(true);
    expect(accepts('"creme brulee" "step by stop"', { text })).toBe(false);
  });

  it("matches a phrase as a substring, like Obsidian's search", () => {
    expect(accepts('"machine learn"', { text: "machine learning basics" })).toBe(true);
  });

  it("matches a phrase in CJK text", () => {
    expect(accepts('"学习"', { text: "机器学习的基本原理" })).toBe(true);
    expect(accepts('"深度"', { text: "机器学习的基本原理" })).toBe(false);
  });

  it("treats an unclosed phrase as a phrase", () => {
    expect(accepts('"exact wor', { text: "an exact word" })).toBe(true);
    expect(accepts('"exact wor', { text: "exact, word" })).toBe(false);
  });

  it("matches a phrase typed with accents against text without them", () => {
    expect(accepts('"café"', { text: "Cafe au lait" })).toBe(true);
  });
});

describe("compileQueryFilter: exclusions", () => {
  it("rejects text containing an excluded word, ignoring case and accents", () => {
    expect(accepts("-draft", { text: "This is a DRAFT." })).toBe(false);
    expect(accepts("-cafe", { text: "Le Café" })).toBe(false);
    expect(accepts("-draft", { text: "Final version" })).toBe(true);
  });

  it("matches whole words only", () => {
    expect(accepts("-art", { text: "an article about martial arts" })).toBe(true);
    expect(accepts("-art", { text: "modern art, 1950" })).toBe(false);
    expect(accepts("-art", { text: "art_deco and art2" })).toBe(true);
    expect(accepts("-mail", { text: "send an e-mail" })).toBe(false);
  });

  it("excludes hyphenated words and phrases as a whole", () => {
    expect(accepts("-covid-19", { text: "covid-19 cases" })).toBe(false);
    expect(accepts("-covid-19", { text: "covid 19 cases" })).toBe(true);
    expect(accepts('-"cherry pie"', { text: "Cherry\n pie recipe" })).toBe(false);
    expect(accepts('-"cherry pie"', { text: "cherry pies" })).toBe(true);
    expect(accepts('-"cherry pie"', { text: "cherry tart, apple pie" })).toBe(true);
  });

  it("needs every exclusion absent", () => {
    expect(accepts("-alpha -beta", { text: "gamma beta" })).toBe(false);
    expect(accepts("-alpha -beta", { text: "gamma delta" })).toBe(true);
  });

  it("excludes CJK words by substring, as they have no spaces around them", () => {
    expect(accepts("-学习", { text: "机器学习的基本原理" })).toBe(false);
    expect(accepts("-ai", { text: "关于AI的研究" })).toBe(false);
  });

  it("treats a vowel sign as part of the word it follows", () => {
    expect(accepts("-कम", { text: "वह कमा रहा है" })).toBe(true);
    expect(accepts("-कम", { text: "बहुत कम है" })).toBe(false);
  });

  it("finds a whole-word match after a partial one", () => {
    expect(accepts("-cat", { text: "category cat" })).toBe(false);
  });

  it("checks boundaries next to characters outside the basic plane", () => {
    expect(accepts("-go", { text: "🙂go" })).toBe(false);
    expect(accepts("-go", { text: "go🙂" })).toBe(false);
    // U+10428, a Deseret letter: it glues to the word like any letter.
    expect(accepts("-go", { text: "\u{10428}go" })).toBe(true);
  });

  it("combines phrases and exclusions", () => {
    expect(accepts('"vector search" -draft', { text: "Vector search, final" })).toBe(true);
    expect(accepts('"vector search" -draft', { text: "Vector search draft" })).toBe(false);
  });
});

describe("compileQueryFilter: paths", () => {
  it("matches on folder boundaries, ignoring case", () => {
    expect(accepts("path:proj", { path: "Proj/x.md" })).toBe(true);
    expect(accepts("path:proj", { path: "proj/sub/deeper/x.md" })).toBe(true);
    expect(accepts("path:proj", { path: "project/x.md" })).toBe(false);
    expect(accepts("path:proj", { path: "other/proj/x.md" })).toBe(false);
  });

  it("matches an exact file path", () => {
    expect(accepts("path:notes/daily.md", { path: "Notes/Daily.md" })).toBe(true);
    expect(accepts("path:notes/daily.md", { path: "Notes/Daily.md.bak" })).toBe(false);
  });

  it("accepts quoted folders with spaces and Windows separators", () => {
    expect(accepts('path:"My folder"', { path: "My Folder/Note.md" })).toBe(true);
    expect(accepts("path:Work\\Notes\\", { path: "work/notes/a.md" })).toBe(true);
  });

  it("ORs several paths", () => {
    expect(accepts("path:a path:b", { path: "b/x.md" })).toBe(true);
    expect(accepts("path:a path:b", { path: "c/x.md" })).toBe(false);
  });

  it("ignores how the path's characters are composed", () => {
    expect(accepts("path:Caf\u00e9", { path: "Cafe\u0301/menu.md" })).toBe(true);
  });
});

describe("compileQueryFilter: tags", () => {
  it("matches the tag and tags nested under it, not longer names", () => {
    expect(accepts("tag:#project", { tags: ["project"] })).toBe(true);
    expect(accepts("tag:#project", { tags: ["project/alpha"] })).toBe(true);
    expect(accepts("tag:project", { tags: ["projects"] })).toBe(false);
    expect(accepts("tag:project/alpha", { tags: ["project"] })).toBe(false);
    expect(accepts("tag:Project/Alpha", { tags: ["project/alpha/beta"] })).toBe(true);
  });

  it("ANDs several tags", () => {
    expect(accepts("tag:a tag:b", { tags: ["b", "a/x"] })).toBe(true);
    expect(accepts("tag:a tag:b", { tags: ["a"] })).toBe(false);
    expect(accepts("tag:a", { tags: [] })).toBe(false);
  });

  it("tolerates note tags with # or capitals", () => {
    expect(accepts("tag:idea", { tags: ["#Idea"] })).toBe(true);
  });
});

describe("compileQueryFilter: everything together", () => {
  const query = 'path:Projects tag:active "launch plan" -cancelled';
  const good: FilterTarget = target({ path: "Projects/q3.md", tags: ["active/high"], text: "Launch plan for Q3" });

  it("needs every kind of filter to pass", () => {
    const keep = compileQueryFilter(parseQuery(query));
    expect(keep(good)).toBe(true);
    expect(keep({ ...good, path: "Archive/q3.md" })).toBe(false);
    expect(keep({ ...good, tags: ["inactive"] })).toBe(false);
    expect(keep({ ...good, text: "Launch schedule" })).toBe(false);
    expect(keep({ ...good, text: "Launch plan, cancelled" })).toBe(false);
  });
});

describe("hasFilters", () => {
  it("is true for any phrase, exclusion, path or tag, and false for plain text", () => {
    expect(hasFilters(parseQuery("plain words"))).toBe(false);
    expect(hasFilters(parseQuery("covid-19 e-mail path: tag:"))).toBe(false);
    for (const q of ['"a b"', "-a", "path:a", "tag:a"]) expect(hasFilters(parseQuery(q))).toBe(true);
  });
});

describe("compileQueryFilter: pre-folded text", () => {
  it("uses text marked as folded as it is", () => {
    const keep = compileQueryFilter(parseQuery('"crème"'));
    expect(keep(target({ text: foldForMatch("La Crème"), textIsFolded: true }))).toBe(true);
    // Not folded, so the accent-free phrase cannot be found in it: proof that no second folding happened.
    expect(keep(target({ text: "La Crème", textIsFolded: true }))).toBe(false);
  });
});
