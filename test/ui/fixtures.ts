import { INITIAL_PROGRESS } from "../../src/core/sync/control/sync-progress";
import { parseQuery } from "../../src/core/search/query-parser";
import type { NoteResult, SearchNotice, SearchResponse } from "../../src/core/search/search-result";
import type { SearchMode } from "../../src/core/types";
import type { IndexProgress } from "../../src/ui/ports";

/** A result note whose best chunk is `text` at `line`. */
export function result(path: string, text = `text of ${path}`, line = 0): NoteResult {
  const title = path.replace(/\.md$/, "");
  const best = { id: `${path}#0`, headingPath: [title, "Section"], startLine: line, endLine: line + 3, text, score: 0.05, ranks: { bm25: 1 } };
  return {
    path,
    title,
    tags: ["topic"],
    score: 0.05,
    relativeScore: 0.5,
    best,
    chunks: [best],
    explain: { ranks: { bm25: 1 }, fused: 0.05, weights: { bm25: 1 }, k: 20 },
  };
}

/** A response for `query` listing `paths`. */
export function response(query: string, paths: string[], opts: { mode?: SearchMode; notices?: SearchNotice[] } = {}): SearchResponse {
  const mode = opts.mode ?? "hybrid";
  return {
    query: parseQuery(query),
    mode,
    effectiveMode: mode,
    results: paths.map((p) => result(p)),
    notices: opts.notices ?? [],
    lists: { bm25: 1 },
    aborted: false,
  };
}

/** A progress report with the given fields over an idle, empty index. */
export function progress(p: Partial<IndexProgress> = {}): IndexProgress {
  return { ...INITIAL_PROGRESS, ...p };
}
