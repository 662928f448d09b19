import type { SearchResponse } from "../../core/search/search-result";
import type { CliCommand } from "../args";
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, type CliIo } from "../cli-io";
import { formatJson, formatText } from "../output-format";
import { plural } from "../summary";
import { noEmbeddingsReason, openVault, type VaultSession } from "../vault-session";

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
  const session = opened.value;
  const { service, printer } = session;
  await service.start();
  await session.calibrate("load");
  const response = await service.engine.search({
    query: cmd.query,
    mode: cmd.mode,
    limit: cmd.limit,
    ...(io.signal ? { signal: io.signal } : {}),
  });
  const status = service.status();
  await service.stop();
  await session.lock.release();
  printer.finish();
  if (response.aborted || io.signal?.aborted) return EXIT_FAILURE;
  for (const line of noticeLines(response, session, status.pendingEmbeddings)) io.stderr.write(`${line}\n`);
  io.stdout.write(cmd.json ? formatJson(response.results) : formatText(response.results));
  return EXIT_OK;
}

/** What the user should know about how the search ran, one line each. */
export function noticeLines(response: SearchResponse, session: VaultSession, pending: number): string[] {
  const offline = noEmbeddingsReason(session.embedding);
  const lines: string[] = [];
  for (const n of response.notices) {
    if (n.code === "KEYWORD_FALLBACK" && offline !== undefined) lines.push(`Keyword results only: ${offline}`);
    else if (n.code !== "HYDE_SKIPPED") lines.push(n.message);
  }
  if (session.embedding.kind === "ollama" && pending > 0) {
    lines.push(`${plural(pending, "chunk")} are not embedded yet, so semantic results may miss them: run "index" first.`);
  }
  return lines;
}
