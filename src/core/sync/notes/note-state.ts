import type { NoteRecord, StoredChunk } from "../../persist/snapshot";
import type { Chunk, NoteMeta } from "../../types";
import type { NoteStat } from "./note-source";
import { sameList } from "../../shared/same-list";

/** What the service knows about one note it has read: what it looked like and what it put in the index. */
export interface NoteState extends NoteStat {
  /** `noteContentHash` of the whole file, to tell an edit from a touch. */
  contentHash: string;
  meta: NoteMeta;
  /** The note's chunks in the index; empty when its content excludes it (a tag, too short). */
  chunks: readonly Chunk[];
  /** `embedHashes[i]` is the hash of the text embedded for `chunks[i]`. */
  embedHashes: readonly string[];
}

/** True when the note is known but left out of the index because of its content. */
export function isContentExcluded(s: NoteState): boolean {
  return s.chunks.length === 0;
}

/** The persisted form of a note, its chunks starting at `chunkStart`. */
export function toRecord(s: NoteState, chunkStart: number): NoteRecord {
  return {
    path: s.path,
    mtime: s.mtime,
    ...(s.ctime !== undefined ? { ctime: s.ctime } : {}),
    size: s.size,
    contentHash: s.contentHash,
    meta: s.meta,
    chunkStart,
    chunkCount: s.chunks.length,
  };
}

/** The stored chunks of a note. */
export function toStoredChunks(s: NoteState): StoredChunk[] {
  return s.chunks.map((c, i) => {
    const embedHash = s.embedHashes[i] ?? "";
    return "embedHash" in c && c.embedHash === embedHash ? (c as StoredChunk) : { ...c, embedHash };
  });
}

/**
 * A note back from its persisted form. The stored chunks serve as the note's chunks as they are (their extra
 * `embedHash` field is harmless): copying 30,000 chunk objects on every start was a good part of the load's garbage.
 */
export function fromRecord(r: NoteRecord, stored: readonly StoredChunk[]): NoteState {
  // `map`, not pushes: an array grown by pushes keeps spare room, some 6 MB over 50,000 notes.
  const embedHashes = stored.map((c) => c.embedHash);
  // Two literals, not a spread of a conditional object: this runs for every note at every load (see `fromColumns`).
  const { path, mtime, ctime, size, contentHash, meta } = r;
  return ctime !== undefined
    ? { path, mtime, ctime, size, contentHash, meta, chunks: stored, embedHashes }
    : { path, mtime, size, contentHash, meta, chunks: stored, embedHashes };
}

/** True when two versions of a note would put exactly the same thing in the index. */
export function sameIndexed(a: NoteState, b: NoteState): boolean {
  if (a.chunks.length !== b.chunks.length || !sameMeta(a.meta, b.meta)) return false;
  return a.chunks.every((c, i) => {
    const d = b.chunks[i];
    return (
      d !== undefined &&
      a.embedHashes[i] === b.embedHashes[i] &&
      c.id === d.id &&
      c.text === d.text &&
      c.startLine === d.startLine &&
      c.endLine === d.endLine &&
      c.tokens === d.tokens &&
      sameList(c.headingPath, d.headingPath)
    );
  });
}

/** True when two versions of a note have the same frontmatter dates and status (kept beside the index, not in it). */
export function sameSignals(a: NoteMeta, b: NoteMeta): boolean {
  return a.created === b.created && a.supersededBy === b.supersededBy && a.status === b.status;
}

/**
 * True when `prev` was recorded before notes kept their creation time and frontmatter signals (an index saved by an
 * older version), and the source can tell them now: the note is read again, and nothing is embedded again.
 */
export function lacksSignals(prev: NoteState, stat: NoteStat): boolean {
  return prev.ctime === undefined && stat.ctime !== undefined;
}

function sameMeta(a: NoteMeta, b: NoteMeta): boolean {
  // The language decides how the note's words are analysed, so a change of `lang` alone re-indexes it.
  return a.title === b.title && a.language === b.language && sameList(a.aliases, b.aliases) && sameList(a.tags, b.tags) && sameList(a.links, b.links);
}
