import { stemmer as bulgarian } from "@orama/stemmers/bulgarian";

/**
 * The word as the char[] that Lucene's BulgarianStemmer works on, which @orama/stemmers' port still assumes: it
 * rewrites letters in place (`"песен"` → `"песн"`, `"собственици"` → `"собственик"`) and then takes
 * `substring(0, length)`. On a JS string those writes throw in strict mode; on this array of UTF-16 units they
 * take effect as in Lucene.
 */
class CharBuffer extends Array<string> {
  substring(start: number, end: number): string {
    return this.slice(start, end).join("");
  }
}

function charBuffer(word: string): CharBuffer {
  const buf = new CharBuffer();
  for (let i = 0; i < word.length; i++) buf.push(word.charAt(i));
  return buf;
}

/** Lucene's light Bulgarian stem of a lower-case word, letter rewrites included. */
export function bulgarianStem(word: string): string {
  const stem = bulgarian as unknown as (chars: CharBuffer) => string;
  return stem(charBuffer(word));
}
