import type { Excerpt } from "../../core/search/excerpt";

/**
 * Renders an excerpt as text nodes and `<mark>` elements. Note text is untrusted, so it only ever becomes text
 * content: markup in a note shows as the characters it is made of.
 */
export function renderExcerpt(parent: HTMLElement, excerpt: Excerpt): HTMLElement {
  const el = parent.createDiv({ cls: "hvs-excerpt" });
  for (const segment of excerpt.segments) {
    if (segment.match) el.createEl("mark", { text: segment.text });
    else el.appendText(segment.text);
  }
  return el;
}

/** "Parent › Child" for a chunk's heading path below the note title; "" for the part before the first heading. */
export function headingTrail(headingPath: readonly string[]): string {
  return headingPath.slice(1).join(" › ");
}
