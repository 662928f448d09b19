/** Runs of scripts written without spaces between words (Chinese, Japanese, Thai, Lao, Khmer, Myanmar). */
export const UNSPACED_RUN =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}\p{M}ー]+/gu;

/**
 * Overlapping character pairs of every unspaced-script run in `text` ("東京都" → 東京, 京都), with counts. A word
 * segmenter only finds whole dictionary words; pairs also let a fragment cut mid-word, or one piece of a long katakana
 * compound, match. Combining marks stay with their letter (Thai vowels and tone marks are marks). Runs are taken
 * from the lower-cased text, so full-width Latin letters inside a run don't matter.
 */
export function bigramCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const match of text.matchAll(UNSPACED_RUN)) {
    const chars = clusters(match[0]);
    for (let i = 0; i + 1 < chars.length; i++) {
      const gram = (chars[i] ?? "") + (chars[i + 1] ?? "");
      counts.set(gram, (counts.get(gram) ?? 0) + 1);
    }
  }
  return counts;
}

const MARK = /\p{M}/u;

/** Letters with their combining marks attached: "กิน" is two units, ก+ิ and น. */
function clusters(run: string): string[] {
  const out: string[] = [];
  for (const ch of run) {
    if (out.length > 0 && MARK.test(ch)) out[out.length - 1] += ch;
    else out.push(ch);
  }
  return out;
}
