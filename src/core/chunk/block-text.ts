import type { MaskedLine } from "./comment-mask";
import { cleanInline, type InlineSink } from "./inline-cleanup";
import type { Block } from "./markdown-blocks";
import { atxHeading, isTableDelimiter } from "./markdown-syntax";

/** The searchable text of one source line; empty for pure syntax (fence markers, table rules, embeds). */
export interface LineText {
  /** Source line, 0-based. */
  line: number;
  /** Cleaned text of the line, without block markers (list bullets, `>`, `#`, table pipes at the edges). */
  text: string;
  /** A blank line inside code, kept as a paragraph break in the chunk text. */
  gap?: boolean;
}

/** A block turned into text, line by line. */
export interface BlockText {
  block: Block;
  /** One entry per source line of the block, in order. */
  lines: LineText[];
  /** For headings: the text as Obsidian shows it, for heading paths. */
  display?: string;
}

const LIST_MARKER = /^\s*(?:[-*+]|\d{1,9}[.)])\s+(?:\[.\]\s+)?/;
const HEADING_MARKER = /^#{1,6}\s+/;
const QUOTE_MARKERS = /^\s*(?:>\s?)+/;
const CALLOUT_HEADER = /^\[![^\]\n]+\][+-]?\s*/;
/** Thematic breaks and setext underlines carry no words. */
const RULE_LINE = /^\s*(?:(?:[-*_]\s*){3,}|=+)\s*$/;

/** Converts a block to text lines, reporting links and tags to `sink`. Fenced code is kept as written. */
export function blockText(block: Block, masked: readonly MaskedLine[], sink: InlineSink): BlockText {
  const lines: LineText[] = [];
  const source = (i: number): string => masked[i]?.text ?? "";
  if (block.kind === "heading") {
    const raw = atxHeading(source(block.startLine))?.text ?? "";
    return {
      block,
      lines: [{ line: block.startLine, text: cleanInline(raw, sink) }],
      display: cleanInline(raw, null, "display"),
    };
  }
  if (block.kind === "fence") {
    const indent = masked[block.startLine]?.marker?.indent ?? 0;
    for (let i = block.startLine; i <= block.endLine; i++) {
      const m = masked[i];
      const text = m?.fence === "body" ? dedent(m.text, indent).trimEnd() : "";
      lines.push(m?.fence === "body" && text === "" ? { line: i, text, gap: true } : { line: i, text });
    }
    return { block, lines };
  }
  for (let i = block.startLine; i <= block.endLine; i++) {
    const raw = source(i);
    let text: string;
    if (block.kind === "table") text = i === block.startLine + 1 && isTableDelimiter(raw) ? "" : tableRow(raw, sink);
    else if (block.kind === "paragraph") text = proseLine(raw, sink);
    else text = proseLine(raw.replace(QUOTE_MARKERS, "").replace(CALLOUT_HEADER, ""), sink);
    lines.push({ line: i, text });
  }
  return { block, lines };
}

function proseLine(raw: string, sink: InlineSink): string {
  if (RULE_LINE.test(raw)) return "";
  return cleanInline(raw.replace(LIST_MARKER, "").replace(HEADING_MARKER, ""), sink);
}

/** Cells are split at unescaped pipes (`\|` inside a wikilink is its alias bar) and joined with " | ". */
function tableRow(raw: string, sink: InlineSink): string {
  return splitCells(raw.trim())
    .map((cell) => cleanInline(cell, sink).replace(/\\\|/g, "|"))
    .filter((cell) => cell !== "")
    .join(" | ");
}

function splitCells(row: string): string[] {
  const cells: string[] = [];
  let start = 0;
  for (let i = 0; i < row.length; i++) {
    if (row[i] === "\\") i++;
    else if (row[i] === "|") {
      cells.push(row.slice(start, i));
      start = i + 1;
    }
  }
  cells.push(row.slice(start));
  return cells;
}

function dedent(line: string, indent: number): string {
  let i = 0;
  while (i < indent && (line[i] === " " || line[i] === "\t")) i++;
  return line.slice(i);
}
