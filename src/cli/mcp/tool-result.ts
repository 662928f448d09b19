import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";

/** A tool's answer: one text block of pretty JSON, which every MCP client shows and every model reads. */
export function jsonResult(value: unknown): CallToolResult {
  return { content: [{ type: "text", text: JSON.stringify(value, null, 2) }] };
}

/** An expected failure (bad path, unknown note): an MCP tool error the agent reads and can act on, not a crash. */
export function toolError(message: string): CallToolResult {
  return { content: [{ type: "text", text: message }], isError: true };
}
