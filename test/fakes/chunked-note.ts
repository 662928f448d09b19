import type { ChunkedNote } from "../../src/core/types";

/** A chunked note made by hand: one chunk a text, the first under the title, the others under "Part i" headings. */
export function chunkedNote(path: string, title: string, texts: string[], extra: Partial<ChunkedNote["meta"]> = {}): ChunkedNote {
  return {
    path,
    meta: { title, aliases: [], tags: [], links: [], ...extra },
    chunks: texts.map((text, i) => ({
      id: `${path}#${i}`,
      path,
      ordinal: i,
      headingPath: [title, ...(i > 0 ? [`Part ${i}`] : [])],
      text,
      startLine: i * 10,
      endLine: i * 10 + 9,
      tokens: text.split(" ").length,
    })),
  };
}
