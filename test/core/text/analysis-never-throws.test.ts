import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Analyzer } from "../../../src/core/text/analyzer";
import { foreignFailures } from "../../../src/core/text/foreign-code";
import { LANGUAGES } from "../../../src/core/text/languages";

/** Code points of one script (or kind of character), drawn uniformly. */
const range = (min: number, max: number) => fc.integer({ min, max }).map((c) => String.fromCodePoint(c));

const SCRIPTS = {
  latin: fc.oneof(range(0x61, 0x7a), range(0xc0, 0x24f)),
  cyrillic: range(0x400, 0x4ff),
  greek: range(0x370, 0x3ff),
  arabic: range(0x600, 0x6ff),
  devanagari: range(0x900, 0x97f),
  tamil: range(0xb80, 0xbff),
  cjk: fc.oneof(range(0x4e00, 0x9fff), range(0x3040, 0x30ff)),
  hangul: range(0xac00, 0xd7a3),
  thai: range(0xe00, 0xe7f),
  emoji: fc.oneof(range(0x1f300, 0x1faff), fc.constant("\u200d"), fc.constant("\ufe0f")),
  combining: range(0x300, 0x36f),
  // Lone halves of a surrogate pair: a UTF-16 string may hold them, and a cut note or query can end in one.
  surrogate: range(0xd800, 0xdfff),
};
/**
 * Cyrillic words with the endings of Russian, Ukrainian and Bulgarian nouns and adjectives, where stemmers do their
 * work (a uniformly random word seldom ends in one).
 */
const ENDINGS = ["и", "ен", "ци", "зи", "си", "еве", "ове", "ища", "ият", "ът", "та", "те", "то", "ия", "ят", "ями", "ов", "ого", "ість", "ів", "ах"];
const cyrillicLetter = fc.oneof(range(0x430, 0x44f), fc.constantFrom("ё", "і", "ї", "є", "ґ", "ў", "ј", "љ"));
const inflectedCyrillic = fc
  .tuple(fc.array(cyrillicLetter, { minLength: 1, maxLength: 9 }), fc.constantFrom(...ENDINGS), fc.boolean())
  .map(([stem, ending, upper]) => (upper ? (stem.join("") + ending).toUpperCase() : stem.join("") + ending));
const anyChar = fc.oneof(...Object.values(SCRIPTS), range(0x21, 0x7e));
const wordOf = (ch: fc.Arbitrary<string>) => fc.array(ch, { minLength: 1, maxLength: 24 }).map((a) => a.join(""));

/** Words of every note under bench/fixtures/multilingual (real words of each fixture language). */
function fixtureWords(): Map<string, string[]> {
  const root = join(import.meta.dirname, "../../../bench/fixtures/multilingual");
  const byLang = new Map<string, string[]>();
  for (const lang of readdirSync(root)) {
    const dir = join(root, lang);
    if (!statSync(dir).isDirectory()) continue;
    const words = new Set<string>();
    for (const f of readdirSync(dir).filter((n) => n.endsWith(".md"))) {
      for (const w of readFileSync(join(dir, f), "utf8").toLowerCase().match(/[\p{L}\p{M}]+/gu) ?? []) words.add(w);
    }
    byLang.set(lang, [...words]);
  }
  return byLang;
}

/**
 * Runs every stemmer over each word of `text`, and the analyzer over the whole text in every language (or only the
 * detected one); the stemmers underneath the wall must not fail either.
 */
function analyseEverywhere(analyzer: Analyzer, text: string, allLanguages = true): void {
  const before = foreignFailures().count;
  const detected = analyzer.detect(text);
  analyzer.judge(text);
  for (const lang of allLanguages ? LANGUAGES : [detected]) {
    analyzer.terms(text, lang);
    analyzer.termCounts(text, lang);
    analyzer.normalize(text.toLowerCase(), lang);
  }
  for (const word of text.toLowerCase().split(/\s+/u)) if (word) for (const lang of LANGUAGES) lang.stem(word);
  // A failure caught by the wall still costs a word its stem: none may happen on these inputs.
  expect(foreignFailures()).toMatchObject({ count: before });
}

// Hundreds of thousands of stems: seconds alone, a minute or more on a busy machine running the whole suite.
describe("analysis of any text never throws (stemmers, segmenter, detection)", { timeout: 240_000 }, () => {
  // As queries are analysed (stop words dropped) and as the index analyses notes (stop words kept).
  const analyzers = [new Analyzer(), new Analyzer({ stemming: true, stopWords: false })];

  it.each(Object.entries(SCRIPTS))("random %s words", (_name, ch) => {
    fc.assert(
      fc.property(fc.array(wordOf(ch), { minLength: 1, maxLength: 6 }), (words) => {
        for (const a of analyzers) analyseEverywhere(a, words.join(" "));
      }),
      { numRuns: 30 },
    );
  });

  it("random Cyrillic words with inflection endings", () => {
    fc.assert(
      fc.property(fc.array(inflectedCyrillic, { minLength: 1, maxLength: 8 }), (words) => {
        for (const a of analyzers) analyseEverywhere(a, words.join(" "));
      }),
      { numRuns: 40 },
    );
  });

  it("random words mixing every script, and arbitrary UTF-16 strings", () => {
    fc.assert(
      fc.property(fc.array(wordOf(anyChar), { minLength: 1, maxLength: 6 }), fc.string({ unit: "binary", maxLength: 40 }), (words, raw) => {
        for (const a of analyzers) {
          analyseEverywhere(a, words.join(" "));
          analyseEverywhere(a, raw);
        }
      }),
      { numRuns: 40 },
    );
  });

  it("every word of every fixture language, through every stemmer", () => {
    const byLang = fixtureWords();
    expect(byLang.size).toBeGreaterThanOrEqual(18);
    for (const [, words] of byLang) {
      expect(words.length).toBeGreaterThan(100);
      // Sentences of 12 words, so detection sees real prose of the language too.
      for (let i = 0; i < words.length; i += 12) analyseEverywhere(analyzers[0] as Analyzer, words.slice(i, i + 12).join(" "), false);
    }
  });
});
