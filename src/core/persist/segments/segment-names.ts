/**
 * File names of the segmented index. Everything lives flat in the index folder, so that one listing finds the
 * manifest, its conflict copies and the segments:
 *
 * - `index-manifest.bin`: the manifest (`index-manifest.bin.tmp` while it is replaced).
 * - `index-seg-<writer>-<seq>-<checksum>.bin`: a segment. `writer` is the id of the process that wrote it (random
 *   per writer), `seq` counts that writer's segments and `checksum` is the file's own: two devices never write the
 *   same name, and one name always means the same bytes, so a sync tool never has two versions of a segment.
 *
 * Sync tools that see a file changed on two devices keep both under a new name. For the manifest that is a real
 * fork (merged by `mergeManifests`); for a segment it can only be a second copy of the same bytes.
 */
export const MANIFEST_FILE = "index-manifest.bin";
export const MANIFEST_TEMP = `${MANIFEST_FILE}.tmp`;
const SEGMENT_PREFIX = "index-seg-";
const EXT = ".bin";
const SEGMENT_NAME = /^index-seg-([0-9a-z]+)-([0-9a-z]+)-([0-9a-f]{8})\.bin$/;

/** The name of a writer's `seq`-th segment whose checksum is `checksum`. */
export function segmentName(writer: string, seq: number, checksum: number): string {
  return `${SEGMENT_PREFIX}${writer}-${seq.toString(36)}-${(checksum >>> 0).toString(16).padStart(8, "0")}${EXT}`;
}

/** Whether `name` is a segment's name, and the checksum it names. */
export function parseSegmentName(name: string): { writer: string; checksum: number } | undefined {
  const m = SEGMENT_NAME.exec(name);
  return m ? { writer: m[1] ?? "", checksum: parseInt(m[3] ?? "0", 16) } : undefined;
}

/** A new writer id: 48 random bits in base 36, never the same for two devices (or two runs) in practice. */
export function newWriterId(random: () => number = Math.random): string {
  let id = "";
  for (let i = 0; i < 10; i++) id += Math.floor(random() * 36).toString(36);
  return id;
}

/**
 * What a sync tool made of one of our files when two devices changed it, or undefined for any other name:
 * Syncthing `index-manifest.sync-conflict-20261126-101010-ABCDEFG.bin`, Dropbox `index-manifest (Ann's conflicted
 * copy 2026-11-26).bin`, iCloud and OneDrive `index-manifest 2.bin` or `index-manifest-DESKTOP.bin`. The stem before
 * the tool's mark must be one of ours whole, and the extension kept.
 */
export function conflictCopyOf(name: string): { of: string } | undefined {
  if (!name.endsWith(EXT) || name === MANIFEST_FILE || parseSegmentName(name)) return undefined;
  const stem = name.slice(0, -EXT.length);
  const manifestStem = MANIFEST_FILE.slice(0, -EXT.length);
  if (stem.startsWith(manifestStem) && stem.length > manifestStem.length && isConflictMark(stem.slice(manifestStem.length))) {
    return { of: MANIFEST_FILE };
  }
  if (!stem.startsWith(SEGMENT_PREFIX)) return undefined;
  const m = /^(index-seg-[0-9a-z]+-[0-9a-z]+-[0-9a-f]{8})(.+)$/.exec(stem);
  return m && isConflictMark(m[2] ?? "") ? { of: `${m[1] ?? ""}${EXT}` } : undefined;
}

function isConflictMark(mark: string): boolean {
  return /^\.sync-conflict-\d{8}-\d{6}(-[0-9A-Z]+)?$/.test(mark) || /^ \(.*conflicted copy.*\)$/i.test(mark) || /^ \d+$/.test(mark) || /^-[A-Za-z0-9_-]+$/.test(mark);
}

/** Whether `name` is one of the index's files (manifest, segment, or a file of the single-file layout). */
export function isIndexFileName(name: string): boolean {
  return name === MANIFEST_FILE || parseSegmentName(name) !== undefined || name === "index-meta.bin" || name === "index-vectors.bin";
}
