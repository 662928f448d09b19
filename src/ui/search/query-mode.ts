import type { SearchMode } from "../../core/types";

/** A query with the mode it should run in. */
export interface ModeQuery {
  mode: SearchMode;
  /** The query without the mode prefix. */
  query: string;
  /** Whether the mode came from a prefix rather than the toggle. */
  prefixed: boolean;
  /** Set (true) by the `r:` prefix: rerank this query whatever the setting says. */
  rerank?: true;
}

const PREFIXES: Record<string, SearchMode> = { h: "hybrid", k: "keyword", s: "semantic", r: "hybrid" };
const PREFIX = /^\s*([hksr]):\s*/i;

/**
 * Reads a mode prefix at the start of what was typed: `k:` keyword, `s:` semantic, `h:` hybrid, `r:` hybrid and
 * reranked (any case). Without one, the toggle's mode applies. Single letters keep clear of the `path:` and `tag:`
 * filters.
 */
export function parseModePrefix(input: string, toggleMode: SearchMode): ModeQuery {
  const m = PREFIX.exec(input);
  const letter = (m?.[1] ?? "").toLowerCase();
  const mode = m ? PREFIXES[letter] : undefined;
  if (!m || !mode) return { mode: toggleMode, query: input, prefixed: false };
  const query = input.slice(m[0].length);
  return letter === "r" ? { mode, query, prefixed: true, rerank: true } : { mode, query, prefixed: true };
}

/** The word being typed is still incomplete unless the input ends with a space. */
export function typingLastWord(input: string): boolean {
  return input !== "" && !/\s$/.test(input);
}
