import type { WatchCommand } from "../args";
import { EXIT_OK, EXIT_USAGE, type CliIo } from "../cli-io";
import { LiveVault } from "../live-vault";
import { describeIndex } from "../summary";

/**
 * `watch`: keeps the vault's index up to date from file-system events while Obsidian is closed, with the plugin's
 * debounce and sync engine, until Ctrl-C; then saves and gives the writer lock up.
 */
export async function runWatchCommand(cmd: WatchCommand, io: CliIo): Promise<number> {
  const log = (line: string): void => void io.stderr.write(`${line}\n`);
  const opened = await LiveVault.open(cmd, io, { app: "cli watch", watch: true, log });
  if (!opened.ok) {
    log(opened.error.message);
    return EXIT_USAGE;
  }
  const live = opened.value;
  await live.whenReady();
  log(`${describeIndex(live.session.service.status(), live.vault.embedding, live.session.ollamaInUse())} Watching ${[live.vault.layout.vaultDir, ...live.vault.extras.map((e) => e.root.dir)].join(", ")} (Ctrl-C to stop).`);
  await new Promise<void>((resolve) => {
    if (io.signal?.aborted) resolve();
    io.signal?.addEventListener("abort", () => resolve(), { once: true });
  });
  await live.close();
  return EXIT_OK;
}
