import { readFileSync } from "node:fs";
import { basename } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

/** One start-up measurement. */
export interface StartupRun {
  launcher: string;
  ms: number;
}

/** A connected server: `startedMs` from the spawn to the first search's answer, `readyMs` to `status.ready`. */
export interface McpConnection {
  client: Client;
  startedMs: number;
  /**
   * CPU time (user + system, all threads) the server process had used when the first search's answer arrived, ms;
   * undefined where /proc is not available. Steadier than `startedMs` on a loaded machine.
   */
  startedCpuMs: number | undefined;
  close: () => Promise<void>;
  /** CPU time (user + system) the server process has used so far, ms; undefined where /proc is not available. */
  cpuMs: () => number | undefined;
  /** Waits for the server's status to say ready (reconciled) and returns ms since the spawn. */
  readyMs: () => Promise<number>;
}

/**
 * Spawns `node <args>` in `cwd` as an MCP server over stdio and connects; `startedMs` runs from the spawn to the
 * answer of a first keyword search.
 */
export async function mcpClient(args: string[], cwd?: string): Promise<McpConnection> {
  const t0 = performance.now();
  const transport = new StdioClientTransport({ command: process.execPath, args, stderr: "ignore", ...(cwd ? { cwd } : {}) });
  const client = new Client({ name: "bench-mcp", version: "1.0.0" });
  await client.connect(transport);
  const first = await client.callTool({ name: "search", arguments: { query: "note", mode: "keyword", limit: 1 } });
  if (first.isError) throw new Error("the first search failed");
  const startedMs = performance.now() - t0;
  const startedCpuMs = cpuMsOf(transport.pid);
  const readyMs = async (): Promise<number> => {
    for (;;) {
      const s = await client.callTool({ name: "status", arguments: {} });
      const text = (s.content as { type: string; text?: string }[])[0]?.text ?? "{}";
      if ((JSON.parse(text) as { ready?: boolean }).ready === true) return performance.now() - t0;
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  return { client, startedMs, startedCpuMs, close: () => client.close(), cpuMs: () => cpuMsOf(transport.pid), readyMs };
}

/** CPU time of process `pid` so far, from /proc (Linux), ms; undefined elsewhere. */
function cpuMsOf(pid: number | null): number | undefined {
  if (pid === null) return undefined;
  try {
    // Fields after the command name (which may hold spaces, hence the last ")"): utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(")").pop()?.trim().split(" ") ?? [];
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
}

/** One search's round trip through the `search` tool: ms, how many notes it returned, and each one's path and score. */
export async function timeSearch(
  client: Client,
  query: string,
  mode: "hybrid" | "keyword",
): Promise<{ ms: number; results: number; ranked: string[]; full: string }> {
  const s = performance.now();
  const r = await client.callTool({ name: "search", arguments: { query, mode, limit: 10 } });
  const ms = performance.now() - s;
  if (r.isError) throw new Error(`search "${query}" failed`);
  const text = (r.content as { type: string; text?: string }[])[0]?.text ?? "{}";
  const body = JSON.parse(text) as { results?: { path?: string; score?: number }[] };
  const results = body.results ?? [];
  // `full`: the whole answer, to compare two servers' answers exactly; `ranked`: path and score, to show a difference.
  return { ms, results: results.length, ranked: results.map((x) => `${x.path ?? ""} ${x.score ?? ""}`), full: text };
}

/** `n` distinct queries made of note titles: real vocabulary of the vault, every one different. */
export function queriesFrom(paths: readonly string[], n: number): string[] {
  const titles = [...new Set(paths.map((p) => basename(p, ".md").replace(/[^\p{L}\p{N} ]+/gu, " ").trim()).filter((t) => t.length > 3))];
  const step = Math.max(1, Math.floor(titles.length / n));
  const out: string[] = [];
  for (let i = 0; out.length < n && i < titles.length; i += step) out.push(titles[i] ?? "");
  return out;
}

/** The p-th percentile (nearest rank). */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}
