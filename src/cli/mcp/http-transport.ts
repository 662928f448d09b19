import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import type { LiveVault } from "../live-vault";
import { createMcpServer, type McpServerDeps } from "./mcp-server";

/** The one path the server answers on. */
export const MCP_HTTP_PATH = "/mcp";

/** A bound `--http` listener. */
export interface McpHttp {
  /** Where clients connect, e.g. "http://127.0.0.1:3000/mcp". */
  url: string;
  /** Starts answering requests to /mcp with the tools over `live`; until then they get 503. */
  serve(live: LiveVault, deps: McpServerDeps): void;
  /** Stops listening and ends every open connection (a client's event stream too), so the process can exit. */
  close(): Promise<void>;
}

/**
 * Why a request is refused before MCP sees it, or undefined. Only /mcp is served. A browser page sends an Origin
 * header: only pages of this server itself may call (DNS rebinding and cross-site requests from any web page the
 * user opens are refused); MCP clients that are not browsers send none. The Host header is checked by the SDK.
 */
export function refusalOf(url: string | undefined, origin: string | undefined, port: number): { status: 403 | 404; text: string } | undefined {
  const path = (url ?? "/").split("?")[0];
  if (path !== MCP_HTTP_PATH) return { status: 404, text: `Not found. The MCP endpoint is ${MCP_HTTP_PATH}.` };
  if (origin === undefined) return undefined;
  const allowed = ["http", "https"].flatMap((scheme) => [`${scheme}://127.0.0.1:${port}`, `${scheme}://localhost:${port}`]);
  if (!allowed.includes(origin.toLowerCase())) return { status: 403, text: `Origin ${origin} may not call this server.` };
  return undefined;
}

/**
 * Binds 127.0.0.1:`port` before anything else happens, so that a busy port ends the command before it opens the
 * vault, takes the writer lock or says it serves. Undefined (after logging why) when the port can't be had.
 * Streamable HTTP, stateless: each request gets its own server and transport (cheap: they only register handlers)
 * over the one live index.
 */
export async function listenMcpHttp(port: number, log: (line: string) => void): Promise<McpHttp | undefined> {
  let answer: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  const http = createServer((req, res) => {
    const refused = refusalOf(req.url, req.headers.origin, port);
    if (refused) return void res.writeHead(refused.status, { "content-type": "text/plain; charset=utf-8" }).end(refused.text);
    if (!answer) return void res.writeHead(503, { "retry-after": "1" }).end("Starting, try again in a moment.");
    answer(req, res);
  });
  const listening = await new Promise<boolean>((resolve) => {
    http.once("error", (cause) => {
      log(`Can't serve MCP on 127.0.0.1:${port}: ${cause.message}. Pick another --http port.`);
      resolve(false);
    });
    http.listen(port, "127.0.0.1", () => resolve(true));
  });
  if (!listening) return undefined;
  return {
    url: `http://127.0.0.1:${port}${MCP_HTTP_PATH}`,
    serve: (live, deps) => {
      answer = (req, res) => answerMcp(req, res, live, deps, port, log);
    },
    close: () =>
      new Promise<void>((resolve) => {
        http.close(() => resolve());
        http.closeAllConnections();
      }),
  };
}

function answerMcp(req: IncomingMessage, res: ServerResponse, live: LiveVault, deps: McpServerDeps, port: number, log: (line: string) => void): void {
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
}
