import { TEST_CONFIG_DIR } from "../../fakes/obsidian/test-app";
import type { HarnessPage } from "./harness-page";

/**
 * Reading and driving the real plugin's surfaces on a harness page, by what a user sees: the status bar, the
 * workspace tabs and the editor. Each reader takes one `page.evaluate`, so what it returns is one consistent moment.
 */

/** The plugin's id, as in manifest.json. */
export const PLUGIN_ID = "hybrid-vault-search";

/** The plugin's commands by their short id. */
export const COMMANDS = {
  search: `${PLUGIN_ID}:search-vault`,
  related: `${PLUGIN_ID}:open-related-notes`,
  rebuild: `${PLUGIN_ID}:rebuild-index`,
  pause: `${PLUGIN_ID}:pause-or-resume-indexing`,
  status: `${PLUGIN_ID}:show-index-status`,
} as const;

/** Where the plugin keeps its settings in the page's vault. */
export const DATA_JSON = `${TEST_CONFIG_DIR}/plugins/${PLUGIN_ID}/data.json`;

/** The status bar item: its text and its `data-state` ("busy", "ready", "paused" or "error"). */
export async function statusBar(h: HarnessPage): Promise<{ text: string; state: string }> {
  return h.page.evaluate(() => {
    const el = document.querySelector(".status-bar .hvs-status-bar");
    return { text: el?.textContent ?? "", state: el?.getAttribute("data-state") ?? "" };
  });
}

/** What `waitForIndex` waits for. */
export interface IndexWait {
  /** The number of notes the index must hold. Default: any. */
  notes?: number;
  /** Also wait until no chunk waits for its embedding. Default true. */
  embedded?: boolean;
  /** Default 30 000 ms: the first page of a run also warms up the browser. */
  timeoutMs?: number;
}

/** Waits until the status bar says the index is ready (with every chunk embedded, unless told otherwise). */
export async function waitForIndex(h: HarnessPage, wait: IndexWait = {}): Promise<void> {
  const notes = wait.notes === undefined ? undefined : `${wait.notes.toLocaleString("en-US")} note`;
  await h.waitFor(
    async () => {
      const bar = await statusBar(h);
      if (bar.state !== "ready") return false;
      if ((wait.embedded ?? true) && bar.text.includes("to embed")) return false;
      return notes === undefined || bar.text.includes(`· ${notes}`);
    },
    { message: `the index to be ready${notes === undefined ? "" : ` with ${notes}s`}`, timeoutMs: wait.timeoutMs ?? 30_000 },
  );
}

/** The active Markdown editor: its note, text, cursor line and every line it was asked to scroll to. */
export interface EditorState {
  path: string | null;
  text: string;
  cursorLine: number;
  cursorCh: number;
  scrolledTo: number[];
}

/** The active editor's state, or `null` when the active tab shows no note. */
export function editorState(h: HarnessPage): Promise<EditorState | null> {
  return h.page.evaluate(() => {
    const view = window.__harness?.testApp?.fake.workspace.activeEditor;
    if (!view) return null;
    const cursor = view.editor.getCursor();
    return {
      path: view.file?.path ?? null,
      text: view.editor.getValue(),
      cursorLine: cursor.line,
      cursorCh: cursor.ch,
      scrolledTo: view.editor.scrollHistory.map((s) => s.range.from.line),
    };
  });
}

/** Puts the active editor's cursor at a line and column. */
export async function setCursor(h: HarnessPage, line: number, ch: number): Promise<void> {
  await h.page.evaluate(([l, c]) => window.__harness?.testApp?.fake.workspace.activeEditor?.editor.setCursor(l, c), [line, ch] as const);
}

/** The notes open in the main area's tabs, in tab order (`null` for an empty tab). */
export function mainTabs(h: HarnessPage): Promise<(string | null)[]> {
  return h.page.evaluate(() => {
    const workspace = window.__harness?.testApp?.fake.workspace;
    if (!workspace) return [];
    return workspace.leavesIn(workspace.rootSplit).map((leaf) => {
      const file = (leaf.view as { file?: { path: string } | null }).file;
      return file?.path ?? null;
    });
  });
}

/** The plugin's saved settings (data.json), parsed; `null` when none were saved. */
export async function savedSettings(h: HarnessPage): Promise<Record<string, unknown> | null> {
  const exists = await h.page.evaluate((path) => window.__harness?.testApp?.fake.vault.adapter.exists(path), DATA_JSON);
  if (exists !== true) return null;
  return JSON.parse(await h.readFile(DATA_JSON)) as Record<string, unknown>;
}

/** The 0-based line of the first line of `text` equal to `line`, or -1. */
export function lineOf(text: string, line: string): number {
  return text.split("\n").indexOf(line);
}

/** The plugin's settings row named `name` (exact text), on an open settings tab. */
export function settingRow(h: HarnessPage, name: string) {
  return h.page
    .locator(".hvs-settings .setting-item")
    .filter({ has: h.page.locator(".setting-item-name", { hasText: new RegExp(`^${name}$`) }) });
}
