import type { IncomingMessage, ServerResponse } from "node:http";

const LOCAL_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** The message Obsidian's `requestUrl` (Electron's network stack) rejects with for a failed connection. */
function netError(error: unknown): string {
  const code = (error as { cause?: { code?: unknown } }).cause?.code;
  if (code === "ECONNREFUSED") return "net::ERR_CONNECTION_REFUSED";
  if (code === "ECONNRESET" || code === "UND_ERR_SOCKET") return "net::ERR_CONNECTION_RESET";
  return `net::ERR_FAILED (${error instanceof Error ? error.message : String(error)})`;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Performs a request for the page's `requestUrl` and answers 200 with the outcome in `x-relay-*` headers and
 * the upstream body, so the page never sees CORS or an HTTP error of its own. Only local servers are reached.
 * `inflight` holds an abort controller per open request, so the server can cancel them when it closes.
 */
export async function relayRequest(req: IncomingMessage, res: ServerResponse, inflight: Set<AbortController>): Promise<void> {
  const header = (name: string): string => decodeURIComponent(String(req.headers[name] ?? ""));
  const fail = (message: string): void => {
    res.writeHead(200, { "x-relay-error": encodeURIComponent(message), "cache-control": "no-store" }).end();
  };
  const url = header("x-relay-url");
  const method = header("x-relay-method") || "GET";
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    fail(`net::ERR_INVALID_URL (${url})`);
    return;
  }
  if (!LOCAL_HOSTS.has(target.hostname)) {
    fail(`net::ERR_BLOCKED_BY_CLIENT (the e2e relay only reaches local servers, not ${target.hostname})`);
    return;
  }
  const headers = JSON.parse(header("x-relay-headers") || "{}") as Record<string, string>;
  const body = await readBody(req);
  const controller = new AbortController();
  inflight.add(controller);
  res.on("close", () => controller.abort());
  try {
    const upstream = await globalThis.fetch(target, {
      method,
      headers,
      body: method === "GET" || method === "HEAD" ? undefined : new Uint8Array(body),
      signal: controller.signal,
    });
    const bytes = Buffer.from(await upstream.arrayBuffer());
    const upstreamHeaders: Record<string, string> = {};
    upstream.headers.forEach((value, key) => {
      upstreamHeaders[key] = value;
    });
    res.writeHead(200, {
      "content-type": "application/octet-stream",
      "cache-control": "no-store",
      "x-relay-status": String(upstream.status),
      "x-relay-headers": encodeURIComponent(JSON.stringify(upstreamHeaders)),
    });
    res.end(bytes);
  } catch (error) {
    if (!res.headersSent && !res.destroyed) fail(netError(error));
  } finally {
    inflight.delete(controller);
  }
}
