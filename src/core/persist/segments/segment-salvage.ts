import type { FileStore } from "../file-store";
import type { SalvagedVectors } from "../index-files";
import { snapshotVector } from "../int8-rows";
import { runSliced } from "../../shared/slices";
import { decodeSegment } from "./segment-file";
import { joinPath } from "./paths";
import { parseSegmentName } from "./segment-names";

/** One model's rows gathered from the segments. */
interface Rows {
  dims: number;
  hashes: string[];
  vectors: Float32Array[];
}

/**
 * The vectors of every readable segment in `dir`, for when no readable manifest lists them (it was damaged). Each
 * segment is whole on its own and names its model and each row's embedding hash, so the rebuilt notes take back
 * every vector whose text is unchanged instead of the vault being embedded again (or, with a mistyped model, the
 * vectors being lost at the next save). A damaged segment gives nothing: its notes are embedded again. The rows of
 * the model most rows belong to; undefined when no segment holds a vector.
 */
export async function salvageSegments(store: FileStore, dir: string, pause?: () => Promise<void>): Promise<SalvagedVectors | undefined> {
  const listed = await store.list(dir);
  if (!listed.ok) return undefined;
  const byModel = new Map<string, Rows>();
  for (const name of listed.value) {
    if (parseSegmentName(name) === undefined) continue;
    const bytes = await store.read(joinPath(dir, name));
    if (!bytes.ok || bytes.value === null) continue;
    const seg = await runSliced(decodeSegment(bytes.value), pause);
    if (!seg.ok || seg.value.header.model === "" || seg.value.header.dims === 0) continue;
    const { model, dims } = seg.value.header;
    const rows = byModel.get(model) ?? { dims, hashes: [], vectors: [] };
    if (rows.dims !== dims) continue;
    byModel.set(model, rows);
    seg.value.chunks.forEach((c, i) => {
      const v = snapshotVector(seg.value, i);
      if (v === undefined || c.embedHash === "") return;
      rows.hashes.push(c.embedHash);
      rows.vectors.push(v);
    });
    await pause?.();
  }
  let best: [string, Rows] | undefined;
  for (const entry of byModel) if (entry[1].hashes.length > (best?.[1].hashes.length ?? 0)) best = entry;
  if (!best) return undefined;
  const [model, { dims, hashes, vectors }] = best;
  const all = new Float32Array(hashes.length * dims);
  vectors.forEach((v, i) => all.set(v, i * dims));
  return { model, dims, hashes, vectors: all };
}
