import type { SearchMode } from "../core/types";

/** One example search of `npm run demo`. */
export interface DemoSearch {
  /** Short heading. */
  title: string;
  /** What the user types. */
  query: string;
  mode: SearchMode;
  /** What the example shows, in one sentence. */
  explains: string;
  /** Path of the note expected first; the demo says so when another note comes first (or none does). */
  expectTop: string | null;
  /** Only worth showing with embeddings. */
  needsEmbeddings?: boolean;
}

/** The searches the demo runs over examples/demo-vault, in order. */
export const DEMO_SEARCHES: readonly DemoSearch[] = [
  {
    title: "An exact name",
    query: "pg_basebackup",
    mode: "keyword",
    explains: "For a command or code name, keyword mode finds the notes that contain it, best match first.",
    expectTop: "Runbooks/Postgres backup and restore.md",
  },
  {
    title: "A quoted phrase",
    query: `"point-in-time recovery"`,
    mode: "hybrid",
    explains: "Quotes ask for these words together, in this order.",
    expectTop: "Runbooks/Postgres backup and restore.md",
  },
  {
    title: "A folder filter",
    query: "path:Cooking flour",
    mode: "hybrid",
    explains: "path: keeps only notes under that folder.",
    expectTop: "Cooking/Sourdough starter.md",
  },
  {
    title: "A tag filter",
    query: "tag:#books habits",
    mode: "hybrid",
    explains: "tag: keeps only notes with that tag (nested tags included).",
    expectTop: "Books/Reading list.md",
  },
  {
    title: "Chinese",
    query: "乌龙茶 水温",
    mode: "hybrid",
    explains: "Text without spaces is split into words, so a Chinese query finds the Chinese note.",
    expectTop: "Notes/乌龙茶冲泡笔记.md",
  },
  {
    title: "A question in your own words",
    query: "my bread starter has grey liquid on it, is it ruined?",
    mode: "hybrid",
    explains: "Hybrid search ranks by meaning as well as by words: the sourdough troubleshooting tip comes first.",
    expectTop: "Cooking/Sourdough starter.md",
    needsEmbeddings: true,
  },
  {
    title: "A private note",
    query: "quillfeather",
    mode: "keyword",
    explains: "This word appears only in a note tagged #private. Such notes are never indexed or sent to Ollama.",
    expectTop: null,
  },
];
