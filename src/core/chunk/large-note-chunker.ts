import type { ChunkOptions } from "./chunk-options";
import { chunkNote } from "./chunker";
import { maskComments } from "./comment-mask";
import { readFrontmatter } from "./frontmatter";
import { atxHeading, isBlank, isQuote, isTableDelimiter, splitLines } from "./markdown-syntax";
import type { Chunk, ChunkedNote } from "../types";
import { runAll, runSliced, type Steps } from "../shared/slices";

/**
 * Notes up to this many characters are chunked in one call. The chunker runs at roughly 2-4 KB per ms, so a piece
 * this size stays far below a 50 ms stall.
 */
export const PIECE_CHARS = 48 * 1024;

/** Lines looked at between two pauses while a large note is cut into pieces. */
const LINES_PER_STEP = 4096;

interface Piece {
  /** First source line of the piece. */
  startLine: number;
  lines: string[];
  /** Raw lines of the headings that enclose the piece's start, outermost first. */
  ancestors: string[];
}

/**
 * `chunkNote` for notes of any size without a long stall: a note above `PIECE_CHARS` is cut into pieces at
 * headings (else at paragraph starts) outside code and comments, each piece is chunked on its own with the
 * headings above it in front, and `pause` runs between pieces. For such notes the result differs a little from
 * chunking the whole text (a chunk never spans a piece border; the title is taken from the first piece) but, like
 * `chunkNote`, it is a deterministic function of the text. A prose line longer than a piece (a pasted log, a 5 MB
 * single line) is cut into pieces of its own at spaces; an over-long line in code or a comment is chunked in one go.
 */
export async function chunkLargeNote(
  path: string,
  text: string,
  options: ChunkOptions,
  pause: () => Promise<void>,
): Promise<ChunkedNote> {
  if (text.length <= PIECE_CHARS) return chunkNote(path, text, options);
  const lines = splitLines(text);
  await pause();
  const pieces = await runSliced(splitPieces(lines), pause);
  const [first, ...rest] = pieces;
  const head = chunkNote(path, (first?.lines ?? []).join("\n"), options);
  const chunks: Chunk[] = [...head.chunks];
  const tags = new Set(head.meta.tags);
  const links = new Set(head.meta.links);
  // Each later piece gets the note's title as frontmatter, so its headings nest under the title as in the whole
  // note (an H1 that repeats the title is left out of heading paths, as the chunker does).
  const titleLine = `title: '${head.meta.title.replace(/\s+/g, " ").replace(/'/g, "''")}'`;
  for (const piece of rest) {
    await pause();
    const prefix = ["---", titleLine, "---", ...piece.ancestors];
    const part = chunkNote(path, [...prefix, ...piece.lines].join("\n"), options);
    for (const t of part.meta.tags) tags.add(t);
    for (const l of part.meta.links) links.add(l);
    for (const c of part.chunks) {
      // A piece with no text gets the chunker's title-only chunk, which starts in the frontmatter: not content.
      if (c.startLine < 3) continue;
      const line = (n: number): number => Math.max(0, n - prefix.length) + piece.startLine;
      chunks.push({
        ...c,
        headingPath: [head.meta.title, ...c.headingPath.slice(1)],
        startLine: line(c.startLine),
        endLine: line(c.endLine),
      });
    }
  }
  const numbered = chunks.map((c, ordinal) => ({ ...c, ordinal, id: `${path}#${ordinal}` }));
  return { path, meta: { ...head.meta, tags: [...tags], links: [...links] }, chunks: numbered };
}

/** The first line of each piece `chunkLargeNote` cuts the text into (one piece, line 0, when it is short enough). */
export function pieceStarts(text: string): number[] {
  if (text.length <= PIECE_CHARS) return [0];
  return runAll(splitPieces(splitLines(text))).map((p) => p.startLine);
}

/**
 * Cuts the lines into pieces of about `PIECE_CHARS`, where a piece can start cleanly (see `isCleanStart`). A run of
 * `2 * PIECE_CHARS` with no clean start (a long list or a page of lines with no blank one between them: a vault's
 * 300 KB plugin index took 60 ms in one piece) is cut at its latest line of plain prose instead: outside code and comments, and in no heading, quote,
 * callout or table, so that no block kept whole is split.
 */
function* splitPieces(lines: readonly string[]): Steps<Piece[]> {
  const bodyStart = readFrontmatter(lines).bodyStart;
  const masked = maskComments(lines, bodyStart);
  const pieces: Piece[] = [];
  const stack: { level: number; line: string }[] = [];
  let start = 0;
  let startAncestors: string[] = [];
  let size = 0;
  // The best place seen so far in the current piece to start the next one, and the headings enclosing it.
  let cut: { at: number; ancestors: string[]; heading: boolean; size: number } | undefined;
  let fallback: typeof cut;
  // Whether line i is a row of a table (as `scanBlocks` reads one), which a fallback cut must not split.
  let inTable = false;
  yield;
  for (let i = 0; i < lines.length; i++) {
    if (i % LINES_PER_STEP === LINES_PER_STEP - 1) yield;
    const line = lines[i] ?? "";
    const m = masked[i];
    if (line.length > PIECE_CHARS && i >= bodyStart && m?.fence === "none" && m.text === line) {
      // Chunking it whole would stall for about 40 ms per MB: the line gets pieces of its own, under the same headings.
      const ancestors = stack.map((h) => h.line);
      if (i > start) pieces.push({ startLine: start, lines: lines.slice(start, i), ancestors: startAncestors });
      for (const part of lineParts(line)) pieces.push({ startLine: i, lines: [part], ancestors });
      [start, startAncestors, size, cut, fallback] = [i + 1, ancestors, 0, undefined, undefined];
      continue;
    }
    const heading = m && m.fence === "none" && m.text === line ? atxHeading(line) : null;
    if (i > start && i >= bodyStart && isCleanStart(lines, masked, i)) {
      const ancestors = stack.filter((s) => heading === null || s.level < heading.level).map((s) => s.line);
      // The latest heading wins; a paragraph start wins only over paragraph starts and headings early in the piece.
      if (heading !== null || !cut?.heading || cut.size < PIECE_CHARS / 2) {
        cut = { at: i, ancestors, heading: heading !== null, size };
      }
    }
    const plain = m !== undefined && m.fence === "none" && m.text === line;
    if (inTable) inTable = plain && line.includes("|") && !isBlank(line);
    else inTable = plain && line.includes("|") && isTableDelimiter(masked[i + 1]?.fence === "none" ? (masked[i + 1]?.text ?? "") : "");
    if (i > start && i >= bodyStart && heading === null && !inTable && plain && !isBlank(line) && !isQuote(line)) {
      fallback = { at: i, ancestors: stack.map((s) => s.line), heading: false, size };
    }
    const at = size >= PIECE_CHARS && cut !== undefined ? cut : size >= 2 * PIECE_CHARS ? fallback : undefined;
    if (at !== undefined) {
      pieces.push({ startLine: start, lines: lines.slice(start, at.at), ancestors: startAncestors });
      size -= at.size;
      start = at.at;
      startAncestors = at.ancestors;
      cut = undefined;
      fallback = undefined;
    }
    if (heading !== null) {
      while (stack.length > 0 && (stack[stack.length - 1]?.level ?? 0) >= heading.level) stack.pop();
      stack.push({ level: heading.level, line });
    }
    size += line.length + 1;
  }
  pieces.push({ startLine: start, lines: lines.slice(start), ancestors: startAncestors });
  return pieces;
}

/**
 * A line cut into parts of at most `PIECE_CHARS`, each ending at its last space (one past the middle of the part at
 * the earliest), else at a character: never inside a surrogate pair. The spaces at a cut are dropped.
 */
function lineParts(line: string): string[] {
  const parts: string[] = [];
  let from = 0;
  while (line.length - from > PIECE_CHARS) {
    let end = from + PIECE_CHARS;
    const space = line.lastIndexOf(" ", end);
    if (space > from + PIECE_CHARS / 2) end = space;
    else if (isLowSurrogate(line.charCodeAt(end))) end--;
    parts.push(line.slice(from, end));
    from = end;
    while (line[from] === " ") from++;
  }
  parts.push(line.slice(from));
  return parts;
}

function isLowSurrogate(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}

/**
 * A piece may start at a non-blank line outside code and comments (its masked text equals the raw text, which
 * also means no comment is open at its start) that begins a heading or follows a blank line.
 */
function isCleanStart(lines: readonly string[], masked: ReturnType<typeof maskComments>, i: number): boolean {
  const line = lines[i] ?? "";
  const m = masked[i];
  if (!m || m.fence !== "none" || m.text !== line || isBlank(line)) return false;
  return atxHeading(line) !== null || isBlank(lines[i - 1] ?? "");
}
