import type { IndexSnapshot } from "../snapshot";

/**
 * A row whose note lost, at a load, to a newer version of the note from another fork of the manifest (a conflict
 * copy, another device's save). The index does not hold it, but its vector is still in the folder: when a sync tool
 * then brings that version's file after all (it overwrote the newer one), the text need not be embedded again.
 */
export interface SupersededRow {
  /** The row's embed hash. */
  hash: string;
  /** The segment file that holds it. */
  segment: string;
  /** Its row in that segment. */
  row: number;
}

/**
 * The rows with a vector of the notes at `places` (segment × 2^32 + ordinal, as the load's merge keeps them). Losing
 * versions are rare (a merge of forks that both changed a note), so this costs a load nothing otherwise.
 */
export function supersededRows(decoded: readonly { name: string; snapshot: IndexSnapshot }[], places: readonly number[]): SupersededRow[] {
  const out: SupersededRow[] = [];
  for (const place of places) {
    const d = decoded[Math.floor(place / 2 ** 32)];
    const n = d?.snapshot.notes[place % 2 ** 32];
    if (!d || !n) continue;
    for (let c = n.chunkStart; c < n.chunkStart + n.chunkCount; c++) {
      const hash = d.snapshot.chunks[c]?.embedHash ?? "";
      if (d.snapshot.hasVector[c] === 1 && hash !== "") out.push({ hash, segment: d.name, row: c });
    }
  }
  return out;
}
