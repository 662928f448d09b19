import { failure } from "../core/errors/messages";
import { err, ok, type Result } from "../core/result";
import type { VaultOptions } from "./args";
import { canonicalModelName } from "../core/ollama/model-name";

/** `mcp`: serve the vault to an agent over MCP. */
export interface McpCommand extends VaultOptions {
  kind: "mcp";
  /** Serve streamable HTTP on 127.0.0.1 at this port instead of stdio. Default undefined: stdio. */
  httpPort: number | undefined;
  /** Keep the index fresh from file-system events while serving (as `watch` does). Default false. */
  watch: boolean;
  /** Judge model the search tool's `rerank: true` uses, from `--rerank`. Default undefined: the plugin's setting. */
  rerankModel?: string;
}

/** `watch`: keep the index fresh from file-system events until stopped. */
export interface WatchCommand extends VaultOptions {
  kind: "watch";
}

/** The options of the agent commands, as `parseArgs` gives them. */
export interface AgentValues {
  mode?: string;
  limit?: string;
  json?: boolean;
  hyde?: string;
  http?: string;
  watch?: boolean;
  rerank?: string;
}

/** Parses `mcp` and `watch` once the vault options are read. */
export function agentCommand(kind: "mcp" | "watch", base: VaultOptions, rest: string[], v: AgentValues): Result<McpCommand | WatchCommand> {
  if (rest.length > 0) return err(failure("cliNoQueryWanted", { command: kind, words: rest.join(" ") }));
  if (v.mode !== undefined || v.limit !== undefined || v.json === true || v.hyde !== undefined) {
    return err(failure("cliSearchOnly", { command: kind }));
  }
  if (kind === "watch") {
    if (v.http !== undefined || v.watch === true || v.rerank !== undefined) return err(failure("cliMcpNotWatch"));
    return ok({ kind, ...base });
  }
  let httpPort: number | undefined;
  if (v.http !== undefined) {
    httpPort = Number(v.http);
    if (!Number.isInteger(httpPort) || httpPort < 1 || httpPort > 65535) {
      return err(failure("cliHttpPortInvalid", { port: v.http }));
    }
  }
  const rerank = v.rerank?.trim();
  if (rerank === "") return err(failure("cliRerankNeedsModel"));
  return ok({ kind, ...base, httpPort, watch: v.watch === true, ...(rerank === undefined ? {} : { rerankModel: canonicalModelName(rerank) }) });
}
