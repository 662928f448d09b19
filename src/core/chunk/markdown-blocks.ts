import type { MaskedLine } from "./comment-mask";
import { atxHeading, isCalloutStart, isQuote, isTableDelimiter } from "./markdown-syntax";
import { isBlank } from "./markdown-syntax";

/**
 * Block kinds. `fence`, `table` and `callout` are kept whole in one chunk when they fit; the others may be split
 * between lines or sentences.
 */
export type BlockKind = "heading" | "paragraph" | "quote" | "callout" | "table" | "fence";

/** A run of body lines that forms one markdown block; lines are 0-based and inclusive. */
export interface Block {
  kind: BlockKind;
  /** First line of the block in the file. */
  startLine: number;
  /** Last line of the block (for an unclosed fence, the file's last line). */
  endLine: number;
  /** Heading level 1-6 for headings, else 0. */
  level: number;
}

/** True when the kind is kept whole if it fits in one chunk. */
export function isAtomicKind(kind: BlockKind): boolean {
  return kind === "fence" || kind === "table" || kind === "callout";
}

/**
 * Splits the masked body (from line `from`) into blocks. Blank lines (including lines that held only a comment)
 * separate blocks and belong to none. One pass; each line is looked at a constant number of times.
 */
export function scanBlocks(masked: readonly MaskedLine[], from: number): Block[] {
  const blocks: Block[] = [];
  const n = masked.length;
  const plain = (j: number): string | null => {
    const m = masked[j];
    return m !== undefined && m.fence === "none" ? m.text : null;
  };
  const tableStarts = (j: number): boolean => {
    const head = plain(j);
    const delimiter = plain(j + 1);
    return head !== null && delimiter !== null && head.includes("|") && isTableDelimiter(delimiter);
  };
  const isTableRow = (t: string | null): boolean => t !== null && t.includes("|") && !isBlank(t);
  const continuesParagraph = (j: number): boolean => {
    const t = plain(j);
    return t !== null && !isBlank(t) && atxHeading(t) === null && !isQuote(t) && !tableStarts(j);
  };
  let i = from;
  while (i < n) {
    const line = masked[i] ?? { text: "", fence: "none" };
    if (line.fence !== "none") {
      let j = i + 1;
      while (j < n && masked[j]?.fence === "body") j++;
      const end = j < n && masked[j]?.fence === "close" ? j : j - 1;
      blocks.push({ kind: "fence", startLine: i, endLine: end, level: 0 });
      i = end + 1;
      continue;
    }
    if (isBlank(line.text)) {
      i++;
      continue;
    }
    const heading = atxHeading(line.text);
    let j = i + 1;
    let kind: BlockKind;
    if (heading !== null) {
      blocks.push({ kind: "heading", startLine: i, endLine: i, level: heading.level });
      i++;
      continue;
    } else if (isQuote(line.text)) {
      kind = isCalloutStart(line.text) ? "callout" : "quote";
      while (isQuote(plain(j) ?? "")) j++;
    } else if (tableStarts(i)) {
      kind = "table";
      j = i + 2;
      while (isTableRow(plain(j))) j++;
    } else {
      kind = "paragraph";
      while (continuesParagraph(j)) j++;
    }
    blocks.push({ kind, startLine: i, endLine: j - 1, level: 0 });
    i = j;
  }
  return blocks;
}
