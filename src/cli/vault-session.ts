import { stat } from "node:fs/promises";
import { resolve } from "node:path";
import { OllamaEmbedder, type Embedder } from "../core/ollama/embedder";
import { HydeGenerator } from "../core/ollama/hyde";
import { OllamaClient } from "../core/ollama/ollama-client";
import { indexFilePaths } from "../core/persist/index-files";
import { appError, err, ok, type Result } from "../core/result";
import { IndexService } from "../core/sync/control/index-service";
import { resolveIndexSettings, type IndexSettings } from "../core/sync/rules/index-settings";
import { CalibrationKeeper } from "../core/search/calibration-keeper";
import { searchOptionsOf } from "../core/settings/plugin-settings";
import type { VaultOptions } from "./args";
import type { CliIo } from "./cli-io";
import { CountingEmbedder } from "./counting-embedder";
import { FolderNoteSource } from "./folder-note-source";
import { NO_OLLAMA_REASON, OfflineEmbedder } from "./offline-embedder";
import { indexSettingsOf } from "../core/settings/plugin-settings";
import { readPluginSettings } from "./plugin-settings-file";
import { ProgressPrinter } from "./progress-printer";
import { peekSavedModel } from "./saved-index";
import { readHostIgnore, vaultLayout, type VaultLayout } from "./vault-config";
import { takeVaultLock, type VaultLock, type VaultLockOptions } from "./vault-lock";

/** How this run gets its vectors. */
export type EmbeddingSource =
  /** Through Ollama, as asked with --ollama/--model. */
  | { kind: "ollama"; url: string; model: string }
  /** No --ollama, but the saved index has vectors of `model`: they are kept, new chunks wait for theirs. */
  | { kind: "offline"; model: string }
  /** No --ollama and no vectors saved: a keyword-only index. */
  | { kind: "none" };

/** A vault opened by a command: its index service, ready to start. */
export interface VaultSession {
  service: IndexService;
  layout: VaultLayout;
  embedding: EmbeddingSource;
  settings: IndexSettings;
  printer: ProgressPrinter;
  /** Counts the chunks embedded in this run; undefined without Ollama. */
  embedded: CountingEmbedder | undefined;
  /** Loads the vector weight the plugin calibrated for this vault and model; measures it again when stale. */
  calibrate: (mode: "load" | "refresh", signal?: AbortSignal) => Promise<void>;
  /** The writer lock: without it the run is read-only. Release it after `service.stop()`. */
  lock: VaultLock;
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
  lockOptions?: VaultLockOptions,
): Promise<Result<VaultSession>> {
  const dir = resolve(opts.vault);
  const found = await stat(dir).catch(() => undefined);
  if (!found) return err(appError("BAD_INPUT", `The vault folder ${opts.vault} does not exist.`));
  if (!found.isDirectory()) return err(appError("BAD_INPUT", `--vault must be a folder, but ${opts.vault} is a file.`));
  const layout = vaultLayout(dir, opts.configDir);
  const plugin = await readPluginSettings(layout);
  const derived = indexSettingsOf(plugin.settings, await readHostIgnore(layout));
  const settings = io.indexOverrides ? resolveIndexSettings({ ...derived, ...io.indexOverrides }) : derived;
  const picked = await pickEmbedder(opts, layout, settings, io);
  const { embedding } = picked;
  const embedded = embedding.kind === "ollama" && picked.embedder ? new CountingEmbedder(picked.embedder) : undefined;
  const embedder = embedded ?? picked.embedder;
  const printer = new ProgressPrinter(io.stderr);
  if (plugin.problems.length > 0) printer.notice(`The plugin's settings in ${layout.dataDir}/data.json were corrected:\n${plugin.problems.join("\n")}`);
  const lock = await takeVaultLock(layout.dataDir, io, lockOptions);
  const { store } = lock;
  const service = new IndexService({
    source: new FolderNoteSource(layout.vaultDir),
    store,
    dataDir: layout.dataDir,
    settings,
    ...(embedder ? { embedder } : {}),
    notify: printer.notice,
  });
  service.onProgress(printer.onProgress);
  const hyde = hydeModel ?? (plugin.settings.hyde.enabled ? plugin.settings.hyde.model.trim() : "");
  if (picked.client && hyde !== "") {
    const { promptTemplate } = plugin.settings.hyde;
    service.engine.setDeps({ hyde: new HydeGenerator(picked.client, { model: hyde, promptTemplate }) });
    service.engine.setOptions({ ...searchOptionsOf(plugin.settings), hyde: true });
  } else {
    service.engine.setOptions({ ...searchOptionsOf(plugin.settings), hyde: false });
  }
  const keeper = new CalibrationKeeper(store, `${layout.dataDir}/calibration.json`);
  const calibrate = async (mode: "load" | "refresh", signal?: AbortSignal): Promise<void> => {
    // Calibration probes are the index's own text: they go to the raw embedder so they don't count as indexing.
    const raw = picked.embedder;
    if (embedding.kind !== "ollama" || !raw) return;
    let c = await keeper.load(raw.model);
    if (mode === "refresh" && service.index.vectorCount > 0) c = await keeper.refresh(service.index, raw, signal);
    service.engine.setCalibration(c);
  };
  // Ctrl-C stops the work and saves what is done; passing the signal to start() would drop it, like a kill.
  if (io.signal?.aborted) void service.stop();
  else io.signal?.addEventListener("abort", () => void service.stop(), { once: true });
  return ok({ service, layout, embedding, settings, printer, embedded, calibrate, lock });
}

async function pickEmbedder(
  opts: VaultOptions,
  layout: VaultLayout,
  settings: IndexSettings,
  io: CliIo,
): Promise<{ embedder: Embedder | undefined; embedding: EmbeddingSource; client?: OllamaClient }> {
  if (opts.ollama) {
    const client = new OllamaClient({ baseUrl: opts.ollama.url, ...(io.fetch ? { fetch: io.fetch } : {}) });
    const embedder = new OllamaEmbedder(client, { model: opts.ollama.model, batchSize: settings.embedBatchSize });
    return { embedder, embedding: { kind: "ollama", ...opts.ollama }, client };
  }
  const saved = await peekSavedModel(indexFilePaths(layout.dataDir).meta);
  if (saved && saved.model !== "" && saved.dims > 0) {
    return { embedder: new OfflineEmbedder(saved), embedding: { kind: "offline", model: saved.model } };
  }
  return { embedder: undefined, embedding: { kind: "none" } };
}

/** Why this run has no semantic results, or undefined when it has an embedder to try. */
export function noEmbeddingsReason(e: EmbeddingSource): string | undefined {
  return e.kind === "ollama" ? undefined : NO_OLLAMA_REASON;
}
