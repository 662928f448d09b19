import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { jsonSchemaValidator } from "@modelcontextprotocol/sdk/validation";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import type { RelatedOptions } from "../../core/search/related-notes";
import type { LiveVault } from "../live-vault";
import { registerGetTool, registerRelatedTool } from "./note-tools";
import { registerSearchTool } from "./search-tool";
import { registerStatusTool } from "./status-tool";

/** Name and version the server gives clients. */
export const MCP_SERVER_INFO = { name: "hybrid-vault-search", version: "0.1.0" };

/** What the tools need besides the vault. */
export interface McpServerDeps {
  /** The related view's options from the plugin's settings (RRF k, list weights). */
  related: Omit<RelatedOptions, "limit">;
  /** True when the server keeps the index fresh from file events (`--watch`). */
  watching: boolean;
  /** Where a request that failed on an unexpected error is logged (stderr). Default: not logged. */
  log?: (line: string) => void;
  /** Judge model of the search tool's `rerank: true` (`mcp --rerank MODEL`). Default: the plugin's rerank setting. */
  rerankModel?: string;
}

/** An MCP server with the vault's four tools: search, get, related, status. */
export function createMcpServer(live: LiveVault, deps: McpServerDeps): McpServer {
  const server = new McpServer(MCP_SERVER_INFO, {
    jsonSchemaValidator: validatorOnFirstUse(),
    instructions:
      "Search the user's Obsidian vault with `search`, then read the lines you need with `get` (same 1-based line " +
      "numbers). `related` lists notes close to a note; `status` says how complete and fresh the index is.",
  });
  registerSearchTool(server, live, deps.log, deps.rerankModel);
  registerGetTool(server, live, deps.log);
  registerRelatedTool(server, live, deps.related, deps.log);
  registerStatusTool(server, live, deps.watching, deps.log);
  return server;
}

/**
 * The SDK's JSON Schema validator (Ajv with its formats), made when first asked for. The server validates only a
 * client's reply to an elicitation, which these tools never send, and making it cost every start-up about 10 ms
 * before the first answer.
 */
export function validatorOnFirstUse(): jsonSchemaValidator & { made: () => boolean } {
  let ajv: AjvJsonSchemaValidator | undefined;
  return {
    getValidator(schema) {
      ajv ??= new AjvJsonSchemaValidator();
      return ajv.getValidator(schema);
    },
    made: () => ajv !== undefined,
  };
}
