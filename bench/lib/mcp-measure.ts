import { basename } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

/** One start-up measurement. */
export interface StartupRun {
  launcher: string;
  ms: number;
}

/**
 * Spawns `node <args>` as an MCP server over stdio and connects; `startedMs` runs from the spawn to the answer of
 * a first keyword search (the server answers `initialize` only once its index is loaded).
 */
export async function mcpClient(args: string[]): Promise<{ client: Client; startedMs: number; close: () => Promise<void> }> {
  const t0 = performance.now();
  const transport = new StdioClientTransport({ command: process.execPath, args, stderr: "ignore" });
  const client = new Client({ name: "bench-mcp", version: "1.0.0" });
  await client.connect(transport);
  const first = await client.callTool({ name: "search", arguments: { query: "note", mode: "keyword", limit: 1 } });
  if (first.isError) throw new Error("the first search failed");
  return { client, startedMs: performance.now() - t0, close: () => client.close() };
}

/** Round trip of each query through the `search` tool, in ms. */
export async function timeSearches(client: Client, queries: readonly string[], mode: "hybrid" | "keyword"): Promise<number[]> {
  const out: number[] = [];
  for (const query of queries) {
    const s = performance.now();
    const r = await client.callTool({ name: "search", arguments: { query, mode, limit: 10 } });
    out.push(performance.now() - s);
    if (r.isError) throw new Error(`search "${query}" failed`);
  }
  return out;
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
