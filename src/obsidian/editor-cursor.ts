import type { Plugin } from "obsidian";
import type { CursorPort } from "../ui/ports";

/**
 * The cursor of Obsidian's editors as a `CursorPort`. The editor moves the document's selection with its cursor, so
 * the document's `selectionchange` event (registered with the plugin, so it goes when the plugin unloads) reports
 * the moves without a CodeMirror extension in the bundle; the line is read from the active editor.
 */
export function editorCursor(plugin: Plugin): CursorPort {
  const listeners = new Set<() => void>();
  plugin.registerDomEvent(activeDocument, "selectionchange", () => {
    for (const cb of listeners) cb();
  });
  return {
    line(path) {
      const active = plugin.app.workspace.activeEditor;
      if (active?.file?.path !== path || !active.editor) return undefined;
      return active.editor.getCursor("head").line;
    },
    onMove(cb) {
      listeners.add(cb);
      return () => listeners.delete(cb);
    },
  };
}
