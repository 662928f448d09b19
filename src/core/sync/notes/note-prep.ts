import { embeddingInput } from "../../index/embedding-input";
import { contentHash as hashText } from "../../shared/hash";
import type { ChunkedNote } from "../../types";
import { proseChars } from "../rules/exclusions";
import type { IndexSettings } from "../rules/index-settings";
import { chunkLargeNote } from "../../chunk/large-note-chunker";
import { capText } from "./note-text";

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
  const note = await chunkLargeNote(path, capped.text, settings.chunk, pause);
  const inputs: string[] = [];
  const embedHashes: string[] = [];
  for (const chunk of note.chunks) {
    const input = embeddingInput(chunk);
    inputs.push(input);
    embedHashes.push(hashText(input));
    if (inputs.length % 256 === 0) await pause();
  }
  return { note, contentHash, inputs, embedHashes, proseChars: proseChars(note), cut: capped.cut };
}
