/**
 * The `hybrid-vault-search` command. Everything happens in `run` (see run.ts), which tests call in-process; this
 * file only wires it to the real process: its arguments, streams, Ctrl-C and exit code.
 */
import { EXIT_FAILURE, processIo } from "./cli-io";
import { run } from "./run";

const controller = new AbortController();
// First Ctrl-C, or a SIGTERM (timeout, systemd, docker stop): stop the work and save what is indexed so far. A
// second one kills the process as usual.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    process.stderr.write("\nStopping and saving what is indexed so far…\n");
    controller.abort();
  });
}

try {
  process.exitCode = await run(process.argv.slice(2), processIo(controller.signal));
} catch (cause) {
  // Only a bug gets here: every expected failure is reported by `run` itself.
  process.stderr.write(`Unexpected error: ${cause instanceof Error ? (cause.stack ?? cause.message) : String(cause)}\n`);
  process.exitCode = EXIT_FAILURE;
}
