import { embeddingInput } from "../../index/embedding-input";
import type { ChunkedNote, NoteMeta } from "../../types";
import { proseChars } from "../rules/exclusions";
import type { IndexSettings } from "../rules/index-settings";
import { chunkLargeNote } from "../../chunk/large-note-chunker";
import { contentHash as hashText } from "../../shared/hash";
import { ownString } from "../../shared/own-string";

/*
 * A note's text on its way into the index: tell text from a binary file, cap it, hash it (to tell a real edit from a
 * touch), chunk it and hash each chunk's embedding input.
 */

/** A note read and chunked, ready to go into the index. */
export interface PreparedNote {
  note: ChunkedNote;
  /** `noteContentHash` of the whole file as read (before any cut). */
  contentHash: string;
  /** `inputs[i]` is the text embedded for `note.chunks[i]`, `embedHashes[i]` its hash. */
  inputs: string[];
  embedHashes: string[];
  /** See `proseChars`. */
  proseChars: number;
  /** True when the note was larger than `maxNoteBytes` and only its beginning was chunked. */
  cut: boolean;
}

/**
 * Caps the note at `maxNoteBytes`, chunks it and hashes each chunk's embedding input, in slices. `contentHash` is
 * the note's `noteContentHash`, computed by the caller to skip unchanged notes before this.
 */
export async function prepareNote(
  path: string,
  raw: string,
  contentHash: string,
  settings: IndexSettings,
  pause: () => Promise<void>,
): Promise<PreparedNote> {
  const capped = capText(raw, settings.maxNoteBytes);
  await pause();
  const note = ownedNote(await chunkLargeNote(path, capped.text, settings.chunk, pause));
  // See `ownedNote`: in this loop, which pauses, since a large note has thousands of chunks.
  const wide = BEYOND_LATIN1.test(capped.text);
  const inputs: string[] = [];
  const embedHashes: string[] = [];
  for (const chunk of note.chunks) {
    if (wide && !BEYOND_LATIN1.test(chunk.text)) chunk.text = ownString(chunk.text);
    const input = embeddingInput(chunk);
    inputs.push(input);
    embedHashes.push(hashText(input));
    if (inputs.length % 256 === 0) await pause();
  }
  return { note, contentHash, inputs, embedHashes, proseChars: proseChars(note), cut: capped.cut };
}

/** A character that a one-byte string can't hold. */
const BEYOND_LATIN1 = /[\u0100-\uffff]/;

/**
 * `note` with its headings and metadata copies of their own (see `ownString`), so the file's text as read is freed
 * once the note is prepared. Chunks of one section keep sharing one heading list.
 *
 * Chunk texts are left as they are (the chunker joins nearly all of them anew), but for one case that `prepareNote`
 * handles: in a file that holds a character beyond Latin-1 (an emoji, a curly quote, a dash), every string cut or
 * joined from it is two bytes a character, even a chunk of plain ASCII, where a loaded index holds one byte a
 * character. Those chunk texts are copied (a copy is one byte a character when it can be).
 */
function ownedNote(note: ChunkedNote): ChunkedNote {
  const headings = new Map<readonly string[], string[]>();
  const ownHeadings = (path: string[]): string[] => {
    let owned = headings.get(path);
    if (!owned) headings.set(path, (owned = path.map(ownString)));
    return owned;
  };
  // In place: the chunker made these chunks for this call alone, and a copy of each was 150,000 more objects at
  // 50,000 notes.
  for (const c of note.chunks) c.headingPath = ownHeadings(c.headingPath);
  return { ...note, meta: ownedMeta(note.meta) };
}

function ownedMeta(m: NoteMeta): NoteMeta {
  const owned: NoteMeta = { ...m, title: ownString(m.title), aliases: m.aliases.map(ownString), tags: m.tags.map(ownString), links: m.links.map(ownString) };
  if (m.language !== undefined) owned.language = ownString(m.language);
  if (m.supersededBy !== undefined) owned.supersededBy = ownString(m.supersededBy);
  if (m.status !== undefined) owned.status = ownString(m.status);
  return owned;
}

/** Text above this length is hashed piecewise (see `noteContentHash`). */
const HASH_PIECE = 256 * 1024;

/**
 * Cuts `text` to at most `maxBytes` of UTF-8, at the end of the last whole line that fits (or at the byte limit
 * when the first line alone is longer). `cut` says whether anything was dropped.
 */
export function capText(text: string, maxBytes: number): { text: string; cut: boolean } {
  // A UTF-16 unit takes at most 3 UTF-8 bytes, so short texts fit without encoding them.
  if (text.length <= maxBytes / 3) return { text, cut: false };
  const { read } = new TextEncoder().encodeInto(text, new Uint8Array(maxBytes));
  if (read >= text.length) return { text, cut: false };
  const lineEnd = text.lastIndexOf("\n", read - 1);
  return { text: text.slice(0, lineEnd > 0 ? lineEnd + 1 : read), cut: true };
}

/**
 * Hash of a whole note, to tell a real edit from a touch. Long texts are hashed in pieces (the hash of the piece
 * hashes), so that `yieldNow` can run between them; the result only ever gets compared with itself.
 */
export async function noteContentHash(text: string, pause: () => Promise<void>): Promise<string> {
  if (text.length <= HASH_PIECE) return hashText(text);
  let pieces = "";
  for (let i = 0; i < text.length; i += HASH_PIECE) {
    pieces += hashText(text.slice(i, i + HASH_PIECE));
    await pause();
  }
  return hashText(pieces);
}

/** Characters looked at to tell a binary file from text. */
const BINARY_PROBE_CHARS = 8192;

/**
 * A NUL character near the start means a binary file (an image or a database renamed .md), as git decides. The
 * indexer skips such files, and `get` refuses them, by this one test.
 */
export function looksBinary(text: string): boolean {
  return text.slice(0, BINARY_PROBE_CHARS).includes("\u0000");
}
