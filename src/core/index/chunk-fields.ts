import type { Analyzer } from "../text/analyzer";
import { PAIRED_LETTER } from "../text/bigrams";
import type { Language } from "../text/languages";
import type { ChunkedNote } from "../types";
import type { FieldPostings } from "../keyword/field-postings";
import type { IndexedChunk } from "./index-types";
import { fieldTermCounts, GRAM_FIELD } from "../keyword/field-terms";

/** The word fields of a chunk that keyword search reads. */
export const TEXT_FIELDS = ["text", "title", "headings", "aliases"] as const;

/**
 * Fields that hold the same text in every chunk of a note: when a note is scored as one document, their matches and
 * lengths count once, not once per chunk.
 */
export const NOTE_WIDE_FIELDS: ReadonlySet<string> = new Set(["title", "aliases"]);

/** The text of each field of a chunk: its words, and its runs of paired scripts again as character pairs. */
export type FieldTexts = Record<(typeof TEXT_FIELDS)[number] | typeof GRAM_FIELD, string>;

/**
 * What each field indexes of a chunk. The pair field gets the text and title only when they hold a paired script:
 * an unspaced one or Hangul (see bigrams.ts). For the rest it would stay empty anyway, and scanning it costs time on
 * every chunk.
 */
export function chunkFieldTexts(entry: IndexedChunk): FieldTexts {
  const headings = entry.chunk.headingPath.slice(1).join(" ");
  const texts = { text: entry.chunk.text, title: entry.title, headings, aliases: entry.aliases.join(" ") };
  return { ...texts, grams: PAIRED_LETTER.test(entry.chunk.text + entry.title) ? `${texts.text}\n${texts.title}` : "" };
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

/** Text of a note read to judge its language: enough prose for function words to tell, however long the note. */
const NOTE_SAMPLE_CHARS = 20_000;

/**
 * The language of a note as a whole: what its function words point to, else `vaultDefault`. A chunk of a heading and
 * a line says too little by itself, and would otherwise be analysed in the vault's language while the rest of its
 * note is Danish.
 */
export function noteFallbackLanguage(analyzer: Analyzer, note: ChunkedNote, vaultDefault: Language): Language {
  let sample = "";
  for (const chunk of note.chunks) {
    if (sample.length >= NOTE_SAMPLE_CHARS) break;
    sample += `${chunk.text.slice(0, NOTE_SAMPLE_CHARS)}\n`;
  }
  return analyzer.detect(sample, vaultDefault);
}
