import { parseArgs } from "node:util";
import { DEFAULT_OLLAMA_URL, normalizeOllamaUrl } from "../core/ollama/ollama-url";
import { failure } from "../core/errors/messages";
import { err, ok, type Result } from "../core/result";
import type { SearchMode } from "../core/types";
import { DEFAULT_CONFIG_DIR } from "./node/vault-config";
import { canonicalModelName } from "../core/ollama/model-name";
import { endpointText, parseEndpoint, type OllamaEndpoint } from "../core/ollama/endpoint-chain";

/** Where and with which model to embed. Absent when the CLI runs keyword-only. */
export interface OllamaTarget {
  /** Normalized base URL, e.g. "http://127.0.0.1:11434". */
  url: string;
  /** Embedding model name, e.g. "nomic-embed-text". */
  model: string;
  /**
   * The servers to fall back on, in order, from the second and later `--ollama` (each "URL@MODEL", see
   * endpoint-chain.ts). Default [] (one server).
   */
  fallbacks?: string[];
}

/** Options both commands share. */
export interface VaultOptions {
  /** The vault folder, as given on the command line. */
  vault: string;
  /** Set when `--ollama` or `--model` was given. */
  ollama: OllamaTarget | undefined;
  /** The vault's config folder name. Default `DEFAULT_CONFIG_DIR` (".obsidian"). */
  configDir: string;
  /**
   * Folders outside the vault indexed with it (`--extra`, repeatable), as given. Default undefined: the plugin's
   * "Extra folders" setting.
   */
  extra?: string[];
  /** The index's folder (`--index-dir`), as given. Default undefined: where the plugin's "Index location" puts it. */
  indexDir?: string;
}

/** A command line that made sense. */
export type CliCommand =
  | { kind: "help" }
  | ({ kind: "index" } & VaultOptions)
  | ({
      kind: "search";
      /** What to search for, with the query syntax. */
      query: string;
      /** Default "hybrid". */
      mode: SearchMode;
      /** Notes to print. Default 10. */
      limit: number;
      /** Print one JSON array on stdout instead of text. Default false. */
      json: boolean;
      /**
       * HyDE generation model from `--hyde`; undefined leaves HyDE as the plugin's settings have it (used only when
       * embedding through Ollama).
       */
      hydeModel: string | undefined;
      /** `--include-superseded`: also show notes marked superseded. Absent (false) by default. */
      includeSuperseded?: boolean;
      /** Judge model from `--rerank`: the fused top results are reranked with it. Default undefined: no rerank. */
      rerankModel: string | undefined;
    } & VaultOptions)
  | McpCommand
  | WatchCommand;

/** Notes `search` prints unless `--limit` says otherwise. */
export const DEFAULT_CLI_LIMIT = 10;

const MODES: readonly SearchMode[] = ["hybrid", "keyword", "semantic"];

const OPTIONS = {
  vault: { type: "string" },
  "config-dir": { type: "string" },
  "index-dir": { type: "string" },
  ollama: { type: "string", multiple: true },
  extra: { type: "string", multiple: true },
  model: { type: "string" },
  mode: { type: "string" },
  limit: { type: "string" },
  json: { type: "boolean" },
  "include-superseded": { type: "boolean" },
  hyde: { type: "string" },
  rerank: { type: "string" },
  http: { type: "string" },
  watch: { type: "boolean" },
  help: { type: "boolean", short: "h" },
} as const;

/** Reads the command line (without `node` and the script). Bad input comes back as a BAD_INPUT error to print. */
export function parseCommandLine(argv: readonly string[]): Result<CliCommand> {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (cause) {
    return err(failure("cliArgsInvalid", { problem: cause instanceof Error ? cause.message : String(cause) }));
  }
  const { values, positionals } = parsed;
  const [command, ...rest] = positionals;
  if (values.help === true || command === undefined || command === "help") return ok({ kind: "help" });
  if (command !== "index" && command !== "search" && command !== "mcp" && command !== "watch") {
    return err(failure("cliUnknownCommand", { command }));
  }
  const vault = values.vault?.trim() ?? "";
  if (vault === "") return err(failure("cliVaultMissing", { command }));
  const ollama = ollamaTarget(values.ollama, values.model);
  if (!ollama.ok) return ollama;
  const configDir = values["config-dir"]?.trim() ?? DEFAULT_CONFIG_DIR;
  if (configDir === "" || /[\\/]/.test(configDir) || configDir === "..") {
    return err(failure("cliConfigDirInvalid", { example: DEFAULT_CONFIG_DIR }));
  }
  const extra = values.extra?.map((d) => d.trim());
  if (extra?.some((d) => d === "")) return err(failure("cliExtraBlank"));
  const indexDir = values["index-dir"]?.trim();
  if (indexDir === "") return err(failure("cliIndexDirBlank"));
  const base: VaultOptions = { vault, ollama: ollama.value, configDir, ...(extra ? { extra } : {}), ...(indexDir ? { indexDir } : {}) };
  if (command === "mcp" || command === "watch") return agentCommand(command, base, rest, values);
  if (values.http !== undefined || values.watch === true) return err(failure("cliMcpOnly"));
  if (command === "index") {
    if (rest.length > 0) return err(failure("cliNoQueryWanted", { command, words: rest.join(" ") }));
    const searchFlags = [values.mode, values.limit, values.hyde, values.rerank].some((v) => v !== undefined);
    if (searchFlags || values.json === true || values["include-superseded"] === true) {
      return err(failure("cliSearchOnly", { command }));
    }
    return ok({ kind: "index", ...base });
  }
  return searchCommand(base, rest, values);
}

function searchCommand(
  base: VaultOptions,
  words: string[],
  values: { mode?: string; limit?: string; json?: boolean; hyde?: string; rerank?: string; "include-superseded"?: boolean },
): Result<CliCommand> {
  const query = words.join(" ").trim();
  if (query === "") return err(failure("cliQueryMissing"));
  const mode = values.mode ?? "hybrid";
  if (!isMode(mode)) return err(failure("cliModeUnknown", { mode }));
  if (mode === "semantic" && !base.ollama) {
    return err(failure("cliSemanticNeedsModel"));
  }
  const limit = values.limit === undefined ? DEFAULT_CLI_LIMIT : Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1) {
    return err(failure("cliLimitInvalid", { limit: values.limit ?? "" }));
  }
  const hyde = values.hyde?.trim();
  const hydeModel = hyde === undefined || hyde === "" ? hyde : canonicalModelName(hyde);
  if (hydeModel !== undefined && (hydeModel === "" || !base.ollama || mode === "keyword")) {
    return err(failure("cliHydeNeedsModel"));
  }
  const superseded = values["include-superseded"] === true ? { includeSuperseded: true } : {};
  const rerank = values.rerank?.trim();
  if (rerank === "") return err(failure("cliRerankNeedsModel"));
  const rerankModel = rerank === undefined ? undefined : canonicalModelName(rerank);
  return ok({ kind: "search", ...base, query, mode, limit, json: values.json === true, hydeModel, rerankModel, ...superseded });
}

/**
 * `--model` alone means the default Ollama URL; `--ollama` alone is an error, since any model could be meant, unless
 * it names one (`URL@MODEL`). Later `--ollama`s are the fallback chain, with the first one's model unless they name
 * their own.
 */
function ollamaTarget(urls: readonly string[] | undefined, model: string | undefined): Result<OllamaTarget | undefined> {
  if ((urls === undefined || urls.length === 0) && model === undefined) return ok(undefined);
  const chain: OllamaEndpoint[] = [];
  for (const raw of urls && urls.length > 0 ? urls : [DEFAULT_OLLAMA_URL]) {
    // "x:latest" is "x" to Ollama: one spelling, so the saved index, its caches and calibration match either.
    const e = parseEndpoint(raw, chain[0]?.model ?? model?.trim() ?? "");
    if (e) chain.push(e);
    else if (normalizeOllamaUrl(raw) === undefined) return err(failure("cliOllamaNotUrl", { url: raw }));
    else return err(failure("cliOllamaNeedsModel"));
  }
  const [first, ...rest] = chain;
  if (!first) return err(failure("cliOllamaNeedsModel"));
  return ok({ url: first.url, model: first.model, ...(rest.length > 0 ? { fallbacks: rest.map(endpointText) } : {}) });
}

function isMode(mode: string): mode is SearchMode {
  return (MODES as readonly string[]).includes(mode);
}

/** The text `--help` prints. */
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

export const USAGE = `Hybrid Vault Search: keyword and semantic search over an Obsidian vault, from the terminal.

Usage:
  hybrid-vault-search index  --vault DIR [--ollama URL[@MODEL]]... [--model NAME] [--extra DIR]...
  hybrid-vault-search search --vault DIR [--ollama URL[@MODEL]]... [--model NAME] [--extra DIR]...
                             [--mode hybrid|keyword|semantic] [--limit N] [--json] [--hyde MODEL]
                             [--include-superseded] [--rerank MODEL] "query"
  hybrid-vault-search watch  --vault DIR [--ollama URL[@MODEL]]... [--model NAME] [--extra DIR]...
  hybrid-vault-search mcp    --vault DIR [--ollama URL[@MODEL]]... [--model NAME] [--extra DIR]... [--watch] [--http PORT]
                             [--rerank MODEL]

Commands:
  index    Bring the vault's index up to date (only changed notes are read again and embedded).
  search   Update the index the same way, then search it.
  watch    Keep the index up to date as notes change on disk, until stopped (Ctrl-C).
  mcp      Serve search, get, related and status to an AI agent over MCP (stdio; logs on stderr).

Options:
  --vault DIR     The vault folder. The index lives where the plugin's "Index location" setting puts it, shared
                  with the Obsidian plugin: DIR/${DEFAULT_CONFIG_DIR}/plugins/hybrid-vault-search/ ("In the vault",
                  the default), or this device's data folder ("This device only": $XDG_DATA_HOME or
                  ~/.local/share, ~/Library/Application Support, %LOCALAPPDATA%, then
                  hybrid-vault-search/vaults/<vault name>-<hash of its path>).
  --config-dir D  The vault's config folder, if not ${DEFAULT_CONFIG_DIR}.
  --index-dir D   Keep the index in folder D instead (e.g. one per agent sandbox). Nothing is copied there:
                  a new folder starts a new index.
  --extra DIR     Also index the Markdown notes of DIR, a folder outside the vault, as .extra/<name>/... (name:
                  DIR's folder name). Repeatable. Default: the plugin's "Extra folders" setting. A later run
                  without a folder removes its notes from the index.
  --ollama URL    Ollama to embed with (default http://127.0.0.1:11434 when only --model is given); URL@MODEL
                  names the model too. Repeat it for a fallback chain: the first server that answers with the
                  first one's model embeds; a server of another model is never used (vectors never mix).
  --model NAME    Embedding model, e.g. nomic-embed-text. Without a model, search is keyword-only.
  --mode MODE     hybrid (default), keyword or semantic.
  --limit N       Notes to show (default ${DEFAULT_CLI_LIMIT}).
  --json          Print one JSON array: path, title, heading, startLine and endLine (1-based), score,
                  relativeScore, ranks, tags and a snippet of up to 700 characters.
  --include-superseded
                  Also show notes marked superseded (superseded_by, or a status such as archived), each
                  naming its successor. They are left out by default.
  --hyde MODEL    Add HyDE: MODEL (an Ollama language model) writes a short answer whose embedding joins the
                  fusion. Without it, HyDE is on only if the plugin's settings turn it on.
  --rerank MODEL  Rerank the top results: MODEL (an Ollama language model, Ollama 0.12.11 or later) judges
                  whether each answers the query, blended with the fused order; skipped when the top result
                  is already clear. mcp: the model the search tool's rerank argument uses (default: the
                  plugin's "Rerank model" setting).
  --watch         mcp: also keep the index up to date as notes change, like "watch".
  --http PORT     mcp: serve streamable HTTP on 127.0.0.1:PORT instead of stdio.
  -h, --help      Show this help.

Query syntax: "exact phrase", -excluded, path:folder, tag:#tag, modified:>2025-01-01, modified:<30d,
created:2025 (a year, month or day, a range 2025-01..2025-03, or an age in d, w, m or y).
`;
