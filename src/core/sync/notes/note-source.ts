import type { Result } from "../../result";

/** What the source knows about a note without reading it. */
export interface NoteStat {
  /** Vault-relative path with "/" separators, e.g. "Projects/Plan.md". */
  path: string;
  /** Last modification time in ms since the epoch. */
  mtime: number;
  /**
   * Creation time in ms since the epoch, when the source knows it (a note's `created` date when its frontmatter
   * has none). Absent: unknown.
   */
  ctime?: number;
  /** Size in bytes. */
  size: number;
}

/**
 * Where notes come from: the Obsidian vault or a folder on disk. Paths are vault-relative, "/"-separated and name
 * markdown files only. No method throws: failures are IO errors whose message names the path.
 */
export interface NoteSource {
  /** Every markdown note, in any order. */
  list(): Promise<Result<NoteStat[]>>;
  /** The stat of one note, or null when it does not exist (any more). */
  stat(path: string): Promise<Result<NoteStat | null>>;
  /** The note's text (UTF-8 decoded). */
  read(path: string): Promise<Result<string>>;
  /**
   * Path prefixes the last `list` could not see although their notes are still wanted (an extra folder configured
   * but unreadable on this device): a comparison keeps indexed notes under them as they are. Absent: none.
   */
  keptPrefixes?(): readonly string[];
}

/**
 * A change reported by the host. Events are hints: the sync engine always asks the source for the truth, so a lost,
 * repeated or out-of-order event can't corrupt the index.
 */
export type NoteEvent =
  | { kind: "upsert"; path: string }
  | { kind: "delete"; path: string }
  | { kind: "rename"; path: string; oldPath: string };
