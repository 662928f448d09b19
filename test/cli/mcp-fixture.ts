import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

/** The CLI's entry point, run through tsx in a child process as a user's MCP client would run it. */
export const CLI_MAIN = fileURLToPath(new URL("../../src/cli/main.ts", import.meta.url));
const TSX = fileURLToPath(new URL("../../node_modules/tsx/dist/loader.mjs", import.meta.url));

/** A small vault in several languages, written fresh into a temp folder. */
export const FIXTURE_NOTES: Record<string, string> = {
  "Runbooks/Postgres backup.md": [
    "---",
    "tags: [ops, database]",
    "---",
    "# Postgres backup",
    "",
    "Nightly base backups run with pg_basebackup at 02:00.",
    "",
    "## Restore drill",
    "",
    "Restore the latest base backup to a scratch server and replay the WAL archive.",
    "Check the row counts against production.",
  ].join("\n"),
  "Recipes/Sauerteig.md": "# Sauerteig\n\nDen Sauerteig-Ansatz jeden Tag mit Roggenmehl und Wasser füttern.\nBei 26 Grad verdoppelt er sich in sechs Stunden.\n",
  "Travel/京都.md": "# 京都の旅行\n\n清水寺と伏見稲荷大社を訪れた。紅葉がとても綺麗だった。\n",
  "Projects/Garden plan.md": "# Garden plan\n\n#garden\n\nPlant tomatoes after the last frost. Water the seedlings every morning.\n",
  "Projects/Tomato notes.md": "# Tomato notes\n\n#garden\n\nTomatoes need sun and regular watering; pinch the side shoots.\n",
};

/** Writes the fixture vault; `dispose` removes it. */
export function writeFixtureVault(): { dir: string; dispose: () => void } {
  const dir = mkdtempSync(join(tmpdir(), "hvs-mcp-test-"));
  for (const [path, text] of Object.entries(FIXTURE_NOTES)) {
    const file = join(dir, ...path.split("/"));
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  return { dir, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Node arguments that run the CLI from source. */
export function cliNodeArgs(args: string[]): string[] {
  return ["--import", TSX, CLI_MAIN, ...args];
}

/** An MCP client connected over stdio to `hybrid-vault-search mcp` in a child process; stderr is collected. */
export async function connectMcp(args: string[]): Promise<{ client: Client; stderr: () => string; close: () => Promise<void> }> {
  const transport = new StdioClientTransport({ command: process.execPath, args: cliNodeArgs(["mcp", ...args]), stderr: "pipe" });
  let stderr = "";
  transport.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name: "hvs-test", version: "1.0.0" });
  await client.connect(transport);
  return { client, stderr: () => stderr, close: () => client.close() };
}

/** The JSON a tool answered with (its one text block). */
export function toolJson<T>(result: unknown): T {
  const content = (result as { content: { type: string; text: string }[] }).content;
  const text = content[0]?.text ?? "";
  return JSON.parse(text) as T;
}

/** The text of a tool's answer. */
export function toolText(result: unknown): string {
  return (result as { content: { text: string }[] }).content.map((c) => c.text).join("\n");
}
