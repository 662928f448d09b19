/**
 * Collapse a ranked list of chunk ids to a ranked list of group ids (e.g. notes) by first appearance: a note ranks
 * where its best chunk ranks. Each group appears once.
 */
export function collapseRanking(ids: readonly string[], groupOf: (id: string) => string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const id of ids) {
    const group = groupOf(id);
    if (seen.has(group)) continue;
    seen.add(group);
    out.push(group);
  }
  return out;
}

/**
 * Chunk hits grouped per note, best first; a note's members keep their order. The map's iteration order is the
 * notes' order (by their best hit). A hit whose id was already seen is dropped, so a note never lists a chunk twice.
 */
export function groupHits<T extends { id: string }>(
  hits: readonly T[],
  groupOf: (id: string) => string,
): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  const seen = new Set<string>();
  for (const hit of hits) {
    if (seen.has(hit.id)) continue;
    seen.add(hit.id);
    const group = groupOf(hit.id);
    const members = groups.get(group);
    if (members === undefined) groups.set(group, [hit]);
    else members.push(hit);
  }
  return groups;
}

/**
 * The note path of a chunk id of the form `${path}#${ordinal}` (see `Chunk.id`); a ready-made `groupOf`. The last
 * `#` separates the ordinal, so a path containing `#` still works. An id without `#` is returned unchanged.
 */
export function notePathOfChunkId(id: string): string {
  const hash = id.lastIndexOf("#");
  return hash < 0 ? id : id.slice(0, hash);
}
