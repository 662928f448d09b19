import type { ChunkIndex } from "../index/chunk-index";
import { messageText } from "../errors/messages";
import type { ParsedQuery } from "./query-parser";
import type { SearchNotice } from "./search-result";
import { editDistance } from "../text/edit-distance";

/**
 * Notices for the `path:` and `tag:` filters of `q` that match no note of the index at all, each naming the
 * closest folder or tag there is: without it, a mistyped folder looks like a search that found nothing. Compared as
 * the filter compares (see `compileQueryFilter`): case-insensitive, a folder or tag matches itself and what is nested.
 */
export function filterMissNotices(index: ChunkIndex, q: ParsedQuery): SearchNotice[] {
  if (q.paths.length + q.tags.length === 0) return [];
  const { folders, tags } = vocabulary(index, q.tags.length > 0);
  const out: SearchNotice[] = [];
  for (const path of q.paths) {
    const wanted = path.normalize("NFC").toLowerCase();
    if (wanted === "" || folders.has(wanted)) continue;
    out.push(notice(`path:${path}`, closest(wanted, folders), "folder or note"));
  }
  for (const tag of q.tags) {
    const wanted = tag.normalize("NFC").replace(/^#+/, "").toLowerCase();
    if (wanted === "" || tags.has(wanted)) continue;
    out.push(notice(`tag:${wanted}`, closest(wanted, tags), "tag"));
  }
  return out;
}

function notice(filter: string, near: string | undefined, what: string): SearchNotice {
  const closestText = near === undefined ? `; the vault has no ${what}s` : `; closest ${what}: ${near}`;
  return { code: "FILTER_NO_MATCH", message: messageText("filterNoMatch", { filter, closest: closestText }) };
}

interface Vocabulary {
  folders: Map<string, string>;
  tags: Map<string, string>;
}

/**
 * Each index's vocabulary as of its revision: a filtered search that finds nothing asks for it, and gathering it
 * walks every note (about as long as the search itself at 10,000 notes).
 */
const KEPT = new WeakMap<ChunkIndex, { revision: number; withTags: boolean; vocabulary: Vocabulary }>();

/** Gathers the vocabulary of `index`'s revision (folders and tags) now, ahead of a first miss (see filter-warmup.ts). */
export function warmFilterVocabulary(index: ChunkIndex): void {
  vocabulary(index, true);
}

function vocabulary(index: ChunkIndex, withTags: boolean): Vocabulary {
  const kept = KEPT.get(index);
  if (kept && kept.revision === index.revision && (kept.withTags || !withTags)) return kept.vocabulary;
  const made = gather(index, withTags);
  KEPT.set(index, { revision: index.revision, withTags, vocabulary: made });
  return made;
}

/** Every folder and note path (lower-cased key, as written value) and, when asked, every tag and tag parent. */
function gather(index: ChunkIndex, withTags: boolean): Vocabulary {
  const folders = new Map<string, string>();
  const tags = new Map<string, string>();
  for (const path of index.notePaths()) {
    const parts = path.normalize("NFC").split("/");
    for (let i = 1; i <= parts.length; i++) {
      const prefix = parts.slice(0, i).join("/");
      const key = prefix.toLowerCase();
      if (!folders.has(key)) folders.set(key, prefix);
    }
    if (!withTags) continue;
    const id = index.chunkIdsOf(path)[0];
    const first = id === undefined ? undefined : index.entry(id);
    for (const tag of first?.tags ?? []) {
      const segments = tag.normalize("NFC").replace(/^#+/, "").split("/");
      for (let i = 1; i <= segments.length; i++) {
        const prefix = segments.slice(0, i).join("/");
        const key = prefix.toLowerCase();
        if (key !== "" && !tags.has(key)) tags.set(key, prefix);
      }
    }
  }
  return { folders, tags };
}

/**
 * The candidate nearest `wanted` by edit distance, on the whole value or its last segment (a wrong parent folder);
 * a last segment that contains the wanted one (a note's name given as a folder) counts as one edit.
 */
function closest(wanted: string, candidates: Map<string, string>): string | undefined {
  let best: { value: string; cost: number } | undefined;
  const wantedLast = lastSegment(wanted);
  for (const [key, value] of candidates) {
    const last = lastSegment(key);
    const contains = wantedLast !== "" && last.includes(wantedLast) ? 1 : Number.POSITIVE_INFINITY;
    const cost = Math.min(editDistance(wanted, key), editDistance(wantedLast, last) + 0.5, contains);
    if (!best || cost < best.cost || (cost === best.cost && value.length < best.value.length)) best = { value, cost };
  }
  return best?.value;
}

function lastSegment(s: string): string {
  return s.slice(s.lastIndexOf("/") + 1);
}
