import { estimateTokens } from "../text/token-estimate";
import type { BlockText } from "./block-text";
import { splitLongText } from "./long-text-split";
import { isAtomicKind } from "./markdown-blocks";
import { joinUnits, type Joint, type PackBlock, type PackUnit } from "./pack-unit";

/**
 * Turns a block's lines into packing units. Lines longer than `granularity` tokens are split into sentence or word
 * pieces, so that a chunk border and its overlap can fall inside a long paragraph line. A fence, table or callout whose
 * text fits in `maxTokens` becomes a single unit and so can never be split or partly repeated.
 */
export function blockUnits(bt: BlockText, granularity: number, maxTokens: number): PackBlock {
  const { block } = bt;
  const heading = block.kind === "heading";
  const joints = bt.lines.map((lt, i): Joint => (i === 0 || lt.gap === true ? "\n\n" : "\n"));
  const lineTokens = bt.lines.map((lt) => (lt.text === "" ? 0 : estimateTokens(lt.text)));
  const sum = lineTokens.reduce((a, b) => a + b, 0);
  // Per-line estimates exceed the whole block's by at most one token per line, so a block far over the maximum is
  // not joined and estimated as a whole just to learn that it does not fit.
  if (isAtomicKind(block.kind) && bt.lines.length > 1 && sum - bt.lines.length <= maxTokens) {
    const text = joinUnits(bt.lines.map((lt, i) => ({ text: lt.text, joint: joints[i] ?? "\n" })));
    const whole = estimateTokens(text);
    if (whole <= maxTokens) {
      const unit: PackUnit = {
        text,
        startLine: block.startLine,
        endLine: block.endLine,
        tokens: whole,
        joint: "\n\n",
        midSentence: false,
      };
      return { units: [unit], tokens: whole, heading };
    }
  }
  const units: PackUnit[] = [];
  bt.lines.forEach(({ line, text }, i) => {
    const tokens = lineTokens[i] ?? 0;
    const joint = joints[i] ?? "\n";
    if (tokens <= granularity) {
      units.push({ text, startLine: line, endLine: line, tokens, joint, midSentence: false });
      return;
    }
    splitLongText(text, granularity).forEach((piece, k) => {
      units.push({
        text: piece.text,
        startLine: line,
        endLine: line,
        tokens: piece.tokens,
        joint: k === 0 ? joint : piece.joint,
        midSentence: piece.midSentence,
      });
    });
  });
  return { units, tokens: units.reduce((a, u) => a + u.tokens, 0), heading };
}
