import { Notice, type App, type Plugin } from "obsidian";
import { confirmAction } from "./confirm-modal";
import type { IndexStatusPort } from "./ports";
import { activateRelatedView } from "./related/related-view";
import { SearchModal, type SearchModalDeps } from "./search/search-modal";
import { indexStatusLines } from "./status/status-text";

/** What the commands act on. */
export interface CommandDeps {
  search: SearchModalDeps;
  status: IndexStatusPort;
}

/** Registers the plugin's commands. None has a default hotkey: users choose their own. */
export function registerCommands(plugin: Plugin, deps: CommandDeps): void {
  const { app } = plugin;
  plugin.addCommand({
    id: "search-vault",
    name: "Search vault",
    callback: () => new SearchModal(app, deps.search).open(),
  });
  plugin.addCommand({
    id: "open-related-notes",
    name: "Open related notes",
    callback: () => void activateRelatedView(plugin),
  });
  plugin.addCommand({
    id: "rebuild-index",
    name: "Rebuild index",
    callback: () => void rebuildWithConfirmation(app, deps.status),
  });
  plugin.addCommand({
    id: "pause-or-resume-indexing",
    name: "Pause or resume indexing",
    callback: () => {
      if (deps.status.paused) deps.status.resume();
      else deps.status.pause();
      new Notice(deps.status.paused ? "Indexing paused." : "Indexing resumed.");
    },
  });
  plugin.addCommand({
    id: "show-index-status",
    name: "Show index status",
    callback: () => showIndexStatus(deps.status),
  });
}

/** A notice listing the index status, one fact a line (notices keep line breaks). */
export function showIndexStatus(status: IndexStatusPort): void {
  new Notice(indexStatusLines(status.status(), status.paused).join("\n"), 10_000);
}

/** Asks first, because a rebuild embeds every note again. */
export async function rebuildWithConfirmation(app: App, status: IndexStatusPort): Promise<void> {
  const yes = await confirmAction(app, {
    title: "Rebuild the index?",
    lines: [
      "The index is dropped and every note is read again. Notes are searchable by keyword at once; meaning-based results return as Ollama embeds them.",
      "On a large vault this takes a while. Indexing can be paused at any time from the status bar.",
    ],
    confirmText: "Rebuild",
  });
  if (!yes) return;
  new Notice("Rebuilding the index…");
  try {
    await status.rebuild();
  } catch (error) {
    new Notice(`The rebuild failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
