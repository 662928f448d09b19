import type { SearchMode } from "../../core/types";

/** A query with the mode it should run in. */
export interface ModeQuery {
  mode: SearchMode;
  /** The query without the mode prefix. */
  query: string;
  /** Whether the mode came from a prefix rather than the toggle. */
  prefixed: boolean;
}

const PREFIXES: Record<string, SearchMode> = { h: "hybrid", k: "keyword", s: "semantic" };
const PREFIX = /^\s*([hks]):\s*/i;

/**
 * Reads a mode prefix at the start of what was typed: `k:` keyword, `s:` semantic, `h:` hybrid (any case).
 * Without one, the toggle's mode applies. Single letters keep clear of the `path:` and `tag:` filters.
 */
export function parseModePrefix(input: string, toggleMode: SearchMode): ModeQuery {
  const m = PREFIX.exec(input);
  const mode = m ? PREFIXES[(m[1] ?? "").toLowerCase()] : undefined;
  if (!m || !mode) return { mode: toggleMode, query: input, prefixed: false };
  return { mode, query: input.slice(m[0].length), prefixed: true };
}

/** The word being typed is still incomplete unless the input ends with a space. */
export function typingLastWord(input: string): boolean {
  return input !== "" && !/\s$/.test(input);
}
