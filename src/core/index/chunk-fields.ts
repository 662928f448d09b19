import type { Analyzer } from "../text/analyzer";
import { UNSPACED_RUN } from "../text/bigrams";
import type { FieldPostings } from "./field-postings";
import type { IndexedChunk } from "./index-types";
import { fieldTermCounts, GRAM_FIELD } from "./orama-tokenizer";

/** The word fields of a chunk that keyword search reads. */
export const TEXT_FIELDS = ["text", "title", "headings", "aliases"] as const;

/**
 * Fields that hold the same text in every chunk of a note: when a note is scored as one document, their matches and
 * lengths count once, not once per chunk.
 */
export const NOTE_WIDE_FIELDS: ReadonlySet<string> = new Set(["title", "aliases"]);

/** The text of each field of a chunk: its words, and its unspaced-script runs again as character pairs. */
export type FieldTexts = Record<(typeof TEXT_FIELDS)[number] | typeof GRAM_FIELD, string>;

const UNSPACED_CHAR = new RegExp(UNSPACED_RUN.source, "u");

/**
 * What each field indexes of a chunk. The pair field gets the text and title only when they hold an unspaced script:
 * for the rest it would stay empty anyway, and scanning it costs time on every chunk.
 */
export function chunkFieldTexts(entry: IndexedChunk): FieldTexts {
  const headings = entry.chunk.headingPath.slice(1).join(" ");
  const texts = { text: entry.chunk.text, title: entry.title, headings, aliases: entry.aliases.join(" ") };
  return { ...texts, grams: UNSPACED_CHAR.test(entry.chunk.text + entry.title) ? `${texts.text}\n${texts.title}` : "" };
}

/**
 * Analyses chunks straight into the postings, `perStep` chunks between yields: the restore path when saved postings
 * can't be used. `idOf[i]` is the internal id of `order[i]`; `languageOf` picks (and records) each chunk's language.
 */
export function* analyseChunksSteps(
  fields: Readonly<Record<string, FieldPostings>>,
  analyzer: Analyzer,
  order: readonly IndexedChunk[],
  idOf: Int32Array,
  languageOf: (entry: IndexedChunk, i: number) => string,
  perStep: number,
): Generator<void, void, void> {
  for (const [i, entry] of order.entries()) {
    if (i > 0 && i % perStep === 0) yield;
    const lang = languageOf(entry, i);
    for (const [prop, value] of Object.entries(chunkFieldTexts(entry))) {
      const counted = fieldTermCounts(analyzer, value, lang, prop);
      fields[prop]?.add(idOf[i] ?? 0, counted.counts, counted.length);
    }
  }
}
