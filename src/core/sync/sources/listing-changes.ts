import type { NoteEvent, NoteStat } from "../notes/note-source";

/**
 * Turns successive listings of a folder into note events: what appeared or changed (mtime or size) is an upsert,
 * what vanished a delete. For sources without file-system events (the plugin's extra folders); the first listing
 * is the baseline and reports nothing.
 */
export class ListingChanges {
  private known: Map<string, NoteStat> | undefined;

  next(listing: readonly NoteStat[]): NoteEvent[] {
    const now = new Map(listing.map((s) => [s.path, s]));
    const before = this.known;
    this.known = now;
    if (!before) return [];
    const out: NoteEvent[] = [];
    for (const [path, s] of now) {
      const was = before.get(path);
      if (!was || was.mtime !== s.mtime || was.size !== s.size) out.push({ kind: "upsert", path });
    }
    for (const path of before.keys()) if (!now.has(path)) out.push({ kind: "delete", path });
    return out;
  }
}
