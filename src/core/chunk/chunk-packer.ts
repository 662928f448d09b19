import { joinUnits, type PackBlock, type PackUnit } from "./pack-unit";

/** A run of blocks under one heading path; overlap never crosses from one group to the next. */
export interface PackGroup {
  /** Given to every chunk of the group. */
  headingPath: string[];
  /** In source order. */
  blocks: PackBlock[];
}

/** A chunk before it gets its id and final token count. */
export interface ChunkDraft {
  headingPath: string[];
  /** Unit texts joined with their joints. */
  text: string;
  /** Source line range, 0-based and inclusive, widened over text-less lines next to it. */
  startLine: number;
  endLine: number;
}

/** The chunk being filled: units repeated from the previous chunk come first, then fresh ones. */
class DraftBuilder {
  units: PackUnit[] = [];
  tokens = 0;
  freshTokens = 0;

  constructor(overlap: readonly PackUnit[] = []) {
    for (const u of overlap) {
      this.units.push(u);
      this.tokens += u.tokens;
    }
  }

  add(u: PackUnit): void {
    this.units.push(u);
    this.tokens += u.tokens;
    this.freshTokens += u.tokens;
  }

  /**
   * Longest tail of whole units with at most `limit` tokens. It starts after whitespace or a line break (not with a
   * text-less unit, nor with a word cut in two), and at a sentence start when the tail holds one.
   */
  tail(limit: number): PackUnit[] {
    let sum = 0;
    let from = this.units.length;
    while (from > 0) {
      const t = this.units[from - 1]?.tokens ?? 0;
      if (sum + t > limit) break;
      sum += t;
      from--;
    }
    const end = this.units.length;
    const startsCleanly = (u: PackUnit | undefined): boolean => u !== undefined && u.text !== "" && u.joint !== "";
    while (from < end && !startsCleanly(this.units[from])) from++;
    let sentence = from;
    while (sentence < end && (this.units[sentence]?.midSentence === true || !startsCleanly(this.units[sentence]))) {
      sentence++;
    }
    return this.units.slice(sentence < end ? sentence : from);
  }
}

/**
 * Packs groups into chunks of at most `maxTokens` (summed unit tokens). A block that fits in the current chunk is
 * added whole; one that fits in an empty chunk starts the next chunk; a larger one is streamed unit by unit. Each
 * new chunk of a group starts with up to `overlapTokens` of whole units from the end of the previous one (less when
 * the next block needs the room). Units carry no more than `maxTokens` each, so every unit finds room.
 *
 * Lines that carry no text and end up in no chunk (a group of nothing but syntax) widen the previous chunk's range,
 * or the next one's when none came before, so every block line is inside some chunk.
 */
export function packGroups(groups: readonly PackGroup[], maxTokens: number, overlapTokens: number): ChunkDraft[] {
  const drafts: ChunkDraft[] = [];
  let orphanStart = -1;
  const emit = (path: string[], b: DraftBuilder): void => {
    const first = b.units[0];
    const last = b.units[b.units.length - 1];
    if (first === undefined || last === undefined) return;
    const start = orphanStart >= 0 ? Math.min(orphanStart, first.startLine) : first.startLine;
    drafts.push({ headingPath: path, text: joinUnits(b.units), startLine: start, endLine: last.endLine });
    orphanStart = -1;
  };
  const orphan = (units: readonly PackUnit[]): void => {
    const first = units[0];
    const last = units[units.length - 1];
    if (first === undefined || last === undefined) return;
    const prev = drafts[drafts.length - 1];
    if (prev !== undefined) prev.endLine = Math.max(prev.endLine, last.endLine);
    else if (orphanStart < 0) orphanStart = first.startLine;
  };

  for (const group of groups) {
    let cur = new DraftBuilder();
    // Only called when `cur` holds fresh text: the unit or block that triggered it is added right after, and an
    // empty builder always has room (blocks over the maximum are streamed in units that fit).
    const makeRoom = (needed: number): void => {
      emit(group.headingPath, cur);
      cur = new DraftBuilder(cur.tail(Math.min(overlapTokens, maxTokens - needed)));
    };
    for (const block of group.blocks) {
      if (cur.tokens + block.tokens > maxTokens) {
        if (block.tokens <= maxTokens) makeRoom(block.tokens);
        else {
          for (const u of block.units) {
            if (cur.tokens + u.tokens > maxTokens) makeRoom(u.tokens);
            cur.add(u);
          }
          continue;
        }
      }
      for (const u of block.units) cur.add(u);
    }
    if (cur.freshTokens > 0) emit(group.headingPath, cur);
    else orphan(cur.units);
  }
  return drafts;
}
