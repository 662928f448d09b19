import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import type { RelatedOptions } from "../../core/search/related-notes";
import type { LiveVault } from "../live-vault";
import { isExtraPath } from "../../core/sync/sources/extra-roots";
import { JSON_SNIPPET_CHARS, snippet } from "../output-format";
import { closestPaths } from "./note-path";
import { DEFAULT_GET_LINES, MAX_GET_CHARS, MAX_GET_LINES, MIN_GET_CHARS, readNoteLines } from "./note-lines";
import { notePathOf } from "./note-path";
import { guarded, jsonResult, toolError } from "./tool-result";

const RELATED_MAX = 50;

/** Registers `get`: a window of a note's lines, numbered; a missing note answers with the closest paths. */
export function registerGetTool(server: McpServer, live: LiveVault, log?: (line: string) => void): void {
  server.registerTool(
    "get",
    {
      title: "Read a note",
      description:
        "Reads a markdown note of the vault: lines fromLine.. (1-based, as search's startLine), each prefixed with its " +
        `number and a tab; at most maxLines (default ${DEFAULT_GET_LINES}) and maxChars characters. "more": true means ` +
        'something is left: call again with the arguments in "next" (fromLine, and fromChar when a long line was cut).',
      inputSchema: {
        path: z.string().min(1).max(1000).describe('Vault-relative note path, e.g. "Projects/Plan.md".'),
        fromLine: z.number().int().min(1).nullish().describe("First line, 1-based. Default 1."),
        fromChar: z
          .number()
          .int()
          .min(0)
          .nullish()
          .describe('Character of fromLine to start at, 0-based: the rest of a line cut for length (from "next"). Default 0.'),
        maxLines: z.number().int().min(1).max(MAX_GET_LINES).nullish().describe(`Default ${DEFAULT_GET_LINES}.`),
        maxChars: z
          .number()
          .int()
          .min(MIN_GET_CHARS)
          .max(MAX_GET_CHARS)
          .nullish()
          .describe(`Most characters of text; lines come whole unless one alone is longer. Default ${MAX_GET_CHARS}.`),
      },
    },
    guarded("The get request", log, async (args) => {
      const path = notePathOf(args.path);
      if (!path.ok) return toolError(path.error.message);
      const vault = live.vault;
      // An extra folder's note is read inside that folder's root, which is its own guard against links out.
      const extra = vault.extras.find((e) => path.value.startsWith(e.root.prefix));
      const read = await readNoteLines(extra ? extra.root.dir : vault.layout.vaultDir, extra ? path.value.slice(extra.root.prefix.length) : path.value, {
        fromLine: args.fromLine ?? 1,
        fromChar: args.fromChar ?? 0,
        maxLines: args.maxLines ?? DEFAULT_GET_LINES,
        maxChars: args.maxChars ?? MAX_GET_CHARS,
      });
      if ("missing" in read || (!extra && isExtraPath(path.value))) {
        const listed = await vault.source.list();
        return notFound(path.value, listed.ok ? listed.value.map((s) => s.path) : []);
      }
      if (!read.ok) return toolError(read.error.message);
      return jsonResult(extra ? { ...read.value, path: path.value, source: "extra" } : read.value);
    }),
  );
}

/** Registers `related`: notes near a note by its stored vectors (no embedding call), fused with title/heading BM25. */
export function registerRelatedTool(
  server: McpServer,
  live: LiveVault,
  options: Omit<RelatedOptions, "limit">,
  log?: (line: string) => void,
): void {
  server.registerTool(
    "related",
    {
      title: "Related notes",
      description:
        "Notes related to a note of the vault, from the vectors already in the index (no embedding call), as the " +
        "plugin's related-notes view shows them. status says when the note has no vectors yet or is not indexed.",
      inputSchema: {
        path: z.string().min(1).max(1000).describe('Vault-relative note path, e.g. "Projects/Plan.md".'),
        limit: z.number().int().min(1).max(RELATED_MAX).nullish().describe("Notes to return, default 10 (also when null)."),
        line: z.number().int().min(1).nullish().describe("A 1-based line of the note: notes related to the section holding it, not the whole note (also when null: the whole note)."),
      },
    },
    guarded("The related request", log, async (args) => {
      const path = notePathOf(args.path);
      if (!path.ok) return toolError(path.error.message);
      await live.whenReady();
      const index = live.session.index;
      if (!index.hasNote(path.value)) return notFound(path.value, index.notePaths(), " in the index");
      const section = args.line == null ? {} : { section: { line: args.line - 1 } };
      const found = live.session.related(path.value, { ...options, limit: args.limit ?? 10, ...section });
      return jsonResult({
        path: found.path,
        status: found.status,
        ...(found.section ? { section: { heading: found.section.headingPath.join(" > "), startLine: found.section.startLine + 1, endLine: found.section.endLine + 1 } } : {}),
        results: found.entries.map((e) => ({
          path: e.path,
          title: e.title,
          heading: e.best.headingPath.join(" > "),
          startLine: e.best.startLine + 1,
          endLine: e.best.endLine + 1,
          snippet: snippet(e.best.text, JSON_SNIPPET_CHARS),
          score: e.score,
          match: e.match,
          similarity: e.similarity,
          ranks: e.ranks,
          ...(isExtraPath(e.path) ? { source: "extra" } : {}),
        })),
      });
    }),
  );
}

function notFound(path: string, candidates: Iterable<string>, where = ""): ReturnType<typeof toolError> {
  const close = closestPaths(path, candidates);
  const hint = close.length > 0 ? ` Closest paths: ${close.map((p) => JSON.stringify(p)).join(", ")}.` : " The vault has no notes.";
  return toolError(`No note ${JSON.stringify(path)}${where}.${hint}`);
}
