import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { request } from "node:http";
import { createServer, type Server } from "node:net";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterEach, describe, expect, it } from "vitest";
import { vaultLayout } from "../../src/cli/node/vault-config";
import { MANIFEST_FILE } from "../../src/core/persist/segments/segment-names";
import { WRITER_LOCK_FILE } from "../../src/core/persist/lock/writer-lock";
import { cliNodeArgs, toolJson, writeFixtureVault } from "./mcp-fixture";

/** A port that was free a moment ago. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  const address = server.address();
  await new Promise((r) => server.close(r));
  if (address === null || typeof address === "string") throw new Error("no port");
  return address.port;
}

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

interface Served {
  child: ChildProcess;
  port: number;
  vault: string;
  stdout: () => string;
  stderr: () => string;
  /** Exit code, or "still running" when the process had not exited within `ms`. */
  exit: (ms?: number) => Promise<number | null | "still running">;
}

/** `mcp --http` on a vault in its own process; `ready` waits for the line that gives the URL. */
async function serveHttp(port?: number, { ready = true, watch = false } = {}): Promise<Served> {
  const vault = writeFixtureVault();
  cleanups.push(vault.dispose);
  const at = port ?? (await freePort());
  const child = spawn(process.execPath, cliNodeArgs(["mcp", "--vault", vault.dir, "--http", String(at), ...(watch ? ["--watch"] : [])]), { stdio: ["ignore", "pipe", "pipe"] });
  cleanups.push(() => child.kill("SIGKILL"));
  let stderr = "";
  let stdout = "";
  child.stdout?.on("data", (c: Buffer) => (stdout += c.toString()));
  const closed = new Promise<number | null>((r) => child.on("close", (code) => r(code)));
  const started = new Promise<void>((resolve, reject) => {
    child.stderr?.on("data", (c: Buffer) => {
      stderr += c.toString();
      if (stderr.includes(`http://127.0.0.1:${at}/mcp`)) resolve();
    });
    void closed.then(() => reject(new Error(`exited early: ${stderr}`)));
  });
  if (ready) await started;
  else started.catch(() => undefined);
  const exit = (ms = 20_000): Promise<number | null | "still running"> =>
    Promise.race([closed, new Promise<"still running">((r) => setTimeout(() => r("still running"), ms).unref())]);
  return { child, port: at, vault: vault.dir, stdout: () => stdout, stderr: () => stderr, exit };
}

/** One raw HTTP request; resolves with the status once the headers arrive (the body may stay open). */
function send(port: number, method: string, path: string, headers: Record<string, string>, body?: string): Promise<{ status: number; close: () => void }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, method, path, headers }, (res) => {
      resolve({ status: res.statusCode ?? 0, close: () => res.destroy() });
      res.resume();
    });
    req.on("error", reject);
    req.end(body);
  });
}

const initialize = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-03-26", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
});
const mcpHeaders = { "content-type": "application/json", accept: "application/json, text/event-stream" };

describe("hybrid-vault-search mcp --http", () => {
  it("serves the tools over streamable HTTP on 127.0.0.1 and stops on SIGINT", async () => {
    const s = await serveHttp();
    const client = new Client({ name: "hvs-http-test", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${s.port}/mcp`)));
    // `status` answers at once, while the server still indexes the new vault (ready: false): ask until it is ready.
    let status = toolJson<{ ready: boolean; notes: number }>(await client.callTool({ name: "status", arguments: {} }));
    while (!status.ready) status = toolJson<{ ready: boolean; notes: number }>(await client.callTool({ name: "status", arguments: {} }));
    expect(status.notes).toBe(5);
    const hits = toolJson<{ results: { path: string }[] }>(await client.callTool({ name: "search", arguments: { query: "清水寺" } }));
    expect(hits.results[0]?.path).toBe("Travel/京都.md");
    await client.close();
    s.child.kill("SIGINT");
    expect(await s.exit()).toBe(0);
    expect(s.stdout()).toBe("");
  }, 60_000);

  it("refuses web pages of other origins (DNS rebinding) and serves /mcp only", async () => {
    const s = await serveHttp();
    const post = (path: string, extra: Record<string, string> = {}) => send(s.port, "POST", path, { ...mcpHeaders, ...extra }, initialize);
    expect((await post("/mcp")).status).toBe(200);
    expect((await post("/mcp", { origin: `http://localhost:${s.port}` })).status).toBe(200);
    expect((await post("/mcp", { origin: `http://127.0.0.1:${s.port}` })).status).toBe(200);
    for (const origin of ["http://evil.example", `http://evil.example:${s.port}`, "null", `http://localhost:${s.port + 1}`, `http://127.0.0.1.nip.io:${s.port}`]) {
      expect({ origin, status: (await post("/mcp", { origin })).status }).toEqual({ origin, status: 403 });
    }
    for (const path of ["/", "/other", "/mcp/x", "/MCP", "/mcpx"]) {
      expect({ path, status: (await post(path)).status }).toEqual({ path, status: 404 });
    }
    expect((await post("/mcp?x=1")).status).toBe(200);
    s.child.kill("SIGINT");
    expect(await s.exit()).toBe(0);
  }, 60_000);

  it("exits non-zero without opening the vault when the port is taken", async () => {
    const taken: Server = createServer();
    await new Promise<void>((r) => taken.listen(0, "127.0.0.1", () => r()));
    cleanups.push(() => taken.close());
    const address = taken.address();
    if (address === null || typeof address === "string") throw new Error("no port");
    const s = await serveHttp(address.port, { ready: false });
    const code = await s.exit();
    expect(code).not.toBe("still running");
    expect(code).not.toBe(0);
    expect(s.stderr().trim()).toMatch(new RegExp(`^Can't serve MCP on 127\\.0\\.0\\.1:${address.port}: .*EADDRINUSE.*Pick another --http port\\.$`));
    expect(s.stderr()).not.toMatch(/Serving MCP|Index:|keyword/i);
    expect(existsSync(vaultLayout(s.vault).dataDir)).toBe(false);
  }, 60_000);

  it("stops on SIGTERM while a client holds an event stream open: exits 0, index saved, lock given up", async () => {
    // A watching server is the writer (one without --watch never takes the lock), so it has an index to save.
    const s = await serveHttp(undefined, { watch: true });
    const stream = await send(s.port, "GET", "/mcp", { accept: "text/event-stream" });
    cleanups.push(stream.close);
    expect(stream.status).toBe(200);
    const dataDir = vaultLayout(s.vault).dataDir;
    expect(existsSync(join(dataDir, WRITER_LOCK_FILE))).toBe(true);
    // The notes are indexed (not necessarily saved yet) before the signal.
    for (let i = 0; i < 400 && !s.stderr().includes("Serving MCP"); i++) await new Promise((r) => setTimeout(r, 50));
    expect(s.stderr()).toContain("Serving MCP");
    s.child.kill("SIGTERM");
    expect(await s.exit()).toBe(0);
    expect(existsSync(join(dataDir, WRITER_LOCK_FILE))).toBe(false);
    expect(existsSync(join(dataDir, MANIFEST_FILE))).toBe(true);
  }, 60_000);
});
