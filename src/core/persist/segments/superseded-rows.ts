import type { IndexSnapshot } from "../snapshot";

/**
 * A row of a loaded segment whose note version the index does not hold: replaced or removed since (a dead row), or
 * lost the load's per-note merge to a newer version from another fork of the manifest. Its vector is still in the
 * folder. A sync tool can bring that version's file back: an older copy arriving after the newer manifest, or the
 * version that lost a conflict. The text then need not be embedded again.
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
 * The rows with a vector of every dead note of `decoded`. Compaction keeps dead rows few (a segment is rewritten at
 * half dead, all of them at a quarter), and most loads find none.
 */
export function supersededRows(decoded: readonly { name: string; snapshot: IndexSnapshot; dead: ReadonlySet<number> }[]): SupersededRow[] {
  const out: SupersededRow[] = [];
  for (const d of decoded) {
    for (const ordinal of d.dead) {
      const n = d.snapshot.notes[ordinal];
      if (!n) continue;
      for (let c = n.chunkStart; c < n.chunkStart + n.chunkCount; c++) {
        const hash = d.snapshot.chunks[c]?.embedHash ?? "";
        if (d.snapshot.hasVector[c] === 1 && hash !== "") out.push({ hash, segment: d.name, row: c });
      }
    }
  }
  return out;
}
