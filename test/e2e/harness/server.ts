import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import type * as O from "obsidian";
import type { PageConfig } from "../runtime/harness-api";
import { relayRequest } from "./relay";

/** What the harness server serves. */
export interface HarnessServerOptions {
  /** The page runtime script (see `bundleRuntime`). */
  runtimeJs: string;
  /** The plugin bundle: CommonJS, as `npm run build` writes main.js. */
  pluginJs: string;
  /** The plugin's styles.css (empty when it has none). */
  stylesCss: string;
  /** The page's HTML. */
  indexHtml: string;
  /** The CSS that makes the page look like Obsidian. */
  shimCss: string;
  /** The plugin's manifest. */
  manifest: O.PluginManifest;
  /** The fixture vault, path → text. */
  vault: Record<string, string>;
  /** The fake Ollama's base URL, passed to every page. */
  ollamaUrl: string;
}

/** How one page boots. */
export interface PageOptions {
  /** The plugin's initial `data.json` (e.g. settings pointing at the fake Ollama). Default: none. */
  pluginData?: unknown;
  /** Files to add to (or replace in) the fixture vault for this page. Default: none. */
  files?: Record<string, string>;
  /** Whether the page loads the plugin by itself. Default: true. */
  autostart?: boolean;
}

/** A running harness server. */
export interface HarnessServer {
  /** The base URL, e.g. `http://127.0.0.1:40123`. */
  url: string;
  /** Registers a page configuration and returns the URL that boots it. */
  pageUrl(options?: PageOptions): string;
  /** Stops the server, cancelling relayed requests and dropping connections. */
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  html: "text/html; charset=utf-8",
  js: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
  json: "application/json; charset=utf-8",
};

/** Starts the page server on an ephemeral 127.0.0.1 port. */
export async function startHarnessServer(options: HarnessServerOptions): Promise<HarnessServer> {
  const pages = new Map<string, PageConfig>();
  const inflight = new Set<AbortController>();
  const sockets = new Set<Socket>();
  const wrappedPlugin = `window.__harnessDefinePlugin(function (module, exports, require) {\n${options.pluginJs}\n});\n`;
  const send = (res: ServerResponse, status: number, type: keyof typeof TYPES, body: string): void => {
    res.writeHead(status, { "content-type": TYPES[type], "cache-control": "no-store" }).end(body);
  };

  const routes: Record<string, (req: IncomingMessage, res: ServerResponse, query: URLSearchParams) => void> = {
    "/": (_req, res) => send(res, 200, "html", options.indexHtml),
    "/harness/runtime.js": (_req, res) => send(res, 200, "js", options.runtimeJs),
    "/harness/obsidian-shim.css": (_req, res) => send(res, 200, "css", options.shimCss),
    "/plugin/main.js": (_req, res) => send(res, 200, "js", wrappedPlugin),
    "/plugin/styles.css": (_req, res) => send(res, 200, "css", options.stylesCss),
    "/harness/config.json": (_req, res, query) => {
      const config = pages.get(query.get("page") ?? "");
      if (config) send(res, 200, "json", JSON.stringify(config));
      else send(res, 404, "json", JSON.stringify({ error: "unknown page" }));
    },
    "/harness/relay": (req, res) => void relayRequest(req, res, inflight).catch(() => res.destroy()),
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const route = routes[url.pathname];
    if (route) route(req, res, url.searchParams);
    else send(res, 404, "json", JSON.stringify({ error: `no route ${url.pathname}` }));
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    pageUrl(page = {}) {
      const token = randomUUID();
      pages.set(token, {
        manifest: options.manifest,
        vault: { ...options.vault, ...page.files },
        pluginData: page.pluginData ?? null,
        ollamaUrl: options.ollamaUrl,
        autostart: page.autostart ?? true,
      });
      return `${base}/?page=${token}`;
    },
    async close() {
      for (const controller of inflight) controller.abort();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
