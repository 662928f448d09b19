/** What the search modal's tests share: a test app with three notes, a modal over a fake search, and key presses. */
import { afterEach } from "vitest";
import { createTestApp, type TestApp } from "../../fakes/obsidian";
import { defaultSettings } from "../../../src/core/settings/plugin-settings";
import { SearchModal } from "../../../src/ui/search/search-modal";
import { FakeSearch } from "../fake-search";
import { ManualTimers } from "../fake-timers";

/** A keydown as the browser would send it (Node has no KeyboardEvent). */
class Key extends Event {
  readonly altKey = false;
  readonly metaKey = false;
  readonly isComposing = false;
  constructor(
    readonly key: string,
    readonly mods: { ctrlKey?: boolean; shiftKey?: boolean } = {},
  ) {
    super("keydown", { cancelable: true });
  }
  get ctrlKey(): boolean {
    return this.mods.ctrlKey ?? false;
  }
  get shiftKey(): boolean {
    return this.mods.shiftKey ?? false;
  }
}

const FILES = {
  "Garden.md": "# Garden\n\nTomatoes need sun.\n\n## Soil\n\nCompost helps.\n",
  "Soil.md": "Soil notes.\n",
  "Draft.md": "Writing here: \n",
};

let t: TestApp | undefined;
afterEach(() => {
  t?.dispose();
  t = undefined;
});

/** The app of the running test; `setup` makes it. */
export function testApp(): TestApp {
  if (!t) throw new Error("call setup() first");
  return t;
}

export function setup(keywordPaths: (q: string) => string[] = () => ["Garden.md", "Soil.md"]) {
  t = createTestApp(FILES);
  const search = new FakeSearch(keywordPaths);
  const timers = new ManualTimers();
  const settings = defaultSettings();
  // Frames are painted when the test says so.
  const frames: (() => void)[] = [];
  const paint = (): void => frames.splice(0).forEach((fn) => fn());
  const modal = new SearchModal(t.app, { search, settings: () => settings, timers, afterPaint: (fn) => frames.push(fn) });
  return { search, timers, modal, settings, paint };
}

export function type(modal: SearchModal, text: string): void {
  modal.inputEl.value = text;
  modal.inputEl.dispatchEvent(new Event("input"));
}

export const titles = (m: SearchModal) => [...m.resultContainerEl.querySelectorAll(".hvs-result-title")].map((el) => el.getText());
export const selectedTitle = (m: SearchModal) => m.resultContainerEl.querySelector(".is-selected .hvs-result-title")?.getText();
export const statusLine = (m: SearchModal) => m.modalEl.querySelector(".hvs-status-line");
export const press = (key: string, mods?: { ctrlKey?: boolean; shiftKey?: boolean }) =>
  testApp().shell.body.dispatchEvent(new Key(key, mods));
