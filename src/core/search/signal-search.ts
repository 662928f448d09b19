import type { ChunkIndex } from "../index/chunk-index";
import { messageText } from "../errors/messages";
import { DATE_SYNTAX_HINT } from "./date-filter";
import type { NoteFilter } from "./note-filter";
import { isSuperseded, noteDate, signalMask, statusSet, type NoteSignalSource, type SignalMask } from "./note-signals";
import { resolveNoteLink } from "./note-link";
import type { ParsedQuery } from "./query-parser";
import type { SearchOptions } from "./search-options";
import type { NoteResult, SearchNotice } from "./search-result";

/** A search's note filter with its date and superseded mask. */
export interface SignalFilter {
  filter: NoteFilter | undefined;
  mask: SignalMask | undefined;
}

/**
 * Adds the date filters and the hiding of superseded notes to the query's own filter. Both need no note text, so
 * they join `place`, which the vector scan applies to every note before ranking.
 */
export function withSignals(
  base: NoteFilter | undefined,
  q: ParsedQuery,
  notes: NoteSignalSource | undefined,
  opts: { includeSuperseded: boolean; statuses: readonly string[] },
): SignalFilter {
  const mask = signalMask(notes, q.dates, !opts.includeSuperseded, statusSet(opts.statuses));
  if (!mask) return { filter: base, mask };
  const keep = mask.keep;
  const filter: NoteFilter = base
    ? {
        pass: (p) => keep(p) && base.pass(p),
        place: (p) => keep(p) && (base.place?.(p) ?? true),
        readsText: base.readsText,
      }
    : { pass: keep, place: keep, readsText: false };
  return { filter, mask };
}

/**
 * What the user should know about the date filters and hidden superseded notes of a search with `results`.
 * `typing`: the query's last word while it is still being typed; a date there that can't be read yet
 * (`modified:>2025-0`) is not called invalid.
 */
export function signalNotices(q: ParsedQuery, mask: SignalMask | undefined, results: readonly NoteResult[], typing?: string): SearchNotice[] {
  const unfinished = typing?.toLowerCase();
  const invalid = q.invalidDates.filter((token) => token.toLowerCase() !== unfinished);
  const out: SearchNotice[] = invalid.map((token) => ({
    code: "DATE_FILTER_INVALID",
    message: messageText("dateFilterInvalid", { token, hint: DATE_SYNTAX_HINT }),
  }));
  if (q.dates.length > 0 && mask?.inDates === 0) {
    out.push({ code: "DATE_NO_MATCH", message: messageText("dateNoMatch", { filters: q.dates.map((d) => d.token).join(" ") }) });
  } else if (results.length === 0 && mask && mask.hiddenSuperseded.size > 0) {
    out.push({ code: "SUPERSEDED_HIDDEN", message: messageText("supersededHidden", { count: mask.hiddenSuperseded.size }) });
  }
  return out;
}

/** The results with their notes' dates and, for superseded notes, the successor they name and where it is. */
export function withNoteSignals(
  results: NoteResult[],
  notes: NoteSignalSource | undefined,
  index: ChunkIndex,
  opts: Pick<SearchOptions, "supersededStatuses">,
): NoteResult[] {
  if (!notes) return results;
  const statuses = statusSet(opts.supersededStatuses);
  return results.map((r) => {
    const n = notes.get(r.path);
    if (!n) return r;
    const created = noteDate(n, "created");
    const out: NoteResult = { ...r, modified: n.mtime, ...(created !== undefined ? { created } : {}) };
    if (!isSuperseded(n.meta, statuses)) return out;
    out.superseded = true;
    const successor = n.meta.supersededBy;
    if (successor === undefined) return out;
    const path = resolveNoteLink(successor, index.notePaths());
    return { ...out, supersededBy: successor, ...(path !== undefined && path !== r.path ? { successorPath: path } : {}) };
  });
}

/** Paths sorted newest first by the date the query's first date filter reads (a query of date filters alone). */
export function newestFirst(paths: string[], q: ParsedQuery, notes: NoteSignalSource | undefined): string[] {
  const field = q.dates[0]?.field;
  if (!notes || field === undefined) return paths;
  const time = (p: string) => {
    const n = notes.get(p);
    return (n ? noteDate(n, field) : undefined) ?? Number.NEGATIVE_INFINITY;
  };
  return [...paths].sort((a, b) => time(b) - time(a));
}

/** Paths of the notes `statuses` (or a `superseded_by`) mark superseded. */
export function supersededPaths(notes: NoteSignalSource | undefined, statuses: readonly string[]): string[] {
  if (!notes) return [];
  const marked = statusSet(statuses);
  const out: string[] = [];
  for (const n of notes.values()) if (isSuperseded(n.meta, marked)) out.push(n.path);
  return out;
}
