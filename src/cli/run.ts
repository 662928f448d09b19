import { parseCommandLine, USAGE } from "./args";
import { EXIT_OK, EXIT_USAGE, type CliIo } from "./cli-io";
import { runIndexCommand } from "./commands/index-command";
import { runWatchCommand } from "./commands/watch-command";
import { runSearchCommand } from "./commands/search-command";

/**
 * Runs one CLI command in-process and returns its exit code: 0 success, 1 the command failed, 2 bad input. Never
 * throws for bad input or an unreachable Ollama; messages go to `io.stderr`, results to `io.stdout`.
 */
export async function run(argv: readonly string[], io: CliIo): Promise<number> {
  const parsed = parseCommandLine(argv);
  if (!parsed.ok) {
    io.stderr.write(`${parsed.error.message}\n`);
    return EXIT_USAGE;
  }
  const cmd = parsed.value;
  switch (cmd.kind) {
    case "help":
      // Asked for help: stdout and success. Bare `hybrid-vault-search` is a usage error shown the same help.
      if (argv.length === 0) {
        io.stderr.write(USAGE);
        return EXIT_USAGE;
      }
      io.stdout.write(USAGE);
      return EXIT_OK;
    case "index":
      return runIndexCommand(cmd, io);
    case "search":
      return runSearchCommand(cmd, io);
    case "watch":
      return runWatchCommand(cmd, io);
    case "mcp":
      // Loaded on demand: the MCP SDK and zod take most of a second to import, which index and search don't need.
      return (await import("./commands/mcp-command")).runMcpCommand(cmd, io);
  }
}
