import type { ChunkIndex, IndexedChunk } from "../index/chunk-index";
import type { Steps } from "../shared/slices";
import { foldForMatch } from "./query-filter";
import { lastAtOrBefore } from "../shared/last-at-or-before";

/**
 * A note's title, aliases, headings and chunk texts, folded for matching (`foldForMatch`), kept per note for later
 * searches: folding is most of a phrase or exclusion check, and a rare phrase is checked against most of the vault.
 * Keyed by the note's first chunk entry, which the index replaces whenever the note's text changes (a new vector
 * replaces it too), with the note's chunk count, which changes while a note is added in steps; so a stale text is
 * never used, and it goes when the note does.
 */
const FOLDED = new WeakMap<IndexedChunk, { chunks: number; text: string; twoByte?: boolean }>();

export function foldedNoteText(index: ChunkIndex, path: string, first: IndexedChunk): string {
  const ids = index.chunkIdsOf(path);
  const known = FOLDED.get(first);
  if (known !== undefined && known.chunks === ids.length) return known.text;
  const parts = [first.title, ...first.aliases];
  for (const id of ids) {
    const c = index.entry(id);
    if (c) parts.push(c.chunk.headingPath.slice(1).join(" "), c.chunk.text);
  }
  const text = foldForMatch(parts.join("\n"));
  FOLDED.set(first, { chunks: ids.length, text });
  return text;
}

/**
 * Every note's folded text as of one index revision, back to back in a few long strings, so that the notes holding
 * a phrase are found with one `indexOf` scan instead of a check per note (five map lookups and a search each). A
 * folded text never holds "\n" (`foldForMatch` makes every whitespace run one space), and neither does a folded
 * phrase, so "\n" between notes keeps a match inside one note. Texts of one-byte characters (Latin-1) and the others
 * are joined apart: one Chinese note would make a joined string of them all take two bytes a character.
 */
interface TextRun {
  text: string;
  /** Where each note's text starts in `text`, and one past the end. */
  starts: Int32Array;
  paths: string[];
}
interface TextCatalog {
  revision: number;
  runs: TextRun[];
}

const CATALOGS = new WeakMap<ChunkIndex, TextCatalog>();
const TWO_BYTE = /[\u0100-\uffff]/;
const SEPARATOR = "\n";

/**
 * Folds every note's text and joins them into the catalog of `index`'s revision, in slices of `perSlice` notes;
 * each note's kept folded text then becomes a slice of the joined one (no second copy). Gives up (nothing kept) when
 * `stop()` says so or the index changed meanwhile. Returns the notes folded.
 */
export function* buildTextCatalogSteps(index: ChunkIndex, stop: () => boolean, perSlice: number): Steps<number> {
  const revision = index.revision;
  const groups = [
    { paths: [] as string[], firsts: [] as IndexedChunk[], texts: [] as string[] },
    { paths: [] as string[], firsts: [] as IndexedChunk[], texts: [] as string[] },
  ];
  let inSlice = 0;
  for (const path of index.notePaths()) {
    if (inSlice >= perSlice) {
      yield;
      if (stop() || index.revision !== revision) return 0;
      inSlice = 0;
    }
    inSlice++;
    const id = index.chunkIdsOf(path)[0];
    const first = id === undefined ? undefined : index.entry(id);
    // A note without a chunk passes no text filter: it is left out.
    if (first === undefined) continue;
    const text = foldedNoteText(index, path, first);
    // Kept with the text: the catalog is made again after every edit (filter-warmth.ts), and this reads all of it.
    const known = FOLDED.get(first);
    const twoByte = known?.twoByte ?? TWO_BYTE.test(text);
    if (known) known.twoByte = twoByte;
    const g = groups[twoByte ? 1 : 0]!;
    g.paths.push(path);
    g.firsts.push(first);
    g.texts.push(text);
  }
  const runs: TextRun[] = [];
  for (const g of groups) {
    if (g.paths.length === 0) continue;
    const joined = g.texts.join(SEPARATOR);
    const starts = new Int32Array(g.paths.length + 1);
    let at = 0;
    for (let i = 0; i < g.texts.length; i++) {
      starts[i] = at;
      const end = at + g.texts[i]!.length;
      const known = FOLDED.get(g.firsts[i]!);
      if (known) known.text = joined.slice(at, end);
      at = end + SEPARATOR.length;
    }
    starts[g.paths.length] = at;
    runs.push({ text: joined, starts, paths: g.paths });
    yield;
  }
  if (index.revision !== revision) return 0;
  CATALOGS.set(index, { revision, runs });
  return groups[0]!.paths.length + groups[1]!.paths.length;
}

/**
 * A phrase that more notes than this hold is left to the note-by-note check: it passes so many notes that the lists
 * find enough of them near their tops, asking few notes, while the scan would go through every match in the vault.
 */
export const MOST_HOLDING = 1000;

/**
 * The notes of `index` whose folded text holds every one of `phrases` (folded, none empty), when the catalog of the
 * index's current revision is built and at most `atMost` notes hold the longest phrase; undefined otherwise (ask
 * note by note). Found by scanning for the longest phrase, then checking the others in the notes found.
 */
export function notesHolding(index: ChunkIndex, phrases: readonly string[], atMost = MOST_HOLDING): Set<string> | undefined {
  const catalog = CATALOGS.get(index);
  if (!catalog || catalog.revision !== index.revision || phrases.length === 0) return undefined;
  if (phrases.some((p) => p === "" || p.includes(SEPARATOR))) return undefined;
  const longest = phrases.reduce((a, b) => (b.length > a.length ? b : a));
  const out = new Set<string>();
  let holdingLongest = 0;
  for (const run of catalog.runs) {
    const { text, starts, paths } = run;
    for (let at = text.indexOf(longest); at >= 0; ) {
      const note = noteAt(starts, at);
      const start = starts[note]!;
      const end = starts[note + 1]! - SEPARATOR.length;
      if (++holdingLongest > atMost) return undefined;
      if (phrases.length === 1 || phrases.every((p) => p === longest || text.slice(start, end).includes(p))) out.add(paths[note]!);
      // The next note's text; a match cannot span "\n".
      at = text.indexOf(longest, end + SEPARATOR.length);
    }
  }
  return out;
}

/** The note whose text holds position `at`: the last start at or before it. */
function noteAt(starts: Int32Array, at: number): number {
  // The last entry is the end of the last note's text, not a note's start.
  return lastAtOrBefore(starts, at, starts.length - 1);
}
