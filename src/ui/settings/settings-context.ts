import type { App } from "obsidian";
import { normalizeSettings } from "../../core/settings/normalize-settings";
import type { PluginSettings } from "../../core/settings/plugin-settings";
import { settingsCost } from "../../core/session/settings-cost";
import { confirmAction } from "../confirm-modal";
import type { ConnectionPort, IndexStatusPort, SettingsPort } from "../ports";

/** What the settings tab runs on. */
export interface SettingsTabDeps {
  /** `save` persists and applies; it also starts the rebuild a model or chunking change needs (already agreed to). */
  settings: SettingsPort;
  status: IndexStatusPort;
  /** A client for the URL being tested, which may not be saved yet. */
  connect: (url: string) => ConnectionPort;
}

/**
 * Shared by the settings sections: reads settings, saves changes (asking first when they force a rebuild), and
 * scopes work to the tab being open (a connection check, the live index status).
 */
export class SettingsContext {
  private session = new AbortController();

  constructor(
    readonly app: App,
    readonly deps: SettingsTabDeps,
  ) {}

  get(): PluginSettings {
    return this.deps.settings.get();
  }

  /** Aborted when the tab closes or is drawn again. */
  get signal(): AbortSignal {
    return this.session.signal;
  }

  /** Runs `fn` when the tab closes or is drawn again. */
  onClose(fn: () => void): void {
    this.session.signal.addEventListener("abort", fn, { once: true });
  }

  /** Ends the current session's work; a new session starts for the next drawing. */
  restart(): void {
    this.session.abort();
    this.session = new AbortController();
  }

  /**
   * Applies `change` to a copy of the settings and saves it. A change of model or chunking is confirmed first;
   * resolves false when the user declines, and nothing is saved.
   */
  async update(change: (draft: PluginSettings) => void): Promise<boolean> {
    const prev = this.get();
    const draft = structuredClone(prev);
    change(draft);
    const next = normalizeSettings(draft).settings;
    const { reasons } = settingsCost(prev, next);
    if (reasons.length > 0) {
      const yes = await confirmAction(this.app, {
        title: "Rebuild the index?",
        lines: [...reasons, "Notes stay searchable by keyword while the index is rebuilt."],
        confirmText: "Change and rebuild",
      });
      if (!yes) return false;
    }
    await this.deps.settings.save(next);
    return true;
  }
}
