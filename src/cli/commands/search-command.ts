import { messageText } from "../../core/errors/messages";
import type { SearchResponse } from "../../core/search/search-result";
import type { CliCommand } from "../args";
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, type CliIo } from "../cli-io";
import { formatJson, formatText } from "../output-format";
import { plural } from "../summary";
import { noEmbeddingsReason, openVault, type EmbeddingSource } from "../open-vault";

type SearchCommand = Extract<CliCommand, { kind: "search" }>;

/**
 * `search`: loads the saved index, picks up changed notes (keyword-searchable at once; their vectors are left to
 * the writer or to `index`), and searches. It never takes the writer lock, so it saves nothing and never keeps a
 * watching process or Obsidian from writing. Results go to stdout (one JSON array with --json); notices such as
 * the keyword fallback go to stderr.
 */
export async function runSearchCommand(cmd: SearchCommand, io: CliIo): Promise<number> {
  const opened = await openVault(cmd, io, cmd.hydeModel, { app: "cli search", mode: "read" });
  if (!opened.ok) {
    io.stderr.write(`${opened.error.message}\n`);
    return EXIT_USAGE;
  }
  const { session, printer, embedding, lock } = opened.value;
  const { service } = session;
  await service.start();
  let response: SearchResponse;
  try {
    await session.calibrate("load");
    response = await session.search({
      query: cmd.query,
      mode: cmd.mode,
      // A rerank judges the fused top "Results to rerank" (20) whatever --limit is, then the top --limit are printed.
      limit: cmd.rerankModel === undefined ? cmd.limit : Math.max(cmd.limit, session.settings.rerank.candidates),
      includeSuperseded: cmd.includeSuperseded === true,
      ...(io.signal ? { signal: io.signal } : {}),
    });
    if (cmd.rerankModel !== undefined) {
      const reranked = await session.rerank(response, io.signal, cmd.rerankModel);
      response = { ...reranked, results: reranked.results.slice(0, cmd.limit) };
    }
  } catch (cause) {
    // The session is stopped (a search saves nothing) and the user gets one line that says what failed.
    await service.stop();
    await lock.release();
    printer.finish();
    io.stderr.write(`${messageText("requestFailed", { request: "The search", reason: cause instanceof Error ? cause.message : String(cause) })}\n`);
    return EXIT_FAILURE;
  }
  const status = service.status();
  await service.stop();
  await lock.release();
  printer.finish();
  if (response.aborted || io.signal?.aborted) return EXIT_FAILURE;
  // A search that failed on an unexpected error answers with a notice and nothing else: the command fails.
  const failed = response.notices.some((n) => n.code === "SEARCH_FAILED");
  for (const line of noticeLines(response, embedding, status.pendingEmbeddings)) io.stderr.write(`${line}\n`);
  io.stdout.write(cmd.json ? formatJson(response.results) : formatText(response.results));
  return failed ? EXIT_FAILURE : EXIT_OK;
}

/** What the user should know about how the search ran, one line each. */
export function noticeLines(response: SearchResponse, embedding: EmbeddingSource, pending: number): string[] {
  const offline = noEmbeddingsReason(embedding);
  const lines: string[] = [];
  for (const n of response.notices) {
    if (n.code === "KEYWORD_FALLBACK" && offline !== undefined) lines.push(`Keyword results only: ${offline}`);
    else if (n.code !== "HYDE_SKIPPED") lines.push(n.message);
  }
  if (embedding.kind === "ollama" && pending > 0) {
    lines.push(`${plural(pending, "chunk")} are not embedded yet, so semantic results may miss them: run "index" first.`);
  }
  return lines;
}
