import { ENGLISH, languageOf } from "../text/languages";
import type { FieldPostings } from "../keyword/field-postings";
import { LANGUAGE_FIELD } from "../keyword/field-terms";
import type { ChunkTables } from "./chunk-tables";
import { distinctiveWords, sampleTexts, type WordStatistics } from "./distinctive-words";

/**
 * `ChunkIndex.distinctiveWords`: the chunks `ids` weighed against the index's text field, each in the language it
 * was analysed in. A source longer than `WORD_SAMPLE_CHARS` is weighed by an even sample of its chunks (see
 * `sampleTexts`); whether another note holds a word is then read from the word's postings, as the sample can't tell.
 */
export function noteDistinctiveWords(t: ChunkTables, ids: readonly string[], count: number, leaveOut?: ReadonlySet<string>, maxShare?: number): string[] {
  const field = t.db.postings.fields[LANGUAGE_FIELD];
  if (!field) return [];
  const texts = ids.flatMap((id) => {
    const entry = t.chunks.get(id);
    return entry ? [{ text: entry.chunk.text, lang: languageOf(t.langs.recorded(id)) ?? ENGLISH, key: entry.chunk }] : [];
  });
  const sample = sampleTexts(texts);
  const stats: WordStatistics = { analyzer: t.analyzer, documentFrequency: (term) => field.documentFrequency(term), documents: t.chunks.size };
  if (sample !== texts) stats.heldElsewhere = heldOutside(field, ids.flatMap((id) => t.db.internalIdOf(id) ?? []));
  return distinctiveWords(sample, stats, count, leaveOut, maxShare);
}

/** Whether a document outside `own` (internal ids) holds a term: its postings, read only as far as the first such. */
function heldOutside(field: FieldPostings, own: readonly number[]): (term: string) => boolean {
  const mine = new Set(own);
  return (term) => {
    const list = field.postings(term);
    if (!list) return false;
    if (list.length > mine.size) return true;
    const ids = list.ids;
    for (let i = 0; i < list.length; i++) if (!mine.has(ids[i]!)) return true;
    return false;
  };
}
