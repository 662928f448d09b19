import type { ChunkIndex } from "../index/chunk-index";
import { compileQueryFilter, hasFilters } from "./query-filter";
import type { ParsedQuery } from "./query-parser";

/**
 * A query's filters applied per note, memoised for the query. Phrases and exclusions look at the whole note, not
 * one chunk: "-draft" must drop a note that says "draft" anywhere, even if the matching chunk does not.
 */
export function createNoteFilter(index: ChunkIndex, q: ParsedQuery): ((path: string) => boolean) | undefined {
  if (!hasFilters(q)) return undefined;
  const test = compileQueryFilter(q);
  const needsText = q.phrases.length + q.excluded.length > 0;
  const memo = new Map<string, boolean>();
  return (path) => {
    const known = memo.get(path);
    if (known !== undefined) return known;
    const ids = index.chunkIdsOf(path);
    const first = ids[0] === undefined ? undefined : index.get(ids[0]);
    let pass = false;
    if (first) {
      const parts = needsText ? [first.title, ...first.aliases] : [];
      if (needsText) {
        for (const id of ids) {
          const c = index.get(id);
          if (c) parts.push(c.chunk.headingPath.slice(1).join(" "), c.chunk.text);
        }
      }
      pass = test({ path, tags: first.tags, text: parts.join("\n") });
    }
    memo.set(path, pass);
    return pass;
  };
}
