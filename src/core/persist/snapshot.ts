import type { Chunk, NoteMeta } from "../types";
import type { Int8Rows, VectorPrecision } from "../vectors/vector-precision";

/**
 * Version of the on-disk layout of the index files. Bump it whenever the layout changes: files of any other version
 * are discarded and rebuilt, with a notice that says the format changed.
 */
export const SNAPSHOT_FORMAT_VERSION = 1;

/** What the index was built with. When any of it differs from the current settings, the index is rebuilt. */
export interface SnapshotHeader {
  /** Layout version; must be `SNAPSHOT_FORMAT_VERSION` when saving (only the codec knows the layout). */
  formatVersion: number;
  /** Embedding model name, "" when the index has no embeddings (keyword only). */
  model: string;
  /** Length of every vector; 0 when there is no model. */
  dims: number;
  /** Opaque hash of the chunking settings (see `chunkOptionsHash`); a change means every note must be re-chunked. */
  chunkingHash: string;
  /** When the snapshot was taken, in ms since the epoch. */
  savedAt: number;
  /**
   * `exclusionRulesHash` of the rules every note was last checked against; "" or absent when a check was still
   * under way (then the next start reads notes excluded by their content again, in case the rules relaxed).
   */
  exclusionsHash?: string;
}

/** One indexed note: what it looked like on disk, and which chunks it produced. */
export interface NoteRecord {
  /** Vault-relative path, with "/" separators. */
  path: string;
  /** Modification time in ms since the epoch, as reported by the vault. */
  mtime: number;
  /**
   * Creation time in ms since the epoch, as reported by the vault; absent when unknown, and in files saved before it
   * was kept (the next scan then reads such notes again for their frontmatter dates and status, embedding nothing).
   */
  ctime?: number;
  /** Size in bytes, as reported by the vault. */
  size: number;
  /** Hash of the whole note content, to tell a real edit from a touch. */
  contentHash: string;
  /** Frontmatter fields and links of the note. */
  meta: NoteMeta;
  /** Index into `IndexSnapshot.chunks` of the note's first chunk. Notes tile the chunk list in order. */
  chunkStart: number;
  /** How many chunks, starting at `chunkStart`, belong to this note. */
  chunkCount: number;
}

/** A chunk as persisted, with what is needed to reuse its vector. */
export interface StoredChunk extends Chunk {
  /** Content hash of the exact text that was (or will be) embedded; used to diff and to reuse vectors. */
  embedHash: string;
}

/**
 * Everything the index needs to come back after a restart without re-embedding anything.
 *
 * Invariants (checked when saving): notes tile `chunks` in order, each chunk's `path` is its note's path and its `id`
 * is `${path}#${ordinal}`; `vectors.length === chunks.length * header.dims`; `hasVector.length === chunks.length`.
 */
export interface IndexSnapshot {
  header: SnapshotHeader;
  notes: NoteRecord[];
  chunks: StoredChunk[];
  /**
   * `chunks.length * dims` floats; row i belongs to chunk i. A row whose `hasVector` is 0 has no meaning. Empty when
   * `int8` holds the rows instead (read a row either way with `snapshotVector`).
   */
  vectors: Float32Array;
  /**
   * The int8 file's rows as they were saved, when the loader asked to keep them (`keepInt8`): an int8 index adopts
   * them without dequantizing. Never set on a snapshot to save.
   */
  int8?: Int8Rows;
  /** 1 where row i holds a real vector, 0 where the chunk still waits for its embedding. */
  hasVector: Uint8Array;
  /**
   * The index's keyword postings for `chunks` in this order (`ChunkIndex.exportKeywordSteps`), so that loading
   * doesn't analyse every text again. Optional: without it, or when it can't be used, loading analyses the texts.
   */
  keywords?: Uint8Array;
  /**
   * The postings of a segmented index, by segment (instead of `keywords`): `rows[ordinal]` is the position in
   * `chunks` of the segment's chunk `ordinal`, -1 for a dead row; `bytes` undefined when the segment saved none
   * (its chunks are analysed at load).
   */
  keywordParts?: { bytes: Uint8Array | undefined; rows: Int32Array }[];
  /**
   * A segmented load's vectors, left in their segments' arrays instead of copied into `vectors` (which is then
   * empty): `pages` for the vector store to adopt (float32 rows, or int8 rows when the loader kept them), `rowOf(i)`
   * chunk i's vector as float32 values (a view, or a dequantized copy of an int8 row; undefined without a vector),
   * `int8RowOf(i)` its row counted across `pages` when that row is int8 (-1 otherwise).
   */
  vectorPages?: {
    pages: (Float32Array | Int8Rows)[];
    rowOf(chunk: number): Float32Array | undefined;
    int8RowOf(chunk: number): number;
  };
  /**
   * How the vectors file keeps the vectors (`vectors` is float32 in memory either way). Saving: default "float32".
   * Loading: what the file had ("float32" for files saved before the option).
   */
  vectorPrecision?: VectorPrecision;
}

/**
 * Vectors by row, without one contiguous copy: what a save reads straight from the index, so a checkpoint doesn't
 * copy 100 MB of floats into a buffer only to copy them again into the file.
 */
export interface VectorRows {
  /** Number of floats, `rows × dims`, as for a Float32Array. */
  readonly length: number;
  /** Row i's vector (`dims` floats), or undefined for a chunk that waits for its embedding. */
  row(i: number): Float32Array | undefined;
  /**
   * Copies row i's int8 codes into `codes` and returns its scale, when the rows are kept as int8 (undefined
   * otherwise): an int8 save then copies codes instead of dequantizing and quantizing every row again.
   */
  int8Row?(i: number, codes: Int8Array): number | undefined;
  /** Called once the rows are written (or the save is given up): the index may then reuse their memory. */
  release?(): void;
}

/** A snapshot to save: its vectors may also be given by row (see `VectorRows`). */
export type SnapshotToSave = Omit<IndexSnapshot, "vectors" | "int8"> & { vectors: Float32Array | VectorRows };
