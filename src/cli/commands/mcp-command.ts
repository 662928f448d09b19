import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import type { McpCommand } from "../args";
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, type CliIo } from "../cli-io";
import type { VaultSearch } from "../../core/session/vault-search";
import { warmSearches } from "../../core/session/search-warmup";
import { LiveVault } from "../live-vault";
import type { McpHttp } from "../mcp/http-transport";
import { createMcpServer, type McpServerDeps } from "../mcp/mcp-server";
import { readPluginSettings } from "../node/vault-config";
import { describeIndex } from "../summary";

/**
 * `mcp`: serves the vault's search, get, related and status tools to an agent. Over stdio (the default) stdout
 * carries only the protocol, every log line goes to stderr, and the server saves and exits when stdin closes.
 * With `--http PORT` it serves streamable HTTP on 127.0.0.1 only (path /mcp, browser pages of other origins
 * refused), until Ctrl-C or SIGTERM; a port already taken exits 1 before the vault is opened.
 */
export async function runMcpCommand(cmd: McpCommand, io: CliIo): Promise<number> {
  const log = (line: string): void => void io.stderr.write(`${line}\n`);
  let http: McpHttp | undefined;
  if (cmd.httpPort !== undefined) {
    // Loaded only for --http: the HTTP transport (Hono and the SDK's streamable HTTP) is start-up time stdio never uses.
    const { listenMcpHttp } = await import("../mcp/http-transport");
    http = await listenMcpHttp(cmd.httpPort, log);
    if (!http) return EXIT_FAILURE;
  }
  // What a first misspelt or rare word would pay for is done between requests from the moment a session's index is
  // loaded (search-warmup.ts); once the session serves, what a first filtered search would pay for, and again after
  // every change a --watch writer indexes (see filter-warmth.ts); and the related list's one-off counting of shared
  // texts (related-warmth.ts), which the first `related` call would otherwise do in one go.
  const warmWords = wordWarmer((cause: unknown) => log(`Preparing the word corrections failed (searches still work): ${reasonOf(cause)}`));
  const onServing = (session: VaultSearch): void => {
    warmWords(session);
    void session.relatedWarmth.warm();
    void session.keepFiltersWarm((cause: unknown) => log(`Preparing the search filters failed (searches still work): ${reasonOf(cause)}`));
  };
  const opened = await LiveVault.open(cmd, io, { app: "cli mcp", watch: cmd.watch, log, onServing });
  if (!opened.ok) {
    log(opened.error.message);
    await http?.close();
    return EXIT_USAGE;
  }
  const live = opened.value;
  void live.whenLoaded().then(() => warmWords(live.session), () => undefined);
  const { settings } = await readPluginSettings(live.vault.layout);
  const deps: McpServerDeps = {
    related: { rrfK: settings.search.rrfK, weights: { vector: settings.search.weights.vector, bm25: settings.search.weights.bm25 } },
    watching: cmd.watch,
    log,
    ...(cmd.rerankModel === undefined ? {} : { rerankModel: cmd.rerankModel }),
  };
  void live.whenReady().then(
    () => log(`${describeIndex(live.session.service.status(), live.vault.embedding, live.session.ollamaInUse())} Serving MCP${cmd.watch ? ", watching for changes" : ""}.`),
    (cause: unknown) => log(`Loading the index failed: ${reasonOf(cause)}. Requests answer with this error; restart the server.`),
  );
  // A server runs for days beside Obsidian: a failure in background work (a reload, a save) is logged, and the
  // server goes on answering, instead of Node ending the process on an unhandled rejection.
  const onStray = (cause: unknown): void => log(`Unexpected error in background work (the server keeps running): ${reasonOf(cause)}`);
  process.on("unhandledRejection", onStray);
  try {
    await (http ? serveHttp(http, live, deps, io, log) : serveStdio(live, deps, io));
  } finally {
    process.off("unhandledRejection", onStray);
  }
  await live.close();
  return EXIT_OK;
}

/**
 * Runs `warmSearches` for a session once: asked again for the same session (loaded, then serving), it runs again only
 * if the first run gave up (the notes changed while they were reconciled); a new session gets its own.
 */
function wordWarmer(failed: (cause: unknown) => void): (session: VaultSearch) => void {
  let last: { session: VaultSearch; done: Promise<boolean> } | undefined;
  return (session) => {
    const before = last?.session === session ? last.done : Promise.resolve(false);
    last = { session, done: before.then((done) => done || warmSearches(session, { failed })) };
  };
}

function reasonOf(cause: unknown): string {
  return cause instanceof Error ? (cause.stack ?? cause.message) : String(cause);
}

/** Resolves when stdin ends (the client went away) or on Ctrl-C. */
async function serveStdio(live: LiveVault, deps: McpServerDeps, io: CliIo): Promise<void> {
  const server = createMcpServer(live, deps);
  await server.connect(new StdioServerTransport(process.stdin, process.stdout));
  await new Promise<void>((resolve) => {
    process.stdin.once("end", resolve);
    process.stdin.once("close", resolve);
    io.signal?.addEventListener("abort", () => resolve(), { once: true });
  });
  await server.close();
}

/** Serves the bound listener until Ctrl-C or SIGTERM, then closes it and every connection still open. */
async function serveHttp(http: McpHttp, live: LiveVault, deps: McpServerDeps, io: CliIo, log: (l: string) => void): Promise<void> {
  http.serve(live, deps);
  log(`MCP over streamable HTTP at ${http.url} (Ctrl-C to stop).`);
  await new Promise<void>((resolve) => {
    if (io.signal?.aborted) resolve();
    io.signal?.addEventListener("abort", () => resolve(), { once: true });
  });
  await http.close();
}
