import type { BlockText } from "./block-text";
import type { PackGroup } from "./chunk-packer";
import type { PackBlock } from "./pack-unit";

interface Section {
  /** Heading level, 0 for the text before the first heading. */
  level: number;
  headingPath: string[];
  blocks: PackBlock[];
}

/** Compares headings and titles the way a reader would: case and spacing do not matter. */
function sameText(a: string, b: string): boolean {
  return a.replace(/\s+/g, " ").trim().toLowerCase() === b.replace(/\s+/g, " ").trim().toLowerCase();
}

/**
 * Groups blocks into heading sections, each with its heading path: the note title, then the enclosing headings. The
 * first H1 is left out of the path when it repeats the title. A section that holds nothing but its heading is merged
 * into the next section when that one is a subsection (so "# A / ## B / text" gives one chunk under A > B); otherwise
 * it stays a small chunk of its own, so the heading is still findable.
 */
export function groupSections(
  texts: readonly BlockText[],
  title: string,
  toUnits: (bt: BlockText) => PackBlock,
): PackGroup[] {
  const sections: Section[] = [{ level: 0, headingPath: [title], blocks: [] }];
  const stack: Array<{ level: number; text: string }> = [];
  let sawH1 = false;
  for (const bt of texts) {
    const packed = toUnits(bt);
    const { block } = bt;
    if (block.kind !== "heading") {
      sections[sections.length - 1]?.blocks.push(packed);
      continue;
    }
    while (stack.length > 0 && (stack[stack.length - 1]?.level ?? 0) >= block.level) stack.pop();
    const display = bt.display ?? "";
    const repeatsTitle = block.level === 1 && !sawH1 && sameText(display, title);
    if (block.level === 1) sawH1 = true;
    stack.push({ level: block.level, text: repeatsTitle ? "" : display });
    const headingPath = [title, ...stack.map((s) => s.text).filter((t) => t !== "")];
    sections.push({ level: block.level, headingPath, blocks: [packed] });
  }
  return mergeHeadingOnly(sections);
}

function mergeHeadingOnly(sections: readonly Section[]): PackGroup[] {
  const groups: PackGroup[] = [];
  let carried: PackBlock[] = [];
  sections.forEach((section, i) => {
    const blocks = carried.length > 0 ? [...carried, ...section.blocks] : section.blocks;
    carried = [];
    const next = sections[i + 1];
    const onlyHeadings = blocks.every((b) => b.heading || b.tokens === 0);
    if (section.level > 0 && onlyHeadings && next !== undefined && next.level > section.level) {
      carried = blocks;
      return;
    }
    if (blocks.length > 0) groups.push({ headingPath: section.headingPath, blocks });
  });
  return groups;
}
