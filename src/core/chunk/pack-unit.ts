/** What separates a unit from the previous one in chunk text, weakest first. */
export type Joint = "" | " " | "\n" | "\n\n";

/** The smallest piece the packer moves: a line, part of a long line, or a whole fence/table/callout. */
export interface PackUnit {
  /** Empty for lines that are pure syntax; such units only widen a chunk's line range. */
  text: string;
  startLine: number;
  endLine: number;
  /** Estimated tokens of `text` (an upper bound when the unit groups several sentences). */
  tokens: number;
  joint: Joint;
  /** Starts inside a sentence; an overlap prefers not to begin here. */
  midSentence: boolean;
}

/** Units of one block, in order. */
export interface PackBlock {
  /** In source order; a single unit for a fence, table or callout kept whole. */
  units: PackUnit[];
  /** Sum of the units' tokens. */
  tokens: number;
  /** True for a heading line (sections whose blocks are all headings merge into a subsection). */
  heading: boolean;
}

const STRENGTH: Record<Joint, number> = { "": 0, " ": 1, "\n": 2, "\n\n": 3 };

/**
 * Joins units into chunk text. Empty units add no text, but the strongest joint seen since the last text is used,
 * so a paragraph after an empty fence marker still starts after a blank line.
 */
export function joinUnits(units: ReadonlyArray<Pick<PackUnit, "text" | "joint">>): string {
  const parts: string[] = [];
  let pending: Joint = "";
  for (const u of units) {
    if (STRENGTH[u.joint] > STRENGTH[pending]) pending = u.joint;
    if (u.text === "") continue;
    if (parts.length > 0) parts.push(pending);
    parts.push(u.text);
    pending = "";
  }
  return parts.join("");
}
