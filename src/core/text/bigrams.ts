/**
 * Runs of scripts matched by character pairs: those written without spaces between words (Chinese, Japanese, Thai,
 * Lao, Khmer, Myanmar), and Korean, whose words carry their particles and endings attached ("상자들은" is 상자 "box"
 * with a plural and a topic marker), so a pair finds the word in any of its forms, as Lucene's CJK bigrams do.
 */
const PAIRED_RUN =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}\p{M}ー]+/gu;

/**
 * A letter of an unspaced script. Not `PAIRED_RUN`, which also takes combining marks: those occur in every script
 * (Arabic vowel points, Devanagari vowels, decomposed accents), and a word with one is not unspaced.
 */
export const UNSPACED_LETTER =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

/** A letter of a script matched by character pairs (see `PAIRED_RUN`): an unspaced one, or Hangul. */
export const PAIRED_LETTER =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

/** Hangul letters as separate jamo, as macOS writes file names (NFD): pairs are taken from whole syllables. */
const JAMO = /[\u1100-\u11ff]/u;

/**
 * Overlapping character pairs of every paired-script run in `text` ("東京都" → 東京, 京都), with counts. A word
 * segmenter only finds whole dictionary words; pairs also let a fragment cut mid-word, one piece of a long katakana
 * compound, or a Korean word with other endings, match. Combining marks stay with their letter (Thai vowels and tone
 * marks are marks), and Khmer subscript consonants with theirs. Runs are taken from the lower-cased text, so
 * full-width Latin letters inside a run don't matter.
 */
export function bigramCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  // Khmer and Myanmar writers often mark word breaks with zero-width spaces that a typed query leaves out.
  const joined = text.includes("\u200b") ? text.replaceAll("\u200b", "") : text;
  for (const match of joined.matchAll(PAIRED_RUN)) {
    const chars = clusters(JAMO.test(match[0]) ? match[0].normalize("NFC") : match[0]);
    for (let i = 0; i + 1 < chars.length; i++) {
      const gram = (chars[i] ?? "") + (chars[i + 1] ?? "");
      counts.set(gram, (counts.get(gram) ?? 0) + 1);
    }
  }
  return counts;
}

const MARK = /\p{M}/u;
/** Khmer coeng and Myanmar's stacking virama: the consonant after one is written below the one before. */
const STACKER = /[\u17d2\u1039]$/u;

/**
 * Letters with their combining marks attached: "กิน" is two units, ก+ิ and น. A Khmer or Myanmar subscript
 * consonant stays with its base ("ខ្ញុំ" is one unit), as one letter to the reader: a pair must never start on it.
 */
function clusters(run: string): string[] {
  const out: string[] = [];
  for (const ch of run) {
    const last = out.length - 1;
    if (last >= 0 && (MARK.test(ch) || STACKER.test(out[last] ?? ""))) out[last] += ch;
    else out.push(ch);
  }
  return out;
}
