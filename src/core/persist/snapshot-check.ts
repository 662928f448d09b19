import { SLICE_ITEMS, type Steps } from "../shared/slices";
import { SNAPSHOT_FORMAT_VERSION, type SnapshotToSave } from "./snapshot";

/**
 * Checks the invariants the file format relies on (see `IndexSnapshot`), so that a bad snapshot is refused when
 * saving instead of producing files that can never load. Returns what is wrong, or null.
 */
export function* findSnapshotProblem(s: SnapshotToSave): Steps<string | null> {
  const { header, notes, chunks } = s;
  if (header.formatVersion !== SNAPSHOT_FORMAT_VERSION) {
    return `header.formatVersion is ${header.formatVersion}, expected ${SNAPSHOT_FORMAT_VERSION}`;
  }
  if (!Number.isInteger(header.dims) || header.dims < 0) return `dims ${header.dims} is not a count`;
  if (!Number.isFinite(header.savedAt)) return "savedAt is not a finite number";
  if (s.vectors.length !== chunks.length * header.dims) {
    return `${s.vectors.length} floats for ${chunks.length} chunks of ${header.dims} dims`;
  }
  if (s.hasVector.length !== chunks.length) {
    return `hasVector has ${s.hasVector.length} entries for ${chunks.length} chunks`;
  }
  let next = 0;
  for (const note of notes) {
    if (note.chunkStart !== next) return `note ${note.path} starts at chunk ${note.chunkStart}, expected ${next}`;
    if (!Number.isInteger(note.chunkCount) || note.chunkCount < 0) return `note ${note.path} has a bad chunk count`;
    if (!Number.isFinite(note.mtime) || !Number.isFinite(note.size)) return `note ${note.path} has a bad mtime or size`;
    for (let i = next; i < next + note.chunkCount; i++) {
      if (i % SLICE_ITEMS === SLICE_ITEMS - 1) yield;
      const chunk = chunks[i];
      if (chunk === undefined) return `note ${note.path} runs past the last chunk`;
      if (chunk.path !== note.path) return `chunk ${chunk.id} sits under note ${note.path}`;
      if (chunk.id !== `${chunk.path}#${chunk.ordinal}`) return `chunk id ${chunk.id} is not path#ordinal`;
      const numbers = [chunk.ordinal, chunk.startLine, chunk.endLine, chunk.tokens];
      if (!numbers.every(Number.isFinite)) return `chunk ${chunk.id} has a non-finite number`;
    }
    next += note.chunkCount;
  }
  return next === chunks.length ? null : `notes cover ${next} of ${chunks.length} chunks`;
}
