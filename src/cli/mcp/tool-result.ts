import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { messageText } from "../../core/errors/messages";

/** A tool's answer: one text block of pretty JSON, which every MCP client shows and every model reads. */
export function jsonResult(value: unknown): CallToolResult {
  return { content: [{ type: "text", text: JSON.stringify(value, null, 2) }] };
}

/** An expected failure (bad path, unknown note): an MCP tool error the agent reads and can act on, not a crash. */
export function toolError(message: string): CallToolResult {
  return { content: [{ type: "text", text: message }], isError: true };
}

/**
 * A tool's handler behind a wall: an unexpected failure (a bug, code we don't own failing on this input) answers
 * this one request with a tool error that says so, is logged, and the server goes on serving.
 */
export function guarded<A extends unknown[]>(
  request: string,
  log: ((line: string) => void) | undefined,
  handler: (...args: A) => Promise<CallToolResult>,
): (...args: A) => Promise<CallToolResult> {
  return async (...args) => {
    try {
      return await handler(...args);
    } catch (cause) {
      const reason = cause instanceof Error ? cause.message : String(cause);
      log?.(`${request} failed: ${cause instanceof Error ? (cause.stack ?? reason) : reason}`);
      return toolError(messageText("requestFailed", { request, reason }));
    }
  };
}
