import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterEach, describe, expect, it } from "vitest";
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

describe("hybrid-vault-search mcp --http", () => {
  it("serves the tools over streamable HTTP on 127.0.0.1 and stops on SIGINT", async () => {
    const vault = writeFixtureVault();
    cleanups.push(vault.dispose);
    const port = await freePort();
    const child = spawn(process.execPath, cliNodeArgs(["mcp", "--vault", vault.dir, "--http", String(port)]), { stdio: ["ignore", "pipe", "pipe"] });
    cleanups.push(() => child.kill("SIGKILL"));
    let stderr = "";
    let stdout = "";
    child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
    const ready = new Promise<void>((resolve, reject) => {
      child.stderr.on("data", (c: Buffer) => {
        stderr += c.toString();
        if (stderr.includes(`http://127.0.0.1:${port}/mcp`)) resolve();
      });
      child.on("close", () => reject(new Error(`exited early: ${stderr}`)));
    });
    await ready;
    const client = new Client({ name: "hvs-http-test", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`)));
    const status = toolJson<{ notes: number }>(await client.callTool({ name: "status", arguments: {} }));
    expect(status.notes).toBe(5);
    const hits = toolJson<{ results: { path: string }[] }>(await client.callTool({ name: "search", arguments: { query: "清水寺" } }));
    expect(hits.results[0]?.path).toBe("Travel/京都.md");
    await client.close();
    const exited = new Promise<number | null>((r) => child.on("close", (code) => r(code)));
    child.kill("SIGINT");
    expect(await exited).toBe(0);
    expect(stdout).toBe("");
  }, 60_000);
});
