import type { OllamaHealth } from "../core/ollama/ollama-breaker";
import type { IndexSettings } from "../core/sync/rules/index-settings";

/** Where one output stream goes. `process.stdout` and `process.stderr` fit. */
export interface OutStream {
  write(text: string): unknown;
  /** True on a terminal: progress lines are drawn only there. Default false. */
  isTTY?: boolean;
  /** Terminal width in characters, when known. */
  columns?: number;
}

/** Everything the CLI touches outside its arguments, so tests run it in-process. */
export interface CliIo {
  /** Results (and only results, with --json). */
  stdout: OutStream;
  /** Progress, notices and errors. */
  stderr: OutStream;
  /** Environment variables. */
  env: Readonly<Record<string, string | undefined>>;
  /** The fetch used to reach Ollama. Default: the global fetch. */
  fetch?: typeof fetch;
  /**
   * Index settings that override those derived from the plugin's settings, e.g. shorter retry delays or checkpoint
   * intervals in tests. Default none.
   */
  indexOverrides?: Partial<IndexSettings>;
  /**
   * Whether each Ollama server answers, shared by every session of this process (the MCP server and `watch` open a
   * new session when they reload the index). Default: each session its own.
   */
  ollamaHealth?: OllamaHealth;
  /** Time limit of one Ollama request, in ms (tests make it short). Default 30000. */
  ollamaTimeoutMs?: number;
  /** Time limit of Ollama's quick calls such as the model check, in ms (see `ollamaQuickTimeoutMs`). Default 5000. */
  ollamaQuickTimeoutMs?: number;
  /** How long a fallback chain skips a server that failed, in ms (tests set 0). Default 30000. */
  chainRecheckMs?: number;
  /** Aborts a running command, e.g. on Ctrl-C. */
  signal?: AbortSignal;
}

/** Exit codes: 0 success, 1 the command failed, 2 the command line was wrong. */
export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

/** The real process's streams and environment. */
export function processIo(signal?: AbortSignal): CliIo {
  return { stdout: process.stdout, stderr: process.stderr, env: process.env, ...(signal ? { signal } : {}) };
}
