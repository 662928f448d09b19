import type { ChunkIndex } from "../index/chunk-index";
import { collapseRanking, notePathOfChunkId } from "./group-ranking";
import { readNotesDeepSync } from "./note-depth";
import { bestPair, probeVectors, SHARED_TEXT_NOTES, sourceMean, type BestPair, type SourceVector } from "./related-pairing";
import type { RelatedListName } from "./related-fusion";
import { addUnit, cosine } from "../vectors/vector-math";
import { scanNearestNotes } from "../vectors/vector-scan";
import { storedVectorInto } from "./stored-vector";

/** Words of the note's body in its query: Lucene's more-like-this default, and what the benchmark measured. */
export const BODY_QUERY_WORDS = 25;

/**
 * Share of the index's chunks a body word may occur in and still be asked for. A word in more than one chunk in a
 * hundred says little about one note, and its postings are what the query's time goes on: at 10,000 notes, leaving
 * such words out cut the body list from about 69 to 7 ms at p50 (load 15 on 2 cores). Small vaults keep every word
 * up to `BODY_MIN_DOCUMENT_FREQUENCY`.
 */
export const BODY_MAX_SHARE = 0.01;
/** Chunks a body word may always occur in, whatever the share: in a small vault every query is cheap. */
export const BODY_MIN_DOCUMENT_FREQUENCY = 50;

/** A ranked note list with the evidence behind each place. */
export interface NoteList {
  /** Paths, best first. */
  paths: string[];
  /** The best chunk of each listed note, for the list that found it by chunks. */
  chunkOf: Map<string, string>;
}

/**
 * Candidate notes from one scan with the probes, ranked by their best rarity-weighed chunk pair with the source;
 * equal pairs (two notes holding the same passage) by how close each note is as a whole to the source, never by path.
 */
export function vectorList(
  index: ChunkIndex,
  sources: readonly SourceVector[],
  skip: ReadonlySet<string>,
  depth: number,
  extraProbes: number,
  pairOf: (path: string) => BestPair | undefined,
): string[] {
  const mean = sourceMean(sources);
  const scored: { path: string; w: number; whole: number }[] = [];
  for (const candidate of scanNearestNotes(index, probeVectors(sources, extraProbes), skip, depth)) {
    const pair = pairOf(candidate.path);
    if (pair) scored.push({ path: candidate.path, w: pair.weighted, whole: 0 });
  }
  scored.sort((a, b) => b.w - a.w);
  // Only ties need the whole-note similarity, so it is computed for them alone, once a note.
  for (let i = 0; i < scored.length; ) {
    let end = i + 1;
    while (end < scored.length && scored[end]!.w === scored[i]!.w) end++;
    if (end - i > 1 && mean) for (let j = i; j < end; j++) scored[j]!.whole = wholeNoteSimilarity(index, mean, scored[j]!.path);
    i = end;
  }
  scored.sort((a, b) => b.w - a.w || b.whole - a.whole || (a.path < b.path ? -1 : 1));
  return scored.map((s) => s.path);
}

/** BM25 over the source's title and headings: what the note says it is about, in its own words. */
export function titleList(index: ChunkIndex, ids: readonly string[], skip: ReadonlySet<string>, depth: number): NoteList {
  const words: string[] = [];
  const seen = new Set<string>();
  for (const id of ids) {
    const entry = index.entry(id);
    if (!entry) continue;
    for (const part of [entry.title, ...entry.chunk.headingPath.slice(1)]) {
      if (seen.has(part)) continue;
      seen.add(part);
      words.push(...part.split(/\s+/));
    }
  }
  // Long heading lists would make a slow, unfocused query; the first headings say most about the note.
  return keywordNotes(index, words.slice(0, 48).join(" "), skip, depth, undefined);
}

/**
 * BM25 "more like this" over the index's own postings: the source's most distinctive body words (tf × idf, each
 * analysed in its chunk's language), without typo corrections. Chunks whose text many notes share are left out,
 * as are `leaveOut` words.
 */
export function bodyList(
  index: ChunkIndex,
  ids: readonly string[],
  skip: ReadonlySet<string>,
  depth: number,
  leaveOut?: ReadonlySet<string>,
): NoteList {
  const cap = Math.max(BODY_MIN_DOCUMENT_FREQUENCY, BODY_MAX_SHARE * index.size) / Math.max(1, index.size);
  const words = index.distinctiveWords(ids, BODY_QUERY_WORDS, leaveOut, cap);
  // Words taken from the notes themselves need no correction, and 25 of them would make it costly. Nor are their
  // scores kept (`keepClauses`): 25 rare words a note, seldom asked for again, pushed out every kept word (the title
  // lists' common ones, which other notes do ask for again, and a typed query's), and left the collector full pauses.
  return keywordNotes(index, words.join(" "), skip, depth, 0, false);
}

function keywordNotes(index: ChunkIndex, query: string, skip: ReadonlySet<string>, depth: number, maxEdits: number | undefined, keep = true): NoteList {
  if (!query.trim()) return { paths: [], chunkOf: new Map() };
  // Read in notes, not chunks, so that one note with many matching chunks can't crowd the others out; one chunk a
  // note, its best, which is the one that represents it.
  const ids = readNotesDeepSync((limit) => index.keywordSearch(query, { limit, chunksPerNote: 1, keepClauses: keep, ...(maxEdits === undefined ? {} : { maxEdits }) }), depth + skip.size, 1).map((h) => h.id);
  const chunkOf = new Map<string, string>();
  for (const id of ids) {
    const path = notePathOfChunkId(id);
    if (!chunkOf.has(path)) chunkOf.set(path, id);
  }
  return { paths: collapseRanking(ids, notePathOfChunkId).filter((p) => !skip.has(p)), chunkOf };
}

/** Cosine of `mean` with the mean direction of `path`'s stored vectors (`meanDirection`'s), int8 ones decoded into one buffer. */
function wholeNoteSimilarity(index: ChunkIndex, mean: Float32Array, path: string): number {
  const v = new Float32Array(index.dims);
  const codes = new Int8Array(index.dims);
  const sum = new Float32Array(index.dims);
  let any = false;
  for (const id of index.chunkIdsOf(path)) {
    const vector = storedVectorInto(index, id, v, codes);
    if (!vector) continue;
    addUnit(sum, vector);
    any = true;
  }
  return any ? cosine(mean, sum) : -1;
}

/** The three lists for a source, and the closest pairs found on the way. */
export interface RelatedLists {
  vector: string[];
  bm25: NoteList;
  body: NoteList;
  /** Best pair per note, computed on demand and kept. */
  pairOf: (path: string) => BestPair | undefined;
  /** The source's chunks that have a vector of their own text. */
  sources: readonly SourceVector[];
}

/** How the lists are read. */
export interface ListDepth {
  /** Notes read from each list. */
  depth: number;
  /** Chunks farthest from the mean added as probes. */
  extraProbes: number;
  /** Words left out of the body query (lower case). */
  leaveOut?: ReadonlySet<string>;
  /** Lists not read, because their weight is 0: they come back empty. Default: all are read. */
  unread?: ReadonlySet<RelatedListName>;
}

/** The vector, title-and-heading and body lists for the chunks `ids` (a note or one of its sections). */
export function relatedLists(index: ChunkIndex, ids: readonly string[], skip: ReadonlySet<string>, opts: ListDepth, sources: readonly SourceVector[]): RelatedLists {
  const pairs = new Map<string, BestPair | undefined>();
  const pairOf = (p: string) => {
    if (!pairs.has(p)) pairs.set(p, sources.length > 0 ? bestPair(index, sources, p) : undefined);
    return pairs.get(p);
  };
  // Text many notes share says nothing about this one: its words don't go into the body query either.
  const own = ids.filter((id) => index.textShare.notesSharing(id) <= SHARED_TEXT_NOTES);
  const read = (name: RelatedListName) => !opts.unread?.has(name);
  const none: NoteList = { paths: [], chunkOf: new Map() };
  return {
    vector: sources.length > 0 && read("vector") ? vectorList(index, sources, skip, opts.depth, opts.extraProbes, pairOf) : [],
    bm25: read("bm25") ? titleList(index, ids, skip, opts.depth) : none,
    body: read("body") ? bodyList(index, own, skip, opts.depth, opts.leaveOut) : none,
    pairOf,
    sources,
  };
}
