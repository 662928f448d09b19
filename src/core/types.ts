/** Domain types shared by every part of the engine. Nothing here knows about Obsidian. */

/** Which ranked list a hit came from. `hyde` is the embedding of an LLM-written hypothetical answer. */
export type ListName = "bm25" | "vector" | "hyde";

/** How a query is answered. */
export type SearchMode = "hybrid" | "keyword" | "semantic";

/** Fields parsed from a note's YAML frontmatter and body; never indexed as prose. */
export interface NoteMeta {
  /** `title` from frontmatter, else the first H1, else the file name without extension. */
  title: string;
  /** `aliases` (or `alias`) from frontmatter, as strings. */
  aliases: string[];
  /** Tags from frontmatter and inline `#tags`, lower-cased, without `#`. */
  tags: string[];
  /** Link targets of `[[target|alias]]` links, as written (no heading or block part). */
  links: string[];
  /** `lang` or `language` from frontmatter ("de", "sv-SE", "german"), as written; absent when not set. */
  language?: string;
  /** `created` (else `date`) from frontmatter as a time, ms since the epoch; absent when not set or not a date. */
  created?: number;
  /** `superseded_by` from frontmatter: the note that replaces this one, as written without link brackets. */
  supersededBy?: string;
  /** `status` from frontmatter, as written; absent when not set. */
  status?: string;
}

/** One heading-aware piece of a note: the unit we index, embed and show. */
export interface Chunk {
  /** Stable id: `${path}#${ordinal}`. */
  id: string;
  path: string;
  /** Position of the chunk in its note, from 0. */
  ordinal: number;
  /** Headings from the note title down, e.g. ["Note", "H2", "H3"]. */
  headingPath: string[];
  /** Prose only: frontmatter, comments and embeds removed; `[[t|a]]` becomes "t a". */
  text: string;
  /** First and last source line of the chunk, 0-based, inclusive (Obsidian's editor lines). */
  startLine: number;
  endLine: number;
  /** Estimated token count of `text`. */
  tokens: number;
}

/** A note split into chunks, with its metadata. */
export interface ChunkedNote {
  path: string;
  meta: NoteMeta;
  chunks: Chunk[];
}
