import { getAllTags, type App } from "obsidian";
import type { Exclusions } from "../core/sync/rules/exclusions";

/**
 * Whether the exclusion settings keep a note out, from its path and Obsidian's metadata cache (its tags), so the
 * related view can say "excluded" instead of "not indexed yet". `rules` is read on every call: settings change.
 */
export function exclusionCheckOf(app: App, rules: () => Exclusions): (path: string) => boolean {
  return (path) => {
    const ex = rules();
    if (ex.byPath(path)) return true;
    const file = app.vault.getFileByPath(path);
    const cache = file ? app.metadataCache.getFileCache(file) : null;
    const tags = cache ? (getAllTags(cache) ?? []) : [];
    // Length is unknown here without reading the note; tags and paths are what users exclude on purpose.
    return ex.byContent({ title: "", aliases: [], tags, links: [] }, Number.MAX_SAFE_INTEGER);
  };
}
