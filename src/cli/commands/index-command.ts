import type { CliCommand } from "../args";
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, type CliIo } from "../cli-io";
import { describeIndex, formatBytes, plural } from "../summary";
import { openVault } from "../vault-session";

type IndexCommand = Extract<CliCommand, { kind: "index" }>;

/**
 * `index`: loads the saved index, brings it up to date with the vault (only changed notes are read and embedded),
 * waits for the embeddings, and saves. Exits 1 when embedding failed, after saving what was done.
 */
export async function runIndexCommand(cmd: IndexCommand, io: CliIo, now: () => number = Date.now): Promise<number> {
  const opened = await openVault(cmd, io, undefined, { app: "cli index", waitForOneShot: true });
  if (!opened.ok) {
    io.stderr.write(`${opened.error.message}\n`);
    return EXIT_USAGE;
  }
  const { service, layout, embedding, printer, embedded, calibrate } = opened.value;
  const t0 = now();
  await service.start();
  await service.whenIdle();
  const before = service.status();
  if (!before.lastError && !io.signal?.aborted) await calibrate("refresh", io.signal);
  await service.stop();
  const readOnly = opened.value.lock.readOnlyReason();
  await opened.value.lock.release();
  printer.finish();
  const status = service.status();
  const lines = [describeIndex(status, embedding)];
  if (embedded) {
    lines.push(embedded.documents === 0 ? "Nothing needed embedding in this run." : `Embedded ${plural(embedded.documents, "chunk")} in this run.`);
  }
  const size = status.fileBytes === undefined ? "" : ` (${formatBytes(status.fileBytes)})`;
  if (readOnly) lines.push(readOnly);
  lines.push(`Done in ${((now() - t0) / 1000).toFixed(1)} s. Index: ${layout.dataDir}${size}`);
  io.stderr.write(`${lines.join("\n")}\n`);
  if (io.signal?.aborted) return EXIT_FAILURE;
  if (embedding.kind === "ollama" && before.lastError) {
    io.stderr.write(
      `${before.lastError.message}\n` +
        `The keyword index is up to date; run "index" again to add the ${plural(before.pendingEmbeddings, "missing embedding")}.\n`,
    );
    return EXIT_FAILURE;
  }
  return EXIT_OK;
}
