import { stat } from "node:fs/promises";
import { resolve } from "node:path";
import type { Embedder } from "../core/ollama/embedder";
import { err, ok, type Result } from "../core/result";
import { failure } from "../core/errors/messages";
import { openVaultSearch, type VaultSearch } from "../core/session/vault-search";
import type { VaultOptions } from "./args";
import type { CliIo } from "./cli-io";
import { CountingEmbedder } from "./counting-embedder";
import { notesWithExtras } from "./extra-folders";
import type { ExtraSource } from "../core/sync/sources/multi-note-source";
import type { NoteSource } from "../core/sync/notes/note-source";
import { NO_OLLAMA_REASON, OfflineEmbedder } from "./offline-embedder";
import { readPluginSettings } from "./node/vault-config";
import { ProgressPrinter } from "./progress-printer";
import { peekIndexModel } from "./node/saved-index";
import { messageText } from "../core/errors/messages";
import { sameModelName } from "../core/ollama/model-name";
import { describeHolder } from "../core/persist/lock/lock-holder";
import { readHostIgnore, vaultLayout, type VaultLayout } from "./node/vault-config";
import { placeIndex } from "./node/index-dir";
import { takeVaultLock, type VaultLock, type VaultLockOptions } from "./node/vault-lock";

/** How this run gets its vectors. */
export type EmbeddingSource =
  /** Through Ollama, as asked with --ollama/--model. */
  | { kind: "ollama"; url: string; model: string }
  /** No --ollama, but the saved index has vectors of `model`: they are kept, new chunks wait for theirs. */
  | { kind: "offline"; model: string }
  /** No --ollama and no vectors saved: a keyword-only index. */
  | { kind: "none" };

/**
 * A vault opened by a command: the core session (`session`, ready to `session.service.start()`) and the Node
 * wiring around it, the folder layout, the lock, the progress printer.
 */
export interface OpenedVault {
  /** The same session the plugin runs: search, related notes, calibration, and its sync actor (`service`). */
  session: VaultSearch;
  layout: VaultLayout;
  embedding: EmbeddingSource;
  printer: ProgressPrinter;
  /** Counts the chunks embedded in this run; undefined without Ollama. */
  embedded: CountingEmbedder | undefined;
  /** The writer lock: without it the run is read-only. Release it after `session.service.stop()`. */
  lock: VaultLock;
  /** The notes indexed: the vault's, and the extra folders' under `.extra/<name>/`. */
  source: NoteSource;
  /** The extra folders (`--extra`, else the plugin's setting); empty without any. */
  extras: ExtraSource[];
}

/** How `openVault` takes the lock, and whether Ctrl-C stops the session. */
export interface OpenVaultOptions extends VaultLockOptions {
  /**
   * Stop the index service (which saves) when the command's signal aborts (Ctrl-C). A long-running command that
   * opens one session after another turns it off and stops its current session itself, so no listener outlives
   * its session. Default true.
   */
  stopOnAbort?: boolean;
}

/**
 * Checks the vault folder, reads the plugin's settings and Obsidian's excluded files, picks the embedder, and
 * builds the same index service, search options and calibration the plugin uses, over the folder and the plugin's
 * data folder. Fails only on a bad vault path.
 */
export async function openVault(
  opts: VaultOptions,
  io: CliIo,
  /** HyDE generation model asked for on the command line; default: the plugin's HyDE setting. */
  hydeModel?: string,
  /** How to take the writer lock; default: don't wait, run read-only when it is busy. */
  lockOptions: OpenVaultOptions = {},
): Promise<Result<OpenedVault>> {
  const dir = resolve(opts.vault);
  const found = await stat(dir).catch(() => undefined);
  if (!found) return err(failure("vaultMissing", { path: opts.vault }));
  if (!found.isDirectory()) return err(failure("vaultNotFolder", { path: opts.vault }));
  const inVault = vaultLayout(dir, opts.configDir);
  const plugin = await readPluginSettings(inVault);
  const hostIgnore = await readHostIgnore(inVault);
  const printer = new ProgressPrinter(io.stderr);
  if (plugin.problems.length > 0) printer.notice(`The plugin's settings in ${inVault.pluginDir}/data.json were corrected:\n${plugin.problems.join("\n")}`);
  // Where the plugin keeps the index ("Index location"), unless --index-dir says.
  const placed = await placeIndex(inVault, plugin.settings, io.env, opts.indexDir);
  if (placed.notice !== undefined) printer.notice(placed.notice);
  const layout = placed.layout;
  // The setting may name another computer's folders: their notes are kept; a missing `--extra` is refused.
  const notes = await notesWithExtras(layout.vaultDir, opts.extra ?? plugin.settings.extraFolders, opts.extra === undefined);
  if (!notes.ok) return notes;
  for (const dir of notes.value.missing) printer.notice(`The Extra folders setting names ${dir}, which is not on this computer: its notes stay in the index as they are.`);
  const lock = await takeVaultLock(layout.dataDir, io, lockOptions);
  const { embedding, offline, notice } = await embeddingSource(opts, layout, lock);
  if (notice !== undefined) printer.notice(notice);
  let embedded: CountingEmbedder | undefined;
  const session = openVaultSearch({
    source: notes.value.source,
    store: lock.store,
    dataDir: layout.dataDir,
    // The command line's server and model win over the plugin's.
    settings:
      embedding.kind === "ollama"
        ? { ...plugin.settings, ollamaUrl: embedding.url, embedModel: embedding.model, ollamaFallbacks: opts.ollama?.fallbacks ?? [] }
        : plugin.settings,
    hostIgnore,
    ...(io.fetch ? { fetch: io.fetch } : {}),
    notify: printer.notice,
    ...(io.indexOverrides ? { indexOverrides: io.indexOverrides } : {}),
    ...(embedding.kind === "ollama" ? {} : { offline: { embedder: offline } }),
    wrapEmbedder: (e: Embedder) => (embedded = new CountingEmbedder(e)),
    ...(hydeModel !== undefined ? { hydeModel } : {}),
    cacheEmbeddings: false,
    ...(io.ollamaHealth ? { ollamaHealth: io.ollamaHealth } : {}),
    ...(io.ollamaTimeoutMs !== undefined ? { ollamaTimeoutMs: io.ollamaTimeoutMs } : {}),
    ...(io.ollamaQuickTimeoutMs !== undefined ? { ollamaQuickTimeoutMs: io.ollamaQuickTimeoutMs } : {}),
    ...(io.chainRecheckMs !== undefined ? { chainRecheckMs: io.chainRecheckMs } : {}),
    // Only the holder of the lock embeds and saves; a reader serves what the writer saved.
    writer: lock.lock.held,
  });
  const { service } = session;
  service.onProgress(printer.onProgress);
  // Ctrl-C stops the work and saves what is done; passing the signal to start() would drop it, like a kill.
  if (lockOptions.stopOnAbort !== false) {
    if (io.signal?.aborted) void service.stop();
    else io.signal?.addEventListener("abort", () => void service.stop(), { once: true });
  }
  const { source, extras } = notes.value;
  return ok({ session, layout, embedding, printer, embedded, lock, source, extras });
}

/**
 * Ollama as asked on the command line, else the saved index's vectors offline, else keyword-only. A reader (another
 * process holds the lock) asked for another model than the index's searches with the index's model and says so:
 * only the writer decides the model, and a reader that took its own would embed the whole vault again, at every
 * save of the writer, for an index it can never save.
 */
async function embeddingSource(
  opts: VaultOptions,
  layout: VaultLayout,
  lock: VaultLock,
): Promise<{ embedding: EmbeddingSource; offline?: Embedder; notice?: string }> {
  if (opts.ollama) {
    const { url, model: asked } = opts.ollama;
    const saved = lock.lock.held ? undefined : await peekIndexModel(layout.dataDir);
    if (!saved || saved.model === "" || saved.dims === 0 || sameModelName(saved.model, asked)) {
      return { embedding: { kind: "ollama", url, model: asked } };
    }
    // A read-only run with nobody writing (search, mcp without --watch) must not claim another process writes.
    const holder = lock.lock.holder;
    const notice = holder
      ? messageText("readerKeepsIndexModel", { writer: describeHolder(holder), saved: saved.model, asked })
      : messageText("readOnlyKeepsIndexModel", { saved: saved.model, asked });
    return { embedding: { kind: "ollama", url, model: saved.model }, notice };
  }
  const saved = await peekIndexModel(layout.dataDir);
  if (saved && saved.model !== "" && saved.dims > 0) {
    return { embedding: { kind: "offline", model: saved.model }, offline: new OfflineEmbedder(saved) };
  }
  return { embedding: { kind: "none" } };
}

/** Why this run has no semantic results, or undefined when it has an embedder to try. */
export function noEmbeddingsReason(e: EmbeddingSource): string | undefined {
  return e.kind === "ollama" ? undefined : NO_OLLAMA_REASON;
}
