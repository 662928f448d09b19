import {
  isIndexArray,
  isIndexArrays,
  isNullableNumberArray,
  isNumberArray,
  isRecord,
  isStringArray,
  isStringArrays,
} from "./json-guards";
import { SLICE_ITEMS, type Steps } from "../shared/slices";
import type { NoteRecord, SnapshotToSave, StoredChunk } from "./snapshot";

/**
 * Notes and chunks as columns (one array per field) rather than arrays of objects: no repeated keys, and chunk
 * texts live outside the JSON as raw UTF-8 (only their byte lengths are here). Fields that follow from others are
 * left out: a chunk's path is its note's, its id is `${path}#${ordinal}`, and a note's first chunk follows from the
 * counts before it. Heading names repeat across the chunks of a note, so headings index into a table of strings.
 */
export interface MetaColumns {
  strings: string[];
  notes: {
    path: string[];
    mtime: number[];
    size: number[];
    contentHash: string[];
    title: string[];
    aliases: string[][];
    tags: string[][];
    links: string[][];
    chunkCount: number[];
    /**
     * Each note's `lang` frontmatter, "" when it has none. Absent in files saved before it was kept: their notes load
     * without one (a restore that can't use the saved postings then detects their language from the text).
     */
    language?: string[];
    /**
     * The note's creation time (`NoteRecord.ctime`), null when unknown. Absent in files saved before it was kept:
     * their notes load without one and are read again by the next scan for their dates and status.
     */
    ctime?: (number | null)[];
    /** `meta.created`, null when the note has none. Absent in older files, as `ctime`. */
    created?: (number | null)[];
    /** `meta.supersededBy`, "" when the note has none. Absent in older files, as `ctime`. */
    supersededBy?: string[];
    /** `meta.status`, "" when the note has none. Absent in older files, as `ctime`. */
    status?: string[];
  };
  chunks: {
    ordinal: number[];
    heading: number[][];
    startLine: number[];
    endLine: number[];
    tokens: number[];
    embedHash: string[];
    textBytes: number[];
  };
}

export function* toColumns(s: SnapshotToSave, textBytes: number[]): Steps<MetaColumns> {
  const table = new Map<string, number>();
  const intern = (name: string): number => {
    let at = table.get(name);
    if (at === undefined) {
      at = table.size;
      table.set(name, at);
    }
    return at;
  };
  const notes: MetaColumns["notes"] = {
    path: [],
    mtime: [],
    size: [],
    contentHash: [],
    title: [],
    aliases: [],
    tags: [],
    links: [],
    chunkCount: [],
    language: [],
    ctime: [],
    created: [],
    supersededBy: [],
    status: [],
  };
  let done = 0;
  for (const n of s.notes) {
    if (++done % SLICE_ITEMS === 0) yield;
    notes.path.push(n.path);
    notes.mtime.push(n.mtime);
    notes.size.push(n.size);
    notes.contentHash.push(n.contentHash);
    notes.title.push(n.meta.title);
    notes.aliases.push(n.meta.aliases);
    notes.tags.push(n.meta.tags);
    notes.links.push(n.meta.links);
    notes.chunkCount.push(n.chunkCount);
    notes.language?.push(n.meta.language ?? "");
    notes.ctime?.push(n.ctime ?? null);
    notes.created?.push(n.meta.created ?? null);
    notes.supersededBy?.push(n.meta.supersededBy ?? "");
    notes.status?.push(n.meta.status ?? "");
  }
  const chunks: MetaColumns["chunks"] = {
    ordinal: [],
    heading: [],
    startLine: [],
    endLine: [],
    tokens: [],
    embedHash: [],
    textBytes,
  };
  for (const c of s.chunks) {
    if (++done % SLICE_ITEMS === 0) yield;
    chunks.ordinal.push(c.ordinal);
    chunks.heading.push(c.headingPath.map(intern));
    chunks.startLine.push(c.startLine);
    chunks.endLine.push(c.endLine);
    chunks.tokens.push(c.tokens);
    chunks.embedHash.push(c.embedHash);
  }
  return { strings: [...table.keys()], notes, chunks };
}

/** Whether `x` is a complete set of columns for `noteCount` notes and `chunkCount` chunks. */
export function isMetaColumns(x: unknown, noteCount: number, chunkCount: number): x is MetaColumns {
  if (!isRecord(x) || !isRecord(x.notes) || !isRecord(x.chunks) || !Array.isArray(x.strings)) return false;
  const { notes: n, chunks: c, strings } = x;
  const maxCount = chunkCount + 1;
  return (
    isStringArray(strings, strings.length) &&
    isStringArray(n.path, noteCount) &&
    isNumberArray(n.mtime, noteCount) &&
    isNumberArray(n.size, noteCount) &&
    isStringArray(n.contentHash, noteCount) &&
    isStringArray(n.title, noteCount) &&
    isStringArrays(n.aliases, noteCount) &&
    isStringArrays(n.tags, noteCount) &&
    isStringArrays(n.links, noteCount) &&
    isIndexArray(n.chunkCount, noteCount, maxCount) &&
    n.chunkCount.reduce((a, b) => a + b, 0) === chunkCount &&
    (n.language === undefined || isStringArray(n.language, noteCount)) &&
    (n.ctime === undefined || isNullableNumberArray(n.ctime, noteCount)) &&
    (n.created === undefined || isNullableNumberArray(n.created, noteCount)) &&
    (n.supersededBy === undefined || isStringArray(n.supersededBy, noteCount)) &&
    (n.status === undefined || isStringArray(n.status, noteCount)) &&
    isNumberArray(c.ordinal, chunkCount) &&
    isIndexArrays(c.heading, chunkCount, strings.length) &&
    isNumberArray(c.startLine, chunkCount) &&
    isNumberArray(c.endLine, chunkCount) &&
    isNumberArray(c.tokens, chunkCount) &&
    isStringArray(c.embedHash, chunkCount) &&
    isIndexArray(c.textBytes, chunkCount, Number.MAX_SAFE_INTEGER)
  );
}

/** Rebuilds the records; `textOf(i)` gives chunk i's text. Assumes `isMetaColumns` held. */
export function* fromColumns(
  columns: MetaColumns,
  textOf: (chunk: number) => string,
): Steps<{ notes: NoteRecord[]; chunks: StoredChunk[] }> {
  const { notes: n, chunks: c, strings } = columns;
  const notes: NoteRecord[] = [];
  const chunks: StoredChunk[] = [];
  for (let i = 0; i < n.path.length; i++) {
    const path = n.path[i] ?? "";
    const chunkStart = chunks.length;
    const chunkCount = n.chunkCount[i] ?? 0;
    // Chunks of one section share its heading path: one array for the run (nothing changes a chunk's in place).
    let headingPath: string[] = [];
    for (let j = chunkStart; j < chunkStart + chunkCount; j++) {
      if (j % SLICE_ITEMS === SLICE_ITEMS - 1) yield;
      const ordinal = c.ordinal[j] ?? 0;
      const heading = c.heading[j] ?? [];
      if (j === chunkStart || !sameNumbers(heading, c.heading[j - 1] ?? [])) headingPath = heading.map((k) => strings[k] ?? "");
      chunks.push({
        id: `${path}#${ordinal}`,
        path,
        ordinal,
        headingPath,
        text: textOf(j),
        startLine: c.startLine[j] ?? 0,
        endLine: c.endLine[j] ?? 0,
        tokens: c.tokens[j] ?? 0,
        embedHash: c.embedHash[j] ?? "",
      });
    }
    const language = n.language?.[i] ?? "";
    const ctime = n.ctime?.[i] ?? null;
    const created = n.created?.[i] ?? null;
    const supersededBy = n.supersededBy?.[i] ?? "";
    const status = n.status?.[i] ?? "";
    // Optional fields are assigned, not spread into the literals: a spread of a conditional object per field took
    // the engine's slow path, several microseconds a note, at every load of every note. The fields keep their order.
    const meta: NoteRecord["meta"] = { title: n.title[i] ?? "", aliases: n.aliases[i] ?? [], tags: n.tags[i] ?? [], links: n.links[i] ?? [] };
    if (language !== "") meta.language = language;
    if (created !== null) meta.created = created;
    if (supersededBy !== "") meta.supersededBy = supersededBy;
    if (status !== "") meta.status = status;
    const mtime = n.mtime[i] ?? 0;
    const size = n.size[i] ?? 0;
    const contentHash = n.contentHash[i] ?? "";
    notes.push(
      ctime !== null
        ? { path, mtime, ctime, size, contentHash, meta, chunkStart, chunkCount }
        : { path, mtime, size, contentHash, meta, chunkStart, chunkCount },
    );
  }
  return { notes, chunks };
}

function sameNumbers(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
