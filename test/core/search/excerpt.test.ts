import { describe, expect, it } from "vitest";
import { buildExcerpt, highlightTermsOf, type Excerpt } from "../../../src/core/search/excerpt";
import { parseQuery } from "../../../src/core/search/query-parser";

const marked = (e: Excerpt) => e.segments.filter((s) => s.match).map((s) => s.text);
const joined = (e: Excerpt) => e.segments.map((s) => s.text).join("");

describe("buildExcerpt matching", () => {
  it("highlights stems, ignoring case and accents", () => {
    const e = buildExcerpt("Studies of the CAFÉ culture; a study in cafes.", { terms: ["study", "café"] }, 200);
    expect(marked(e)).toEqual(["Studies", "CAFÉ", "study", "cafes"]);
    expect(joined(e)).toBe("Studies of the CAFÉ culture; a study in cafes.");
    expect(e.hasMatch).toBe(true);
  });

  it("ignores stop words in the query", () => {
    const e = buildExcerpt("The cat and the hat", { terms: ["the", "hat"] }, 200);
    expect(marked(e)).toEqual(["hat"]);
  });

  it("highlights the word being typed as a prefix", () => {
    const e = buildExcerpt("Philosophy of mind and philology", { terms: ["philo"], prefix: "philo" }, 200);
    expect(marked(e)).toEqual(["Philosophy", "philology"]);
  });

  it("highlights a quoted phrase as one span, and only where the words are consecutive", () => {
    const e = buildExcerpt("machine learning is not learning machine, Machine  Learning", { terms: [], phrases: ["machine learning"] }, 200);
    expect(marked(e)).toEqual(["machine learning", "Machine Learning"]);
  });

  it("finds words of unspaced scripts inside longer runs", () => {
    const e = buildExcerpt("我们讨论机器学习的方法", { terms: ["学习"] }, 200);
    expect(marked(e)).toEqual(["学习"]);
  });

  it("keeps markup-like text as plain text segments", () => {
    const e = buildExcerpt('<img src=x onerror="alert(1)"> alert <script>x</script>', { terms: ["alert"] }, 200);
    expect(joined(e)).toBe('<img src=x onerror="alert(1)"> alert <script>x</script>');
    expect(marked(e)).toEqual(["alert", "alert"]);
  });
});

describe("buildExcerpt window", () => {
  const filler = (n: number, word = "lorem") => Array.from({ length: n }, () => word).join(" ");

  it("starts at the beginning, cut between words, when nothing matches", () => {
    const e = buildExcerpt(`alpha beta gamma delta ${filler(50)}`, { terms: ["zebra"] }, 30);
    expect(joined(e)).toBe("alpha beta gamma delta lorem …");
    expect(e.hasMatch).toBe(false);
  });

  it("centres the window on the densest cluster of distinct terms", () => {
    const text = `${filler(40)} apple ${filler(40)} apple banana cherry ${filler(40)} apple`;
    const e = buildExcerpt(text, { terms: ["apple", "banana", "cherry"] }, 60);
    expect(marked(e)).toEqual(["apple", "banana", "cherry"]);
    expect(e.segments[0]?.text.startsWith("… ")).toBe(true);
    expect(e.segments[e.segments.length - 1]?.text.endsWith(" …")).toBe(true);
    const body = joined(e).replace(/^… | …$/g, "");
    expect(body.length).toBeLessThanOrEqual(60);
    expect(body.startsWith("lorem")).toBe(true);
  });

  it("prefers more distinct terms over more repetitions", () => {
    const text = `apple apple apple apple ${filler(30)} apple banana ${filler(30)}`;
    const e = buildExcerpt(text, { terms: ["apple", "banana"] }, 40);
    expect(marked(e)).toContain("banana");
  });

  it("collapses whitespace and never cuts inside a word", () => {
    const text = `one\n\ntwo   three ${filler(20, "wordy")} target ${filler(20, "wordy")}`;
    const e = buildExcerpt(text, { terms: ["target"] }, 40);
    const body = joined(e).replace(/^… | …$/g, "");
    expect(body).not.toMatch(/\s{2,}/);
    for (const w of body.split(" ")) expect(["wordy", "target"]).toContain(w);
  });

  it("returns short texts whole", () => {
    const e = buildExcerpt("  short\ttext ", { terms: [] }, 100);
    expect(e.segments).toEqual([{ text: "short text", match: false }]);
  });
});

describe("highlightTermsOf", () => {
  it("takes the words, phrases and, when typing, the last word as a prefix", () => {
    const q = parseQuery('"deep work" focus tag:x -noise plan');
    expect(highlightTermsOf(q, true)).toEqual({ terms: ["deep", "work", "focus", "plan"], phrases: ["deep work"], prefix: "plan" });
    expect(highlightTermsOf(q)).toEqual({ terms: ["deep", "work", "focus", "plan"], phrases: ["deep work"] });
  });
});

describe("buildExcerpt on texts shown key after key", () => {
  it("highlights what each query asks, whatever the queries before it asked of the same text", () => {
    const text = "Gardening notes:\n  the Garden  plan, gardens in spring, and a garden plan for café Gardena.";
    const keys: [Parameters<typeof buildExcerpt>[1], string[]][] = [
      [{ terms: ["gar"], prefix: "gar" }, ["Gardening", "Garden", "gardens", "garden", "Gardena"]],
      [{ terms: ["garden"] }, ["Gardening", "Garden", "gardens", "garden"]],
      [{ terms: ["garden", "pl"], prefix: "pl" }, ["Gardening", "Garden", "plan", "gardens", "garden", "plan"]],
      [{ terms: ["cafe"], phrases: ["garden plan"] }, ["Garden plan", "garden plan", "café"]],
      [{ terms: ["spring"] }, ["spring"]],
      [{ terms: ["gar"], prefix: "gar" }, ["Gardening", "Garden", "gardens", "garden", "Gardena"]],
    ];
    for (const [query, expected] of keys) expect(marked(buildExcerpt(text, query, 500))).toEqual(expected);
  });

  it("gives a text the same excerpt after many other texts were shown", () => {
    const text = "Compost heaps need turning; compost bins less so.";
    const first = buildExcerpt(text, { terms: ["compost"] }, 500);
    // More text than the excerpts keep (100,000 characters), so that this one was let go.
    for (let i = 0; i < 300; i++) buildExcerpt(`filler text number ${i} about compost ${i}. `.repeat(12), { terms: ["compost"] }, 500);
    expect(buildExcerpt(text, { terms: ["compost"] }, 500)).toEqual(first);
    expect(marked(first)).toEqual(["Compost", "compost"]);
  });
});
