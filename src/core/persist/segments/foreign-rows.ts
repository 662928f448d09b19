import type { FileStore } from "../file-store";
import type { VectorsFileContent } from "../vectors-file";
import { dequantizeInt8 } from "../../vectors/vector-precision";
import { runSliced } from "../../shared/slices";
import { canonicalModelName } from "../../ollama/model-name";
import { decodeSegmentVectors } from "./segment-file";
import { joinPath } from "./paths";
import { conflictCopyOf, parseSegmentName } from "./segment-names";

/** How `ForeignRows` reaches the folder and tells which segments the index already holds. */
export interface ForeignRowsOptions {
  store: FileStore;
  dir: string;
  /** This process's writer id: its own segments are loaded or being written, never foreign. */
  writer: string;
  /** Whether the index loaded this segment (its rows are in the index already). */
  loaded: (name: string) => boolean;
  /** Clock in ms. Default `Date.now`. */
  clock?: () => number;
  /**
   * The folder is listed at most this often, ms. Default 0: before every embedding request, so that a segment that
   * arrived a moment before its note is found (one listing per request of up to `embedBatchSize` texts).
   */
  listEveryMs?: number;
  /** A segment that could not be read (a sync tool still copying it) is tried again after this long, ms. Default 30,000. */
  retryMs?: number;
  /** Yields between slices of a segment's decoding. */
  pause?: () => Promise<void>;
}

/** A read segment's texts (by row, "" for a row without a vector) and its vectors part. */
interface DecodedRows {
  hashes: string[];
  part: VectorsFileContent;
}

/** Where a foreign row lives. */
interface RowAt {
  file: string;
  row: number;
}

/**
 * Vectors that other writers saved in this folder and that the running index never loaded: segments another device
 * saved (a sync tool brings them, often before or with the notes they hold), and the segments of a manifest conflict
 * copy. A writer loads the segments its manifest lists only when it starts; without this, a note edited on the other
 * device while this one runs would be embedded again here although its vector sits in the folder.
 *
 * Only row positions are remembered (hash → file and row), not vectors: the segments are read again when one of their
 * texts is asked for, so a folder full of another device's segments costs strings, not megabytes of vectors.
 */
export class ForeignRows {
  private readonly rows = new Map<string, RowAt>();
  /**
   * Rows of loaded segments that the index does not hold (see `remember`): kept apart from `rows`, which a change of
   * model clears, because they were found by the load, not by a scan that would find them again.
   */
  private readonly superseded = new Map<string, RowAt>();
  /** Segment files read (or found to be of another model): never read again unless asked for a row. */
  private readonly scanned = new Set<string>();
  /** Files that could not be read, with when to try again. */
  private readonly failed = new Map<string, number>();
  /** The texts each read file holds (to forget them when the file goes). */
  private readonly byFile = new Map<string, string[]>();
  private listedAt = Number.NEGATIVE_INFINITY;
  /** The model and size the maps above are for: the index's model changed when it differs. */
  private kind = "";

  constructor(private readonly opts: ForeignRowsOptions) {}

  /** Texts whose vectors were found in foreign segments so far (for diagnosis). */
  get known(): number {
    return this.rows.size + this.superseded.size;
  }

  /**
   * Rows of segments the index loaded that it does not hold: versions of notes that lost a merge to a newer one
   * (`SupersededRow`). A scan never reads loaded segments, so these are looked up only here.
   */
  remember(rows: readonly { hash: string; segment: string; row: number }[]): void {
    for (const r of rows) if (!this.superseded.has(r.hash)) this.superseded.set(r.hash, { file: r.segment, row: r.row });
  }

  private where(hash: string): RowAt | undefined {
    return this.rows.get(hash) ?? this.superseded.get(hash);
  }

  /**
   * The saved vector of each text (by embed hash) that a foreign segment of `model` and `dims` holds; undefined for
   * the others. Never throws: a file that can't be listed or read just gives no vector, and the text is embedded.
   */
  async vectorsFor(hashes: readonly string[], model: string, dims: number): Promise<(Float32Array | undefined)[]> {
    const found: (Float32Array | undefined)[] = hashes.map(() => undefined);
    if (dims <= 0 || model === "") return found;
    const kind = `${canonicalModelName(model)}\u0000${dims}`;
    if (kind !== this.kind) this.startOver(kind);
    try {
      await this.scan(canonicalModelName(model), dims);
      const byFile = new Map<string, number[]>();
      hashes.forEach((h, i) => {
        const at = this.where(h);
        if (!at) return;
        const list = byFile.get(at.file) ?? [];
        list.push(i);
        byFile.set(at.file, list);
      });
      for (const [file, wanted] of byFile) {
        const seg = await this.decode(file, canonicalModelName(model), dims);
        if (!seg) {
          this.forget(file);
          continue;
        }
        for (const i of wanted) {
          const at = this.where(hashes[i] ?? "");
          if (at?.file !== file || seg.hashes[at.row] !== hashes[i]) continue;
          found[i] = rowOf(seg.part, at.row);
        }
      }
    } catch {
      // Whatever went wrong reading another writer's files, the texts are embedded as if nothing was found.
    }
    return found;
  }

  /** Reads the segments that appeared since the last look, remembering where each of their texts' vectors is. */
  private async scan(model: string, dims: number): Promise<void> {
    const now = (this.opts.clock ?? Date.now)();
    if (now - this.listedAt < (this.opts.listEveryMs ?? 0)) return;
    this.listedAt = now;
    const listed = await this.opts.store.list(this.opts.dir);
    if (!listed.ok) return;
    for (const file of listed.value) {
      const name = segmentOf(file);
      if (name === undefined || this.scanned.has(file) || (this.failed.get(file) ?? 0) > now) continue;
      if (parseSegmentName(name)?.writer === this.opts.writer || this.opts.loaded(name)) continue;
      const seg = await this.decode(file, model, dims);
      if (!seg) continue;
      this.scanned.add(file);
      const held: string[] = [];
      seg.hashes.forEach((h, row) => {
        if (h === "" || this.rows.has(h)) return;
        this.rows.set(h, { file, row });
        held.push(h);
      });
      this.byFile.set(file, held);
    }
  }

  /** The index's model (or vector size) changed: every file is looked at again for it. */
  private startOver(kind: string): void {
    this.kind = kind;
    this.rows.clear();
    this.scanned.clear();
    this.failed.clear();
    this.byFile.clear();
    this.listedAt = Number.NEGATIVE_INFINITY;
  }

  /** A file read before is gone or changed (a compaction on the other device deleted it): its rows are not there. */
  private forget(file: string): void {
    for (const h of this.byFile.get(file) ?? []) if (this.rows.get(h)?.file === file) this.rows.delete(h);
    for (const [h, at] of this.superseded) if (at.file === file) this.superseded.delete(h);
    this.byFile.delete(file);
    this.scanned.delete(file);
  }

  /** A segment's rows, when it reads whole and is of this model; undefined otherwise (and remembered as such). */
  private async decode(file: string, model: string, dims: number): Promise<DecodedRows | undefined> {
    const now = (this.opts.clock ?? Date.now)();
    const bytes = await this.opts.store.read(joinPath(this.opts.dir, file));
    if (!bytes.ok || bytes.value === null) {
      this.failed.set(file, now + (this.opts.retryMs ?? 30_000));
      return undefined;
    }
    const seg = await runSliced(decodeSegmentVectors(bytes.value), this.opts.pause);
    if (!seg.ok) {
      this.failed.set(file, now + (this.opts.retryMs ?? 30_000));
      return undefined;
    }
    this.failed.delete(file);
    const part = seg.value;
    if (canonicalModelName(part.model) !== model || part.dims !== dims || !part.hashes) {
      this.scanned.add(file);
      return undefined;
    }
    const hashes = part.hashes.map((h, i) => (part.hasVector[i] === 1 ? h : ""));
    return { hashes, part };
  }
}

/** Row i as a float32 vector of its own (a view would keep the whole file's bytes alive in the index). */
function rowOf(part: VectorsFileContent, i: number): Float32Array | undefined {
  const dims = part.dims;
  if (part.hasVector[i] !== 1) return undefined;
  if (part.int8) return dequantizeInt8(part.int8.codes.subarray(i * dims, (i + 1) * dims), part.int8.scales[i] ?? 0);
  return part.vectors.slice(i * dims, (i + 1) * dims);
}

/** The segment a file is (itself, or a sync tool's conflict copy of it), or undefined. */
function segmentOf(file: string): string | undefined {
  if (parseSegmentName(file)) return file;
  const of = conflictCopyOf(file)?.of;
  return of !== undefined && parseSegmentName(of) ? of : undefined;
}
