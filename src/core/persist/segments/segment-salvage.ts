import type { FileStore } from "../file-store";
import type { SalvagedVectors } from "../index-files";
import { snapshotVector } from "../int8-rows";
import type { IndexSnapshot } from "../snapshot";
import { runSliced } from "../../shared/slices";
import { lastAtOrBefore } from "../../shared/last-at-or-before";
import { decodeSegment } from "./segment-file";
import { joinPath } from "./paths";
import { parseSegmentName } from "./segment-names";

/** A segment's rows as it holds them (int8 codes stay int8): what `snapshotVector` reads. */
type RowBlock = Pick<IndexSnapshot, "header" | "vectors" | "hasVector" | "int8">;

/** One model's rows gathered from the segments: the blocks, and the row each starts at. */
interface Rows {
  dims: number;
  hashes: string[];
  blocks: RowBlock[];
  starts: number[];
  /** Rows with a vector. */
  count: number;
}

/**
 * The vectors of every readable segment in `dir`, for when no readable manifest lists them (it was damaged). Each
 * segment is whole on its own and names its model and each row's embedding hash, so the rebuilt notes take back
 * every vector whose text is unchanged instead of the vault being embedded again (or, with a mistyped model, the
 * vectors being lost at the next save). A damaged segment gives nothing: its notes are embedded again. The rows of
 * the model most rows belong to; undefined when no segment holds a vector. The rows stay in each segment's vectors
 * part as saved (an int8 index's codes are not made float32 until a row is asked for), nothing else of it is kept.
 */
export async function salvageSegments(store: FileStore, dir: string, pause?: () => Promise<void>): Promise<SalvagedVectors | undefined> {
  const listed = await store.list(dir);
  if (!listed.ok) return undefined;
  const byModel = new Map<string, Rows>();
  for (const name of listed.value) {
    if (parseSegmentName(name) === undefined) continue;
    const bytes = await store.read(joinPath(dir, name));
    if (!bytes.ok || bytes.value === null) continue;
    const seg = await runSliced(decodeSegment(bytes.value, true), pause);
    if (!seg.ok || seg.value.header.model === "" || seg.value.header.dims === 0) continue;
    const { header, vectors, hasVector, int8, chunks } = seg.value;
    const rows = byModel.get(header.model) ?? { dims: header.dims, hashes: [], blocks: [], starts: [], count: 0 };
    if (rows.dims !== header.dims) continue;
    byModel.set(header.model, rows);
    rows.starts.push(rows.hashes.length);
    rows.blocks.push({ header, vectors, hasVector, ...(int8 ? { int8 } : {}) });
    chunks.forEach((c, i) => {
      const hash = hasVector[i] === 1 ? c.embedHash : "";
      rows.hashes.push(hash);
      if (hash !== "") rows.count++;
    });
    await pause?.();
  }
  let best: [string, Rows] | undefined;
  for (const entry of byModel) if (entry[1].count > (best?.[1].count ?? 0)) best = entry;
  if (!best) return undefined;
  const [model, { dims, hashes, blocks, starts }] = best;
  const row = (i: number): Float32Array | undefined => {
    if (i < 0 || i >= hashes.length || hashes[i] === "") return undefined;
    const lo = lastAtOrBefore(starts, i);
    const block = blocks[lo];
    return block ? snapshotVector(block, i - (starts[lo] ?? 0)) : undefined;
  };
  return { model, dims, hashes, row };
}
