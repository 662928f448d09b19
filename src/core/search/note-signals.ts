import type { NoteMeta } from "../types";
import { inDateRange, type DateField, type DateRange } from "./date-filter";

/** What search reads of a note beside the index: its file times and frontmatter signals (a sync `NoteState`). */
export interface NoteSignalFields {
  /** Vault path of the note. */
  path: string;
  /** Last modification, ms since the epoch. */
  mtime: number;
  /** The file's creation time, ms since the epoch, when known. */
  ctime?: number;
  meta: Pick<NoteMeta, "created" | "supersededBy" | "status">;
}

/** The notes search can ask about, by path (the synced index's record of notes). */
export interface NoteSignalSource {
  /** The note at `path`, or undefined when the record has none. */
  get(path: string): NoteSignalFields | undefined;
  /** Every note of the record. */
  values(): IterableIterator<NoteSignalFields>;
  /** How many notes the record holds. */
  readonly size: number;
}

/** A note's date for a `modified:`/`created:` filter: created is the frontmatter date, else the file's creation. */
export function noteDate(n: NoteSignalFields, field: DateField): number | undefined {
  return field === "modified" ? n.mtime : (n.meta.created ?? n.ctime);
}

/** Lower-cased, trimmed statuses that mark a note superseded, as a set (see `SearchOptions.supersededStatuses`). */
export function statusSet(statuses: readonly string[]): ReadonlySet<string> {
  return new Set(statuses.map((s) => s.trim().toLowerCase()).filter((s) => s !== ""));
}

/** True when the note names a successor, or its `status` is one of `statuses` (lower-cased). */
export function isSuperseded(meta: NoteSignalFields["meta"], statuses: ReadonlySet<string>): boolean {
  if (meta.supersededBy !== undefined && meta.supersededBy !== "") return true;
  return meta.status !== undefined && statuses.has(meta.status.trim().toLowerCase());
}

/** The notes a search keeps by their dates and status, and how many of them. */
export interface SignalMask {
  /** True for a note (by path) the search keeps: inside every date filter, and not superseded unless asked for. */
  keep: (path: string) => boolean;
  /** Notes kept, of `total`: the share of a list the mask is expected to keep. */
  kept: number;
  total: number;
  /** Notes that pass the date filters, superseded ones included (0 explains an empty answer). */
  inDates: number;
  /** Paths `keep` turned away for being superseded alone, as the search asked about them. */
  hiddenSuperseded: Set<string>;
}

/**
 * The note mask of a query's date filters and of hiding superseded notes; undefined when it would keep every note
 * (so a vault without superseded notes searches exactly as without this). A note the source doesn't know is kept:
 * the index and the record of notes change together, and a stale answer should not make a note vanish.
 */
export function signalMask(
  notes: NoteSignalSource | undefined,
  dates: readonly DateRange[],
  hideSuperseded: boolean,
  statuses: ReadonlySet<string>,
): SignalMask | undefined {
  if (!notes || (dates.length === 0 && !hideSuperseded)) return undefined;
  const datesPass = (n: NoteSignalFields) => dates.every((d) => inDateRange(d, noteDate(n, d.field)));
  let kept = 0;
  let inDates = 0;
  if (dates.length === 0) {
    // Hiding superseded notes alone, as every search does by default: this runs over the whole vault at each query
    // (and keystroke), so it counts without a call a note (a 50,000-note vault: about 2 ms a query before).
    for (const n of notes.values()) if (!isSuperseded(n.meta, statuses)) kept++;
    inDates = notes.size;
  } else {
    for (const n of notes.values()) {
      if (!datesPass(n)) continue;
      inDates++;
      if (!hideSuperseded || !isSuperseded(n.meta, statuses)) kept++;
    }
  }
  if (kept === notes.size) return undefined;
  const hiddenSuperseded = new Set<string>();
  const keep = (path: string): boolean => {
    const n = notes.get(path);
    if (!n) return true;
    if (!datesPass(n)) return false;
    if (hideSuperseded && isSuperseded(n.meta, statuses)) {
      hiddenSuperseded.add(path);
      return false;
    }
    return true;
  };
  return { keep, kept, total: notes.size, inDates, hiddenSuperseded };
}
