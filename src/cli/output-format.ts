import type { NoteResult } from "../core/search/search-result";
import type { ListName } from "../core/types";
import { isExtraPath } from "../core/sync/sources/extra-roots";
import { terminalSafe, terminalSafeJson } from "./terminal-text";

/** One result as `search --json` prints it and the MCP `search` tool returns it. */
export interface JsonResult {
  /** Vault-relative path of the note. */
  path: string;
  title: string;
  /** Heading path of the best matching chunk, joined with " > " (starts with the note title). */
  heading: string;
  /** First and last line of the best matching chunk, 1-based and inclusive, as editors, grep and `get` count. */
  startLine: number;
  endLine: number;
  /** Fused score; higher is better. Only comparable within one search. */
  score: number;
  /** The score as a share of the best possible one, 0–1 (what the MCP tool's `minScore` compares with). */
  relativeScore: number;
  /** 1-based rank of the note in each list that found it (bm25, vector, hyde). */
  ranks: Partial<Record<ListName, number>>;
  tags: string[];
  /** The best matching chunk's text, whitespace collapsed, cut to at most `JSON_SNIPPET_CHARS` characters. */
  snippet: string;
  /** Last modification, ISO 8601 (UTC). Optional: absent when the index has no record of the note's times. */
  modified?: string;
  /** Frontmatter `created`/`date`, else the file's creation time, ISO 8601 (UTC). Optional. */
  created?: string;
  /** Present and true only for a note marked superseded (shown when a search includes superseded notes). */
  superseded?: boolean;
  /** The successor a superseded note names (`superseded_by`), as written; with `supersededByPath` when it exists. */
  supersededBy?: string;
  /** Vault path of the successor note, when `supersededBy` names one that exists. */
  supersededByPath?: string;
  /** Only after a rerank that reordered this note: the judge model's P(yes) that it answers the query, 0–1. */
  relevance?: number;
  /** Only after a rerank that reordered this note: its 1-based rank in the fused order, before the rerank. */
  fusedRank?: number;
  /** "extra" for a note of a folder outside the vault (`--extra`, path `.extra/<name>/…`); absent for vault notes. */
  source?: "extra";
}

/** Longest snippet in JSON results: about a paragraph, enough for an agent to judge a hit without `get`. */
export const JSON_SNIPPET_CHARS = 700;

export function toJsonResult(r: NoteResult): JsonResult {
  return {
    path: r.path,
    title: r.title,
    heading: r.best.headingPath.join(" > "),
    startLine: r.best.startLine + 1,
    endLine: r.best.endLine + 1,
    score: r.score,
    relativeScore: r.relativeScore,
    ranks: { ...r.explain.ranks },
    tags: [...r.tags],
    snippet: snippet(r.best.text, JSON_SNIPPET_CHARS),
    ...(r.modified !== undefined ? { modified: isoTime(r.modified) } : {}),
    ...(r.created !== undefined ? { created: isoTime(r.created) } : {}),
    ...(r.superseded === true ? { superseded: true } : {}),
    ...(r.supersededBy !== undefined ? { supersededBy: r.supersededBy } : {}),
    ...(r.successorPath !== undefined ? { supersededByPath: r.successorPath } : {}),
    ...(r.rerank ? { relevance: r.rerank.relevance, fusedRank: r.rerank.fusedRank } : {}),
    ...(isExtraPath(r.path) ? { source: "extra" as const } : {}),
  };
}

function isoTime(ms: number): string {
  const d = new Date(ms);
  return Number.isFinite(d.getTime()) ? d.toISOString() : "";
}

/** The whole `--json` output: one array, one line per result so it stays readable and greppable. */
export function formatJson(results: readonly NoteResult[]): string {
  if (results.length === 0) return "[]\n";
  return `[\n${results.map((r) => `  ${terminalSafeJson(JSON.stringify(toJsonResult(r)))}`).join(",\n")}\n]\n`;
}

/** Options of the text output. */
export interface TextFormatOptions {
  /** Characters of the snippet line. Default 160. */
  snippetChars?: number;
  /** Indent before every line, e.g. for the demo. Default "". */
  indent?: string;
}

/**
 * Results for people: title, where to open it (path:line, 1-based like grep and editors), the heading, a snippet
 * and which lists found it.
 */
export function formatText(results: readonly NoteResult[], opts: TextFormatOptions = {}): string {
  const pad = opts.indent ?? "";
  if (results.length === 0) return `${pad}No matching notes.\n`;
  const width = String(results.length).length;
  return results
    .map((r, i) => {
      const n = `${String(i + 1).padStart(width)}.`;
      const more = " ".repeat(n.length + 1);
      // Everything from the note is neutralised: a title or text with escape sequences must not drive the terminal.
      const lines = [`${pad}${n} ${terminalSafe(r.title)}  ${terminalSafe(r.path)}:${r.best.startLine + 1}`];
      const section = terminalSafe(r.best.headingPath.slice(1).join(" > "));
      if (section !== "") lines.push(`${pad}${more}§ ${section}`);
      lines.push(`${pad}${more}${terminalSafe(snippet(r.best.text, opts.snippetChars ?? 160))}`);
      if (r.superseded === true) {
        const by = r.supersededBy !== undefined ? ` by ${terminalSafe(r.successorPath ?? r.supersededBy)}` : "";
        lines.push(`${pad}${more}superseded${by}`);
      }
      lines.push(`${pad}${more}${describeRanks(r)}`);
      return lines.join("\n");
    })
    .join("\n\n")
    .concat("\n");
}

const LIST_LABELS: Record<ListName, string> = { bm25: "keyword", vector: "semantic", hyde: "HyDE" };

/** "score 0.0476 · keyword #1 · semantic #3" */
export function describeRanks(r: NoteResult): string {
  const parts = [`score ${r.score.toFixed(4)}`];
  for (const name of ["bm25", "vector", "hyde"] as const) {
    const rank = r.explain.ranks[name];
    if (rank !== undefined) parts.push(`${LIST_LABELS[name]} #${rank}`);
  }
  if (r.rerank) parts.push(`relevance ${r.rerank.relevance.toFixed(2)} (fused #${r.rerank.fusedRank})`);
  return parts.join(" · ");
}

/** Whitespace collapsed to single spaces and cut at a word boundary with an ellipsis. */
export function snippet(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
