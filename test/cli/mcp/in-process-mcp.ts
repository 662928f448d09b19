import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { CliIo } from "../../../src/cli/cli-io";
import { DEFAULT_CONFIG_DIR } from "../../../src/cli/node/vault-config";
import { LiveVault } from "../../../src/cli/live-vault";
import { createMcpServer, type McpServerDeps } from "../../../src/cli/mcp/mcp-server";
import { captureIo } from "../cli-harness";

/**
 * The MCP server's tools over the live vault, in this process: what `mcp` serves, without a child process, so a
 * test can hand the server its own io (short Ollama timeouts, probes it releases by hand).
 */
export async function inProcessMcp(
  vault: string,
  ollama: { url: string; model: string } | undefined,
  extra: Partial<CliIo> = {},
  serverDeps: Partial<McpServerDeps> = {},
): Promise<{ client: Client; live: LiveVault; close: () => Promise<void> }> {
  const { io } = captureIo();
  const opened = await LiveVault.open(
    { vault, ollama, configDir: DEFAULT_CONFIG_DIR },
    { ...io, ...extra },
    { app: "cli mcp", log: () => undefined },
  );
  if (!opened.ok) throw new Error(opened.error.message);
  const live = opened.value;
  const server = createMcpServer(live, { related: { rrfK: 60, weights: { vector: 1, bm25: 1 } }, watching: false, ...serverDeps });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "hvs-test", version: "1.0.0" });
  await client.connect(clientSide);
  return {
    client,
    live,
    close: async () => {
      await client.close();
      await server.close();
      await live.close();
    },
  };
}
