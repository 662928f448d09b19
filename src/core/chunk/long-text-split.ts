import { estimateTokens, tokenPrefixEnd } from "../text/token-estimate";

/** A piece of a longer text, small enough to be a packing unit. */
export interface TextPiece {
  /** A slice of the source, without surrounding whitespace. */
  text: string;
  /** Estimated tokens: exact for a cut piece, the sum over its sentences for a sentence group (an upper bound). */
  tokens: number;
  /** What stood between this piece and the previous one in the source: a space or nothing (cut inside a word). */
  joint: "" | " ";
  /** True when the piece starts inside a sentence (a long sentence cut between words). */
  midSentence: boolean;
}

/**
 * Candidate sentence ends: a run of `.`, `!`, `?` or `…` (it counts only before whitespace, checked in code so that
 * a long run of dots is scanned once), or a CJK full stop, exclamation or question mark.
 */
const SENTENCE_END = /([.!?…]+)["'”’)\]]*|[。！？]+["'”’」』)\]]*/g;

/**
 * Splits text into pieces of at most `maxTokens` each, so that the chunk packer can break a long line and take an
 * overlap from it. Consecutive sentences are grouped up to the limit; a longer sentence is cut between words; a
 * single word longer than the limit is cut between characters. Concatenating the pieces with their joints gives the
 * text back up to whitespace. Linear in the text length.
 */
export function splitLongText(text: string, maxTokens: number): TextPiece[] {
  const pieces: TextPiece[] = [];
  let groupStart = -1;
  let groupEnd = -1;
  let groupTokens = 0;
  const flushGroup = (): void => {
    if (groupStart >= 0) pushPiece(pieces, text, groupStart, groupEnd, groupTokens, false);
    groupStart = -1;
    groupTokens = 0;
  };
  const addSentence = (start: number, end: number): void => {
    const s = skipSpace(text, start, end);
    const e = trimEndIndex(text, s, end);
    if (s >= e) return;
    const tokens = estimateTokens(text.slice(s, e));
    if (tokens > maxTokens) {
      flushGroup();
      cutSentence(pieces, text, s, e, maxTokens);
      return;
    }
    if (groupStart >= 0 && groupTokens + tokens > maxTokens) flushGroup();
    if (groupStart < 0) groupStart = s;
    groupEnd = e;
    groupTokens += tokens;
  };
  let last = 0;
  for (const m of text.matchAll(SENTENCE_END)) {
    const end = m.index + m[0].length;
    if (m[1] !== undefined && end < text.length && !isSpace(text.charCodeAt(end))) continue;
    addSentence(last, end);
    last = end;
  }
  addSentence(last, text.length);
  flushGroup();
  return pieces;
}

function cutSentence(pieces: TextPiece[], text: string, start: number, end: number, maxTokens: number): void {
  let pos = start;
  while (pos < end) {
    let cut = tokenPrefixEnd(text, maxTokens, pos, end);
    // Not even one character fits (a wide symbol under a tiny limit): take it anyway so the loop always advances.
    if (cut === pos) cut = pos + ((text.codePointAt(pos) ?? 0) > 0xffff ? 2 : 1);
    const e = trimEndIndex(text, pos, cut);
    pushPiece(pieces, text, pos, e, estimateTokens(text.slice(pos, e)), pos !== start);
    pos = skipSpace(text, cut, end);
  }
}

function pushPiece(
  pieces: TextPiece[],
  text: string,
  start: number,
  end: number,
  tokens: number,
  midSentence: boolean,
): void {
  if (start >= end) return;
  const joint = start > 0 && isSpace(text.charCodeAt(start - 1)) ? " " : "";
  pieces.push({ text: text.slice(start, end), tokens, joint, midSentence });
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13 || c === 0xa0 || c === 0x3000;
}

function skipSpace(text: string, from: number, end: number): number {
  let i = from;
  while (i < end && isSpace(text.charCodeAt(i))) i++;
  return i;
}

function trimEndIndex(text: string, start: number, end: number): number {
  let e = end;
  while (e > start && isSpace(text.charCodeAt(e - 1))) e--;
  return e;
}
