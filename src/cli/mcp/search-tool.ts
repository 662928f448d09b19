import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { noticeLines } from "../commands/search-command";
import type { LiveVault } from "../live-vault";
import { toJsonResult } from "../output-format";
import { guarded, jsonResult, toolError } from "./tool-result";
import { dateFilterTokens } from "./date-arguments";

/** Notes the search tool returns unless asked otherwise, and at most. */
const DEFAULT_LIMIT = 10;
const MAX_LIMIT = 50;

/**
 * Said while the server has not yet checked the notes against the saved index (start-up, `status.ready` false): the
 * answer comes from the index as last saved, so notes changed, added or deleted since may be missing or out of date.
 */
export const NOT_RECONCILED =
  "Answered from the index as last saved: the server is still checking the notes for changes since, so a note edited, " +
  "added or deleted meanwhile may be missing or out of date (status.ready turns true when the check is done).";

const input = {
  query: z
    .string()
    .trim()
    .min(1)
    .max(1000)
    .describe('What to look for. Syntax: "exact phrase", -excluded, path:folder, tag:#tag, modified:<30d, created:2025.'),
  mode: z.enum(["hybrid", "keyword", "semantic"]).nullish().describe("hybrid (default) fuses keyword and semantic lists."),
  // null is what many clients send for "not given": it means the default, like leaving it out.
  limit: z.number().int().min(1).max(MAX_LIMIT).nullish().describe(`Notes to return, default ${DEFAULT_LIMIT} (also when null).`),
  path: z.string().trim().min(1).max(500).nullish().describe("Only notes under this folder (or this exact note path)."),
  tag: z.string().trim().min(1).max(200).nullish().describe("Only notes with this tag or a tag nested under it."),
  minScore: z.number().min(0).max(1).nullish().describe("Drop results whose relativeScore (0-1) is below this."),
  modifiedAfter: isoDate("Only notes modified on or after this ISO date (2025-01-31, 2025-01 or 2025)."),
  modifiedBefore: isoDate("Only notes modified before this ISO date."),
  createdAfter: isoDate("Only notes created on or after this ISO date (frontmatter created/date, else the file's creation)."),
  createdBefore: isoDate("Only notes created before this ISO date."),
  includeSuperseded: z
    .boolean()
    .nullish()
    .describe("Also return notes marked superseded (superseded_by, or status superseded/archived). Default false."),
  rerank: z
    .boolean()
    .nullish()
    .describe(
      "Rerank the top results with a local judge model (slower, seconds). Results it reordered gain relevance (0-1) and " +
        "fusedRank; `rerank` in the answer says whether it ran, was skipped (top result already clear) or failed.",
    ),
};

function isoDate(description: string) {
  return z.string().trim().min(1).max(40).nullish().describe(description);
}

/** Registers `search`: the plugin's hybrid search over the live index, results in the `search --json` shape. */
export function registerSearchTool(server: McpServer, live: LiveVault, log?: (line: string) => void, rerankModel?: string): void {
  server.registerTool(
    "search",
    {
      title: "Search the vault",
      description:
        "Hybrid keyword + semantic search over the Obsidian vault's notes. Returns notes best first with path, title, " +
        "heading, 1-based startLine/endLine of the best passage, a snippet, score, per-list ranks and modified/created " +
        "dates. Notes marked superseded are left out unless includeSuperseded; then they name their successor. Read more with `get`.",
      inputSchema: input,
    },
    guarded("The search request", log, async (args) => {
      const filters: string[] = [];
      const { path, tag: tagArg } = args;
      if (typeof path === "string") {
        if (path.includes('"')) return toolError(`path must not contain a double quote: "${path}".`);
        filters.push(`path:"${path.replace(/^\/+|\/+$/g, "")}"`);
      }
      if (typeof tagArg === "string") {
        const tag = tagArg.replace(/^#/, "");
        if (tag === "" || /\s/.test(tag)) return toolError(`tag must be one tag without spaces, such as "project/alpha", not "${tagArg}".`);
        filters.push(`tag:${tag}`);
      }
      const dates = dateFilterTokens(args);
      if (!dates.ok) return toolError(dates.error.message);
      filters.push(...dates.value);
      // The first search after start-up waits for the saved index to load, not for the notes to be reconciled with it.
      await live.whenLoaded();
      const { session, embedding } = live.vault;
      const limit = args.limit ?? DEFAULT_LIMIT;
      const rerank = args.rerank === true;
      const fused = await session.search({
        query: [args.query, ...filters].join(" "),
        mode: args.mode ?? "hybrid",
        // A rerank judges the fused top "Results to rerank" whatever the limit, then the top `limit` are returned.
        limit: rerank ? Math.max(limit, session.settings.rerank.candidates) : limit,
        includeSuperseded: args.includeSuperseded ?? false,
      });
      const reranked = rerank ? await session.rerank(fused, undefined, rerankModel) : fused;
      const response = { ...reranked, results: reranked.results.slice(0, limit) };
      const min = args.minScore ?? 0;
      return jsonResult({
        mode: response.mode,
        effectiveMode: response.effectiveMode,
        notices: [
          ...noticeLines(response, embedding, session.service.status().pendingEmbeddings),
          ...(live.ready ? [] : [NOT_RECONCILED]),
        ],
        results: response.results.filter((r) => r.relativeScore >= min).map(toJsonResult),
        ...(response.rerank ? { rerank: response.rerank } : {}),
      });
    }),
  );
}
