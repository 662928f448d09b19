import type { FileStore } from "../../persist/file-store";
import { indexFilePaths, type LoadOutcome } from "../../persist/index-files";
import { loadSegments } from "../../persist/segments/segment-load";
import { newWriterId } from "../../persist/segments/segment-names";
import { ForeignRows } from "../../persist/segments/foreign-rows";
import { SegmentWriter, type SaveReport, type SegmentSource } from "../../persist/segments/segment-writer";
import type { SnapshotHeader } from "../../persist/snapshot";
import type { SnapshotExpectations } from "../../persist/snapshot-expectations";
import { ok, type Result } from "../../result";
import type { Pause, SyncedIndex } from "./synced-index";

/** What the segmented files of one index folder need to be reached. */
export interface SegmentFilesDeps {
  store: FileStore;
  dataDir: string;
  /** Wall clock in ms. Default `Date.now`. */
  clock?: () => number;
}

/**
 * The segmented index files of one service (one folder): the writer and its picture of the files, from the load
 * to every save, and whether files of the single-file layout wait to be removed once the first save in segments
 * succeeded. Owned by the service's `Checkpoints`, which does the saving; the load reads through it too.
 */
export class SegmentFiles {
  private readonly writer: SegmentWriter;
  /** Files of the single-file layout are in the folder: they go once a save in segments succeeded. */
  private legacy = false;
  /** The pause of the load or save under way, which the writer awaits between slices of encoding. */
  private pause: Pause = () => Promise.resolve();

  /** Vectors other writers saved in the folder that this index did not load (see `ForeignRows`). */
  private readonly foreign: ForeignRows;

  constructor(private readonly deps: SegmentFilesDeps) {
    const writer = newWriterId();
    this.writer = new SegmentWriter(deps.store, deps.dataDir, { writer, pause: () => this.pause() });
    this.foreign = new ForeignRows({
      store: deps.store,
      dir: deps.dataDir,
      writer,
      loaded: (name) => this.writer.current.segments.has(name),
      ...(deps.clock ? { clock: deps.clock } : {}),
    });
  }

  /** The vectors of these texts (by embed hash) that other writers saved in the folder, of `model` and `dims`. */
  savedVectors(hashes: readonly string[], model: string, dims: number): Promise<(Float32Array | undefined)[]> {
    return this.foreign.vectorsFor(hashes, model, dims);
  }

  /** The files need a save though the index did not change: a migration, merged conflict copies, cleanup. */
  get unsaved(): boolean {
    return this.legacy || this.writer.unsaved;
  }

  /** Files of the single-file layout were found (no segments yet): the first save migrates them, then removes them. */
  singleFileFound(found: boolean): void {
    this.legacy = found;
  }

  /**
   * Loads the segmented index; `missing` when there is none (then the single-file layout is tried). `keepInt8`: int8
   * segments' rows stay int8 (`vectorPages`), for an index that keeps int8.
   */
  async load(expect: SnapshotExpectations, pause: Pause, notify: (message: string) => void, keepInt8 = false): Promise<LoadOutcome> {
    this.pause = pause;
    const loaded = await loadSegments(this.deps.store, this.deps.dataDir, expect, pause, keepInt8);
    if (loaded.kind === "missing") return loaded;
    this.writer.adopt(loaded.state);
    if (loaded.kind === "loaded" && loaded.damaged > 0) {
      const count = loaded.damaged === 1 ? "One file of the search index is" : `${loaded.damaged} files of the search index are`;
      notify(`${count} damaged or incomplete; the notes it held are indexed again.`);
    }
    if (loaded.kind === "loaded") {
      this.foreign.remember(loaded.superseded);
      return { kind: "loaded", snapshot: loaded.snapshot, recovered: false };
    }
    return {
      kind: "discarded",
      error: loaded.error,
      ...(loaded.reusable ? { reusable: loaded.reusable } : {}),
      ...(loaded.salvaged ? { salvaged: loaded.salvaged } : {}),
    };
  }

  /**
   * Saves what changed in `synced` since its last save (everything, the first time), then compacts when due. On
   * failure the changes stay `synced`'s to save next time.
   */
  async save(synced: SyncedIndex, header: SnapshotHeader, pause: Pause): Promise<Result<SaveReport & { total: number }>> {
    this.pause = pause;
    const changes = synced.takeChanges();
    const source: SegmentSource = {
      header: { ...header, dims: synced.index.dims },
      vectorPrecision: synced.index.vectorPrecision,
      paths: () => synced.notes.keys(),
      has: (path) => synced.notes.has(path),
      snapshotOf: (paths) => synced.snapshotOf(paths, pause),
      postingsOf: (groups) => synced.postingsOf(groups, pause),
    };
    const saved = await this.writer.save(source, { changed: changes.all ? "all" : changes.paths });
    if (!saved.ok) {
      synced.keepChanges(changes);
      return saved;
    }
    let report = saved.value;
    if (this.writer.compactionDue()) {
      const compacted = await this.writer.save(source, { changed: new Set(), compact: true });
      if (compacted.ok) report = { bytes: report.bytes + compacted.value.bytes, segments: report.segments + compacted.value.segments, retired: report.retired + compacted.value.retired };
    }
    if (this.legacy) await this.removeLegacy();
    let total = 0;
    for (const s of this.writer.current.segments.values()) total += s.bytes;
    return ok({ ...report, total });
  }

  /** The single-file layout's files, now that the segments hold the index (the kept-aside vectors file stays). */
  private async removeLegacy(): Promise<void> {
    const paths = indexFilePaths(this.deps.dataDir);
    for (const path of [paths.meta, paths.vectors, paths.metaTemp, paths.vectorsTemp]) {
      const removed = await this.deps.store.remove(path);
      if (!removed.ok) return;
    }
    this.legacy = false;
  }
}
