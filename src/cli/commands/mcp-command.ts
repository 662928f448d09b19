import { createServer, type Server } from "node:http";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import type { McpCommand } from "../args-agent";
import { EXIT_OK, EXIT_USAGE, type CliIo } from "../cli-io";
import { LiveVault } from "../live-vault";
import { createMcpServer, type McpServerDeps } from "../mcp/mcp-server";
import { readPluginSettings } from "../plugin-settings-file";
import { describeIndex } from "../summary";

/**
 * `mcp`: serves the vault's search, get, related and status tools to an agent. Over stdio (the default) stdout
 * carries only the protocol, every log line goes to stderr, and the server saves and exits when stdin closes.
 * With `--http PORT` it serves streamable HTTP on 127.0.0.1 only, until Ctrl-C.
 */
export async function runMcpCommand(cmd: McpCommand, io: CliIo): Promise<number> {
  const log = (line: string): void => void io.stderr.write(`${line}\n`);
  const opened = await LiveVault.open(cmd, io, { app: "cli mcp", watch: cmd.watch, log });
  if (!opened.ok) {
    log(opened.error.message);
    return EXIT_USAGE;
  }
  const live = opened.value;
  const { settings } = await readPluginSettings(live.session.layout);
  const deps: McpServerDeps = {
    related: { rrfK: settings.search.rrfK, weights: { vector: settings.search.weights.vector, bm25: settings.search.weights.bm25 } },
    watching: cmd.watch,
    log,
  };
  void live.whenReady().then(
    () => log(`${describeIndex(live.session.service.status(), live.session.embedding)} Serving MCP${cmd.watch ? ", watching for changes" : ""}.`),
    (cause: unknown) => log(`Loading the index failed: ${reasonOf(cause)}. Requests answer with this error; restart the server.`),
  );
  // A server runs for days beside Obsidian: a failure in background work (a reload, a save) is logged, and the
  // server goes on answering, instead of Node ending the process on an unhandled rejection.
  const onStray = (cause: unknown): void => log(`Unexpected error in background work (the server keeps running): ${reasonOf(cause)}`);
  process.on("unhandledRejection", onStray);
  try {
    const stopped = cmd.httpPort === undefined ? serveStdio(live, deps, io) : await serveHttp(live, deps, cmd.httpPort, io, log);
    await stopped;
  } finally {
    process.off("unhandledRejection", onStray);
  }
  await live.close();
  return EXIT_OK;
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

/**
 * Streamable HTTP, stateless: each POST gets its own server and transport (cheap: they only register handlers),
 * over the one live index. Bound to 127.0.0.1, with the Host header checked against DNS rebinding.
 */
async function serveHttp(live: LiveVault, deps: McpServerDeps, port: number, io: CliIo, log: (l: string) => void): Promise<Promise<void>> {
  const http: Server = createServer((req, res) => {
    const server = createMcpServer(live, deps);
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableDnsRebindingProtection: true,
      allowedHosts: [`127.0.0.1:${port}`, `localhost:${port}`],
    });
    res.on("close", () => {
      void transport.close();
      void server.close();
    });
    void server
      .connect(transport)
      .then(() => transport.handleRequest(req, res))
      .catch((cause: unknown) => {
        log(`MCP request failed: ${cause instanceof Error ? cause.message : String(cause)}`);
        if (!res.headersSent) res.writeHead(500).end();
      });
  });
  const listening = await new Promise<boolean>((resolve) => {
    http.once("error", (cause) => {
      log(`Can't serve on 127.0.0.1:${port}: ${cause.message}. Pick another --http port.`);
      resolve(false);
    });
    http.listen(port, "127.0.0.1", () => resolve(true));
  });
  if (!listening) return Promise.resolve();
  log(`MCP over streamable HTTP at http://127.0.0.1:${port}/mcp (Ctrl-C to stop).`);
  return new Promise<void>((resolve) => {
    io.signal?.addEventListener("abort", () => http.close(() => resolve()), { once: true });
  });
}
