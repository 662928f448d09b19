/**
 * Cheap, tokenizer-free estimate of how many model tokens a text costs.
 *
 * Real tokenizers differ per model, so this only has to be close and predictable: it sizes chunks and pre-truncates
 * embedding inputs. Rules: a run of Latin letters costs about one token per 4 characters (at least 1), digits about one
 * per 3, other alphabetic scripts about one per 2; each CJK ideograph, kana or hangul syllable costs 1; punctuation costs
 * 1, but a repeat of the same mark (`----`, `====`) only a quarter. Whitespace is free. It errs slightly high for
 * English prose, which is the safe side for context limits.
 *
 * Estimates of adjacent texts add up: `estimateTokens(a + " " + b) <= estimateTokens(a) + estimateTokens(b)`, and the
 * same holds without the space. The chunker relies on that to keep chunks under their budget.
 */

/** Twelve units make a token, so the per-character weights below stay integers. */
const UNITS_PER_TOKEN = 12;
const WHITESPACE = -1;
const IDEOGRAPH = -2;
const PUNCTUATION = -3;
const WIDE_SYMBOL = -4;
/** Weights (units) of characters that join into words. */
const LATIN = 3;
const DIGIT = 4;
const LATIN_EXTENDED = 4;
const OTHER_SCRIPT = 6;
const COMBINING = 2;

const ASCII_KIND: Int8Array = buildAsciiTable();
const WORD_CHAR = /[\p{L}\p{N}\p{M}]/u;

function buildAsciiTable(): Int8Array {
  const table = new Int8Array(128).fill(PUNCTUATION);
  for (let c = 0; c <= 32; c++) table[c] = WHITESPACE;
  table[127] = WHITESPACE;
  for (let c = 48; c <= 57; c++) table[c] = DIGIT;
  for (let c = 65; c <= 90; c++) table[c] = LATIN;
  for (let c = 97; c <= 122; c++) table[c] = LATIN;
  return table;
}

function isIdeograph(cp: number): boolean {
  return (
    (cp >= 0x4e00 && cp <= 0x9fff) ||
    (cp >= 0x3040 && cp <= 0x30ff) ||
    (cp >= 0xac00 && cp <= 0xd7af) ||
    (cp >= 0x3400 && cp <= 0x4dbf) ||
    (cp >= 0x1100 && cp <= 0x11ff) ||
    (cp >= 0x2e80 && cp <= 0x2fdf) ||
    (cp >= 0x3100 && cp <= 0x318f) ||
    (cp >= 0x31f0 && cp <= 0x31ff) ||
    (cp >= 0xa960 && cp <= 0xa97f) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0xff66 && cp <= 0xff9f) ||
    (cp >= 0x20000 && cp <= 0x3134f)
  );
}

function isUnicodeSpace(cp: number): boolean {
  return (
    cp === 0xa0 ||
    cp === 0x1680 ||
    (cp >= 0x2000 && cp <= 0x200d) ||
    cp === 0x2028 ||
    cp === 0x2029 ||
    cp === 0x202f ||
    cp === 0x205f ||
    cp === 0x3000 ||
    cp === 0xfeff
  );
}

/** A word weight (> 0) or one of the negative kind markers. Range checks first: the regex is the slow path. */
function charKind(cp: number): number {
  if (cp < 128) return ASCII_KIND[cp] ?? PUNCTUATION;
  if (isUnicodeSpace(cp)) return WHITESPACE;
  if (isIdeograph(cp)) return IDEOGRAPH;
  if (cp >= 0x300 && cp <= 0x36f) return COMBINING;
  if (cp < 0xc0 || cp === 0xd7 || cp === 0xf7) return PUNCTUATION;
  if (cp <= 0x24f || (cp >= 0x1e00 && cp <= 0x1eff)) return LATIN_EXTENDED;
  if ((cp >= 0x370 && cp <= 0xeff) || (cp >= 0x10a0 && cp <= 0x10ff) || (cp >= 0x1f00 && cp <= 0x1fff)) {
    return OTHER_SCRIPT;
  }
  if (cp >= 0x2000 && cp <= 0x2bff) return PUNCTUATION;
  if (WORD_CHAR.test(String.fromCodePoint(cp))) return OTHER_SCRIPT;
  return cp > 0xffff ? WIDE_SYMBOL : PUNCTUATION;
}

/** Running estimate over a prefix; `total()` never decreases as characters are added. */
class TokenTally {
  private whole = 0;
  private wordUnits = 0;
  private repeatUnits = 0;
  private lastMark = -1;

  add(cp: number, kind: number): void {
    if (kind > 0) {
      this.wordUnits += kind;
      this.lastMark = -1;
      return;
    }
    this.endWord();
    if (kind === PUNCTUATION) {
      if (cp === this.lastMark) this.repeatUnits += UNITS_PER_TOKEN / 4;
      else this.whole += 1;
      this.lastMark = cp;
      return;
    }
    this.lastMark = -1;
    if (kind === IDEOGRAPH) this.whole += 1;
    else if (kind === WIDE_SYMBOL) this.whole += 2;
  }

  total(): number {
    return (
      this.whole + Math.ceil(this.wordUnits / UNITS_PER_TOKEN) + Math.ceil(this.repeatUnits / UNITS_PER_TOKEN)
    );
  }

  private endWord(): void {
    if (this.wordUnits === 0) return;
    this.whole += Math.ceil(this.wordUnits / UNITS_PER_TOKEN);
    this.wordUnits = 0;
  }
}

/** Estimated model tokens in `text` (see the module comment for the rules). Linear time, no allocation per char. */
export function estimateTokens(text: string): number {
  const tally = new TokenTally();
  for (let i = 0; i < text.length; ) {
    const cp = text.codePointAt(i) ?? 0;
    tally.add(cp, charKind(cp));
    i += cp > 0xffff ? 2 : 1;
  }
  return tally.total();
}

/**
 * End index of the longest piece `text.slice(start, end)` (with `end` at most `limit`) whose estimate is at most
 * `maxTokens`. It prefers ending next to whitespace, then at any other word boundary (punctuation, CJK characters);
 * only when even the first word is too long does it cut between characters. Returns `start` when not even one
 * character fits. Never splits a surrogate pair. Cost is proportional to the returned piece, not to the whole text,
 * so repeated calls stay linear overall.
 */
export function tokenPrefixEnd(text: string, maxTokens: number, start = 0, limit = text.length): number {
  const tally = new TokenTally();
  let lastSpace = start;
  let lastBoundary = start;
  let lastChar = start;
  let prevKind = WHITESPACE;
  for (let i = start; i < limit; ) {
    const cp = text.codePointAt(i) ?? 0;
    const kind = charKind(cp);
    if (i > start) {
      if (prevKind === WHITESPACE || kind === WHITESPACE) lastSpace = i;
      else if (prevKind <= 0 || kind <= 0) lastBoundary = i;
    }
    tally.add(cp, kind);
    if (tally.total() > maxTokens) {
      if (lastSpace > start) return lastSpace;
      return lastBoundary > start ? lastBoundary : lastChar;
    }
    i += cp > 0xffff ? 2 : 1;
    lastChar = i;
    prevKind = kind;
  }
  return limit;
}

/**
 * Longest prefix of `text`, cut at a word boundary (or between characters when the first word alone is too long),
 * whose estimate is at most `maxTokens`; trailing whitespace is dropped. Returns `text` unchanged when it already fits.
 */
export function truncateToTokens(text: string, maxTokens: number): string {
  const end = tokenPrefixEnd(text, maxTokens);
  return end === text.length ? text : text.slice(0, end).trimEnd();
}
