import { foldAccents } from "../text/languages";

const WORD = /[\p{L}\p{M}\p{N}]+/gu;
const NON_ASCII = /[^\p{ASCII}]/u;

/**
 * The distinct words of a text, lower case, each also with its accents folded: what checking a chunk for a word
 * close to a misspelt one reads (see typed-words.ts). Made once per chunk and index revision (see `ChunkWordsMemo`)
 * rather than on every key, which lowercased and tokenised the same hundred chunks again each time. The words are
 * split out only when first read: a chunk that holds the typed word as written is told by `lower` alone (see
 * `nearness`), and splitting a note-sized chunk costs about a hundred times more.
 */
export class TextWords {
  /** The whole text, lower case. */
  readonly lower: string;
  private words: { raw: string[]; folded: string[] } | undefined;
  private isAscii: boolean | undefined;

  constructor(text: string) {
    this.lower = text.toLowerCase();
  }

  /** Each distinct word as written, lower case. */
  get raw(): readonly string[] {
    return this.split().raw;
  }

  /** `raw[i]` with its accents folded. */
  get folded(): readonly string[] {
    return this.split().folded;
  }

  /** Whether the text is plain ASCII, whose words are runs of letters and digits. */
  get ascii(): boolean {
    this.isAscii ??= !NON_ASCII.test(this.lower);
    return this.isAscii;
  }

  /** Whether the words have been split out yet. */
  get isSplit(): boolean {
    return this.words !== undefined;
  }

  private split(): { raw: string[]; folded: string[] } {
    if (this.words) return this.words;
    const raw: string[] = [];
    const folded: string[] = [];
    const seen = new Set<string>();
    const keep = (word: string): void => {
      if (seen.has(word)) return;
      seen.add(word);
      raw.push(word);
      folded.push(NON_ASCII.test(word) ? foldAccents(word) : word);
    };
    // Lower-case ASCII letters and digits are all `WORD` matches there: a loop over the codes finds the same words.
    if (!this.ascii) for (const m of this.lower.matchAll(WORD)) keep(m[0]);
    else for (const word of alnumRuns(this.lower)) keep(word);
    this.words = { raw, folded };
    return this.words;
  }
}

/** The runs of ASCII letters and digits of `text`. */
function alnumRuns(text: string): string[] {
  const out: string[] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    if (!isAlnum(text.charCodeAt(i))) {
      i++;
      continue;
    }
    const start = i;
    while (i < n && isAlnum(text.charCodeAt(i))) i++;
    out.push(text.slice(start, i));
  }
  return out;
}

const PHRASE_WORD = /[\p{L}\p{M}\p{N}]+(?:['’_][\p{L}\p{N}]+)*/gu;

/**
 * A text's lines as word order compares them (see word-order.ts): lower case, accents folded, plain apostrophes;
 * each line tokenised when first asked for, and kept.
 */
export class LineWords {
  /** The whole text, compared form. */
  readonly folded: string;
  private lines: string[] | undefined;
  private readonly words: (string[] | undefined)[] = [];

  /** Whether the text is plain ASCII, which a loop over its character codes tokenises as the regex would. */
  readonly ascii: boolean;

  constructor(text: string) {
    const lower = text.toLowerCase();
    this.ascii = !NON_ASCII.test(lower);
    this.folded = this.ascii ? lower : foldAccents(lower).replace(/’/g, "'");
  }

  /** The compared form's lines. */
  allLines(): readonly string[] {
    this.lines ??= this.folded.split("\n");
    return this.lines;
  }

  /** The words of line `i`, in order. */
  wordsOf(i: number): readonly string[] {
    let words = this.words[i];
    if (!words) {
      const line = this.allLines()[i] ?? "";
      words = this.ascii ? asciiWords(line) : [...line.matchAll(PHRASE_WORD)].map((m) => m[0]);
      this.words[i] = words;
    }
    return words;
  }
}

/** A letter or digit of ASCII, as `\p{L}` and `\p{N}` match them. */
export function isAlnum(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || (c >= 65 && c <= 90);
}

/**
 * `PHRASE_WORD`'s matches in an ASCII line, without the regex: runs of letters and digits, joined by an apostrophe or
 * underscore that has one on each side. Word order tokenises a few hundred chunks on a key, and this is several
 * times faster than the Unicode regex.
 */
export function asciiWords(line: string): string[] {
  const out: string[] = [];
  const n = line.length;
  let i = 0;
  while (i < n) {
    if (!isAlnum(line.charCodeAt(i))) {
      i++;
      continue;
    }
    const start = i;
    i = asciiWordEnd(line, i);
    out.push(line.slice(start, i));
  }
  return out;
}

/** Where the word of an ASCII line that begins at `start` (a letter or digit) ends, as `PHRASE_WORD` matches it. */
export function asciiWordEnd(line: string, start: number): number {
  const n = line.length;
  let i = start;
  while (i < n && isAlnum(line.charCodeAt(i))) i++;
  for (let c = line.charCodeAt(i); (c === 39 || c === 95) && i + 1 < n && isAlnum(line.charCodeAt(i + 1)); c = line.charCodeAt(i)) {
    i++;
    while (i < n && isAlnum(line.charCodeAt(i))) i++;
  }
  return i;
}

/** Whether a word of an ASCII line (see `asciiWords`) begins at `at`, a letter or digit. */
export function asciiWordStarts(line: string, at: number): boolean {
  if (at === 0) return true;
  const before = line.charCodeAt(at - 1);
  // An apostrophe or underscore after a letter or digit joins what follows to the word before it.
  return !isAlnum(before) && !((before === 39 || before === 95) && at >= 2 && isAlnum(line.charCodeAt(at - 2)));
}

/** Chunks whose prepared words are kept: the few hundred a typed query's keys re-check, with room to spare. */
const MAX_CHUNKS = 2048;

/** A chunk read within this many uses of its last move to the newest end is not moved again: it is among the newest. */
const RECENT_USES = MAX_CHUNKS / 2;

/**
 * Prepared words of the chunks checked by the last searches, by chunk id, for one index revision (an edit changes a
 * chunk's text under the same id, so everything goes when the revision does). The oldest go first.
 */
export class ChunkWordsMemo {
  private readonly texts = new KeptChunks<TextWords>();
  private readonly lines = new KeptChunks<LineWords>();
  private revision: number | undefined;

  validFor(revision: number): this {
    if (this.revision !== revision) {
      this.texts.clear();
      this.lines.clear();
      this.revision = revision;
    }
    return this;
  }

  /** The distinct words of chunk `id`'s text, `text(id)`. */
  textWords(id: string, text: (id: string) => string): TextWords {
    return this.texts.get(id) ?? this.texts.put(id, new TextWords(text(id)));
  }

  /** The lines of chunk `id`'s headings and text, `lines(id)`, for word order. */
  lineWords(id: string, lines: (id: string) => string): LineWords {
    return this.lines.get(id) ?? this.lines.put(id, new LineWords(lines(id)));
  }
}

/**
 * At most `MAX_CHUNKS` values by chunk id, the least recently used dropped first. A value is moved to the newest end
 * only once it has fallen behind the newest `RECENT_USES` uses: a key checks a hundred chunks or more, most of them
 * the ones the key before checked, and deleting and setting each again on every read churned the map more than the
 * check of many a chunk cost.
 */
class KeptChunks<V> {
  private readonly held = new Map<string, { value: V; at: number }>();
  private uses = 0;

  clear(): void {
    this.held.clear();
  }

  get(id: string): V | undefined {
    const found = this.held.get(id);
    if (!found) return undefined;
    if (this.uses - found.at > RECENT_USES) {
      this.held.delete(id);
      found.at = ++this.uses;
      this.held.set(id, found);
    }
    return found.value;
  }

  put(id: string, value: V): V {
    this.held.set(id, { value, at: ++this.uses });
    if (this.held.size > MAX_CHUNKS) {
      const oldest = this.held.keys().next();
      if (!oldest.done) this.held.delete(oldest.value);
    }
    return value;
  }
}
