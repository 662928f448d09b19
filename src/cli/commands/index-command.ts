import type { CliCommand } from "../args";
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, type CliIo } from "../cli-io";
import { describeIndex, formatBytes, plural } from "../summary";
import { openVault } from "../open-vault";
import { inputsCutMessage } from "../../core/ollama/inputs-cut";
import { foreignFailures } from "../../core/text/foreign-code";

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
  const { session, layout, embedding, printer, embedded } = opened.value;
  const { service } = session;
  const t0 = now();
  await service.start();
  await service.whenSettled();
  const before = service.status();
  if (!before.lastError && !io.signal?.aborted) await session.calibrate("refresh", io.signal);
  await service.stop();
  const readOnly = opened.value.lock.readOnlyReason();
  await opened.value.lock.release();
  printer.finish();
  const status = service.status();
  const lines = [describeIndex(status, embedding, opened.value.session.ollamaInUse())];
  if (embedded) {
    lines.push(embedded.documents === 0 ? "Nothing needed embedding in this run." : `Embedded ${plural(embedded.documents, "chunk")} in this run.`);
    const cut = embedded.cutInputs();
    if (cut.count > 0) lines.push(`Warning: ${inputsCutMessage({ ...cut, model: embedded.model })}`);
  }
  if (status.notes === 0) {
    lines.push(
      status.excludedNotes === 0
        ? `The vault has no notes to index: no .md files were found in ${layout.vaultDir}.`
        : `Every note of the vault is excluded by the plugin's settings (${plural(status.excludedNotes, "note")}).`,
    );
  } else if (status.excludedNotes > 0) {
    lines.push(`${plural(status.excludedNotes, "note")} excluded by the plugin's settings (folders, patterns, tags, length) or not text.`);
  }
  const size = status.fileBytes === undefined ? "" : ` (${formatBytes(status.fileBytes)})`;
  if (status.analysisFallbacks > 0) lines.push(`Warning: ${analysisFallbackLine(status.analysisFallbacks)}`);
  if (readOnly) lines.push(readOnly);
  lines.push(`Done in ${((now() - t0) / 1000).toFixed(1)} s. Index: ${layout.dataDir}${size}`);
  io.stderr.write(`${lines.join("\n")}\n`);
  if (io.signal?.aborted) return EXIT_FAILURE;
  // A note that could not be indexed is never dropped silently: each is named, and the command fails.
  const unindexed = status.unindexedNotes.length > 0 ? status.unindexedNotes : before.unindexedNotes;
  if (unindexed.length > 0) {
    const names = unindexed.map((n) => `  ${n.path}: ${n.reason}`).join("\n");
    io.stderr.write(`${plural(unindexed.length, "note")} could not be indexed, so search can't find them:\n${names}\n` +
      'They are tried again on the next "index"; please report this as a bug, with the language the notes are written in.\n');
    return EXIT_FAILURE;
  }
  // A success late in the run never hides a failure: any chunk left without its vector fails the command.
  const failure = status.lastError ?? before.lastError;
  // A read-only run leaves embedding to the writer: what it did not embed is not its failure.
  if (embedding.kind === "ollama" && !readOnly && (failure || status.pendingEmbeddings > 0)) {
    const missing = status.pendingEmbeddings;
    io.stderr.write(
      `${failure?.message ?? "Some chunks could not be embedded."}\n` +
        (missing > 0 ? `The keyword index is up to date; run "index" again to add the ${plural(missing, "missing embedding")}.\n` : ""),
    );
    return EXIT_FAILURE;
  }
  return EXIT_OK;
}

/** The warning for words that code we don't own (a stemmer, the segmenter) failed on: they are indexed unstemmed. */
export function analysisFallbackLine(count: number): string {
  const last = foreignFailures().last;
  const example = last ? ` (last: ${last.part} on "${last.input}": ${last.message})` : "";
  return `${plural(count, "word")} could not be stemmed or split by the language's rules and ${count === 1 ? "was" : "were"} indexed as written${example}. Search still finds them as written; please report this as a bug.`;
}

