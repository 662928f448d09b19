import { err, ok, type AppError, type Result } from "../result";
import { corruptFile } from "./container";
import { decodeMetaFile, encodeMetaFile } from "./meta-file";
import { runAll, type Steps } from "../shared/slices";
import type { IndexSnapshot, SnapshotToSave } from "./snapshot";
import { findSnapshotProblem } from "./snapshot-check";
import { describeMismatch, type SnapshotExpectations } from "./snapshot-expectations";
import { decodeVectorsFile, encodeVectorsFile } from "./vectors-file";
import { failure } from "../errors/messages";

export type { SnapshotExpectations } from "./snapshot-expectations";

/** The two files of a snapshot, ready to write. */
export interface EncodedSnapshot {
  /** Notes, chunk metadata and chunk texts; no floats. */
  meta: Uint8Array;
  /** Header, raw little-endian Float32 rows, the has-vector bitmap and a checksum. */
  vectors: Uint8Array;
}

/**
 * The outcome of decoding. On failure, `reusable` is set when both files are intact and of this format but were
 * built with other settings (`describeMismatch`): the caller may still take embeddings from it, but only for the
 * model and dimensions in `reusable.header`, and only for chunks whose `embedHash` matches.
 */
export type SnapshotDecodeResult =
  | { ok: true; value: IndexSnapshot }
  | { ok: false; error: AppError; reusable?: IndexSnapshot };

/** Encodes a snapshot; fails with BAD_INPUT (a bug in the caller) when it breaks the `IndexSnapshot` invariants. */
export function encodeSnapshot(s: SnapshotToSave): Result<EncodedSnapshot> {
  return runAll(encodeSnapshotSteps(s));
}

/** `encodeSnapshot` in slices (see `runSliced`); `s` must not change until the steps are done. */
export function* encodeSnapshotSteps(s: SnapshotToSave): Steps<Result<EncodedSnapshot>> {
  try {
    const problem = yield* findSnapshotProblem(s);
    if (problem !== null) return err(cantSave(problem));
    const vectors = yield* encodeVectorsFile(s);
    const meta = yield* encodeMetaFile(s, vectors.checksum);
    return ok({ meta: meta.bytes, vectors: vectors.bytes });
  } catch (cause) {
    // A snapshot changed by other code between slices, or running out of memory.
    return err(cantSave(cause));
  }
}

function cantSave(cause: unknown): AppError {
  return failure("indexInconsistent", cause);
}

/**
 * Decodes and verifies a pair of files. Never throws. Damaged, truncated or mismatched pairs are INDEX_CORRUPT; a
 * file of another format version, or built with other settings, is INDEX_MISMATCH with a message that says why.
 * The returned vectors may view the `vectors` bytes without copying, so the caller must not reuse that buffer.
 */
export function decodeSnapshot(
  meta: Uint8Array,
  vectors: Uint8Array,
  expect: SnapshotExpectations,
  keepInt8 = false,
): SnapshotDecodeResult {
  return runAll(decodeSnapshotSteps(meta, vectors, expect, keepInt8));
}

/**
 * `decodeSnapshot` in slices (see `runSliced`). `keepInt8`: an int8 vectors file's rows stay int8 (`IndexSnapshot.int8`)
 * instead of being dequantized, for an index that keeps int8. Default false.
 */
export function* decodeSnapshotSteps(
  meta: Uint8Array,
  vectors: Uint8Array,
  expect: SnapshotExpectations,
  keepInt8 = false,
): Steps<SnapshotDecodeResult> {
  try {
    const m = yield* decodeMetaFile(meta);
    if (!m.ok) return m;
    // The rows' hashes are not read: each chunk's hash is in the meta file.
    const v = yield* decodeVectorsFile(vectors, keepInt8, false);
    if (!v.ok) return v;
    if (v.value.checksum !== m.value.vectorsChecksum) {
      return err(corruptFile("index files", "the vectors file is from another save (interrupted save?)"));
    }
    const { header, notes, chunks, keywords } = m.value;
    if (v.value.dims !== header.dims || v.value.hasVector.length !== chunks.length || v.value.model !== header.model) {
      return err(corruptFile("index files", "the vectors file disagrees with the meta file"));
    }
    const snapshot: IndexSnapshot = {
      header,
      notes,
      chunks,
      vectors: v.value.vectors,
      hasVector: v.value.hasVector,
      vectorPrecision: v.value.precision,
      ...(v.value.int8 ? { int8: v.value.int8 } : {}),
      ...(keywords ? { keywords } : {}),
    };
    const mismatch = describeMismatch(header, expect);
    return mismatch === null ? ok(snapshot) : { ok: false, error: mismatch, reusable: snapshot };
  } catch (cause) {
    // Only a bug or running out of memory gets here; either way the files can't be used.
    return err(corruptFile("index files", cause instanceof Error ? cause.message : String(cause)));
  }
}
