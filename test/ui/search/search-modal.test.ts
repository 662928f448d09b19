import { afterEach, describe, expect, it, vi } from "vitest";
import { MarkdownView } from "obsidian";
import { createTestApp, setPlatform, type TestApp } from "../../fakes/obsidian";
import { defaultSettings } from "../../../src/core/settings/plugin-settings";
import { SearchModal } from "../../../src/ui/search/search-modal";
import { FakeSearch } from "../fake-search";
import { ManualTimers } from "../fake-timers";
import { result } from "../fixtures";

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

let t: TestApp;
afterEach(() => t.dispose());

function setup(keywordPaths: (q: string) => string[] = () => ["Garden.md", "Soil.md"]) {
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

function type(modal: SearchModal, text: string): void {
  modal.inputEl.value = text;
  modal.inputEl.dispatchEvent(new Event("input"));
}

const titles = (m: SearchModal) => [...m.resultContainerEl.querySelectorAll(".hvs-result-title")].map((el) => el.getText());
const selectedTitle = (m: SearchModal) => m.resultContainerEl.querySelector(".is-selected .hvs-result-title")?.getText();
const statusLine = (m: SearchModal) => m.modalEl.querySelector(".hvs-status-line");
const press = (key: string, mods?: { ctrlKey?: boolean; shiftKey?: boolean }) => t.shell.body.dispatchEvent(new Key(key, mods));

describe("SearchModal", () => {
  it("shows keyword results with highlighted excerpts as the user types", () => {
    const { modal, search } = setup();
    search.searchKeyword = (req) => ({
      ...FakeSearch.prototype.searchKeyword.call(search, req),
      results: [result("Garden.md", "Tomatoes need <b>sun</b> and tomato care", 4)],
    });
    modal.open();
    type(modal, "tomato");
    expect(titles(modal)).toEqual(["Garden"]);
    const excerpt = modal.resultContainerEl.querySelector(".hvs-excerpt");
    expect([...(excerpt?.querySelectorAll("mark") ?? [])].map((m) => m.getText())).toEqual(["Tomatoes", "tomato"]);
    // Markup in a note stays text.
    expect(excerpt?.getText()).toContain("<b>sun</b>");
    expect(excerpt?.querySelector("b")).toBeNull();
    expect(modal.resultContainerEl.querySelector(".hvs-result-heading")?.getText()).toBe("Section");
    expect(modal.resultContainerEl.querySelector(".hvs-result-tag")?.getText()).toBe("#topic");
    expect(statusLine(modal)?.getText()).toBe("Searching by meaning…");
  });

  it("draws the first ten rows with the keystroke and the rest after the next paint", async () => {
    const many = (q: string) => Array.from({ length: 25 }, (_, i) => `${q.trim()}-${i}.md`);
    const { modal, search, timers, settings, paint } = setup(many);
    settings.search.limit = 25;
    modal.open();
    const drawn = () => titles(modal).filter((x) => x !== "");
    const rows = () => modal.resultContainerEl.querySelectorAll(".suggestion-item").length;
    type(modal, "a");
    expect(rows()).toBe(25);
    expect(drawn()).toEqual(Array.from({ length: 10 }, (_, i) => `a-${i}`));
    type(modal, "b");
    paint();
    expect(drawn()).toEqual(Array.from({ length: 25 }, (_, i) => `b-${i}`));
    expect(modal.resultContainerEl.querySelectorAll(".hvs-excerpt")).toHaveLength(25);
    // Late results replace the list in place: every row at once, so its height does not change under the reader.
    timers.fireAll();
    await search.answer(Array.from({ length: 25 }, (_, i) => `fused-${i}.md`));
    expect(drawn()).toHaveLength(25);
  });

  it("leaves the rows alone when the late results would draw the same rows, but updates the status line", async () => {
    const { modal, search, timers } = setup(() => ["Garden.md", "Soil.md"]);
    modal.open();
    type(modal, "soil");
    const first = modal.resultContainerEl.querySelector(".suggestion-item");
    timers.fireAll();
    await search.answer(["Garden.md", "Soil.md"]);
    expect(modal.resultContainerEl.querySelector(".suggestion-item")).toBe(first);
    expect(statusLine(modal)?.hasClass("hvs-hidden")).toBe(true);
    type(modal, "soil care");
    const before = modal.resultContainerEl.querySelector(".suggestion-item");
    timers.fireAll();
    await search.answer(["Soil.md", "Garden.md"]);
    expect(modal.resultContainerEl.querySelector(".suggestion-item")).not.toBe(before);
    expect(titles(modal)).toEqual(["Soil", "Garden"]);
  });

  it("replaces keyword results with fused ones without moving the selection off its note", async () => {
    const { modal, search, timers } = setup(() => ["Garden.md", "Soil.md", "Draft.md"]);
    modal.open();
    type(modal, "soil care");
    press("ArrowDown");
    expect(selectedTitle(modal)).toBe("Soil");
    timers.fireAll();
    await search.answer(["Draft.md", "Garden.md", "Soil.md"]);
    expect(titles(modal)).toEqual(["Draft", "Garden", "Soil"]);
    expect(selectedTitle(modal)).toBe("Soil");
    expect(statusLine(modal)?.hasClass("hvs-hidden")).toBe(true);
  });

  it("keeps the same row selected when the selected note drops out", async () => {
    const { modal, search, timers } = setup(() => ["Garden.md", "Soil.md"]);
    modal.open();
    type(modal, "soil");
    press("ArrowDown");
    timers.fireAll();
    await search.answer(["Draft.md", "Garden.md"]);
    expect(selectedTitle(modal)).toBe("Garden");
  });

  it("says on a visible line that Ollama isn't reachable and keyword results come from the index, and keeps working", async () => {
    const { modal, search, timers, settings } = setup();
    settings.ollamaUrl = "http://192.168.1.5:11434";
    modal.open();
    type(modal, "garden");
    timers.fireAll();
    await search.answer(["Garden.md"], {
      effectiveMode: "keyword",
      notices: [
        {
          code: "KEYWORD_FALLBACK",
          message: "Keyword results only: Can't reach Ollama.",
          error: { code: "OLLAMA_UNREACHABLE", message: "Can't reach Ollama at http://192.168.1.5:11434. Is it running?" },
        },
      ],
    });
    expect(statusLine(modal)?.getText()).toBe("Ollama isn't reachable at http://192.168.1.5:11434: showing keyword results from the index.");
    type(modal, "garden s");
    expect(titles(modal)).toEqual(["Garden", "Soil"]);
    // The known outage stays on screen while the next full search runs.
    expect(statusLine(modal)?.getText()).toBe("Ollama isn't reachable at http://192.168.1.5:11434: showing keyword results from the index.");
  });

  it("switches mode with the toggle and shows the mode a prefix picked", () => {
    const { modal, search, timers } = setup();
    modal.open();
    type(modal, "s: meaning");
    const active = () => modal.modalEl.querySelector(".hvs-mode-toggle .is-active")?.getAttr("data-mode");
    expect(active()).toBe("semantic");
    modal.modalEl.querySelector<HTMLElement>('.hvs-mode-button[data-mode="keyword"]')?.click();
    expect(modal.inputEl.value).toBe("meaning");
    expect(active()).toBe("keyword");
    expect(timers.waiting).toEqual([]);
    expect(search.keywordCalls[search.keywordCalls.length - 1]?.query).toBe("meaning");
  });

  it("shows ranks and the fused score when Explain is on", () => {
    const { modal } = setup();
    modal.open();
    type(modal, "garden");
    expect(modal.resultContainerEl.querySelector(".hvs-explain")).toBeNull();
    modal.modalEl.querySelector<HTMLElement>(".hvs-explain-toggle")?.click();
    expect(modal.resultContainerEl.querySelector(".hvs-explain")?.getText()).toBe("BM25 #1 · fused 0.0500 (k 20)");
  });

  it("opens the chosen note at its chunk's line with Enter, and in a new tab with Mod+Enter", async () => {
    const { modal, search } = setup();
    search.searchKeyword = (req) => ({
      ...FakeSearch.prototype.searchKeyword.call(search, req),
      results: [result("Garden.md", "Compost helps.", 6)],
    });
    modal.open();
    type(modal, "compost");
    press("Enter");
    await vi.waitFor(() => expect(t.app.workspace.getActiveViewOfType(MarkdownView)?.file?.path).toBe("Garden.md"));
    expect(t.app.workspace.getActiveViewOfType(MarkdownView)?.editor.getCursor().line).toBe(6);
    const leaves = t.app.workspace.getLeavesOfType("markdown").length;
    const again = new SearchModal(t.app, { search: new FakeSearch(() => ["Soil.md"]), settings: defaultSettings, timers: new ManualTimers() });
    again.open();
    type(again, "soil");
    press("Enter", { ctrlKey: true });
    await vi.waitFor(() => expect(t.app.workspace.getActiveFile()?.path).toBe("Soil.md"));
    expect(t.app.workspace.getLeavesOfType("markdown").length).toBe(leaves + 1);
  });

  it("inserts a link at the cursor with Shift+Enter", async () => {
    const { modal } = setup(() => ["Soil.md"]);
    await t.openFile("Draft.md");
    const editor = t.app.workspace.activeEditor?.editor;
    editor?.setCursor({ line: 0, ch: 14 });
    modal.open();
    type(modal, "soil");
    press("Enter", { shiftKey: true });
    expect(editor?.getValue()).toBe("Writing here: [[Soil]]\n");
    expect(t.app.workspace.getActiveFile()?.path).toBe("Draft.md");
  });

  it("invites typing before the first keystroke and says when nothing matches", () => {
    const { modal } = setup(() => []);
    modal.open();
    expect(modal.resultContainerEl.getText()).toBe("Type to search your notes.");
    type(modal, "zzz");
    expect(modal.resultContainerEl.getText()).toBe("No matching notes.");
  });

  it("aborts the running search when closed", () => {
    const { modal, search, timers } = setup();
    modal.open();
    type(modal, "garden");
    timers.fireAll();
    modal.close();
    expect(search.searches[0]?.req.signal?.aborted).toBe(true);
  });

  it("marks the list as a listbox of options, the selected one aria-selected and named by the search box", () => {
    const { modal } = setup(() => ["Garden.md", "Soil.md", "Draft.md"]);
    modal.open();
    type(modal, "soil");
    const list = modal.resultContainerEl;
    const rows = [...list.querySelectorAll(".suggestion-item")];
    expect(list.getAttr("role")).toBe("listbox");
    expect(modal.inputEl.getAttr("aria-controls")).toBe(list.id);
    expect(rows.map((r) => r.getAttr("role"))).toEqual(["option", "option", "option"]);
    const selected = () => rows.map((r) => r.getAttr("aria-selected"));
    expect(selected()).toEqual(["true", "false", "false"]);
    press("ArrowUp");
    expect(selected()).toEqual(["false", "false", "true"]);
    expect(selectedTitle(modal)).toBe("Draft");
    expect(modal.inputEl.getAttr("aria-activedescendant")).toBe(rows[2]?.id);
    expect(new Set(rows.map((r) => r.id)).size).toBe(3);
  });

  it("selects the row under the pointer and opens the clicked one", async () => {
    const { modal } = setup(() => ["Garden.md", "Soil.md"]);
    modal.open();
    type(modal, "soil");
    const rows = [...modal.resultContainerEl.querySelectorAll(".suggestion-item")];
    rows[1]?.dispatchEvent(new Event("mousemove"));
    expect(selectedTitle(modal)).toBe("Soil");
    rows[0]?.dispatchEvent(Object.assign(new Event("click"), { ctrlKey: false, metaKey: false, shiftKey: false, altKey: false }));
    await vi.waitFor(() => expect(t.app.workspace.getActiveFile()?.path).toBe("Garden.md"));
    expect(modal.containerEl.parentElement).toBeNull();
  });

  it("shows any notice the engine sends and runs a suggested query when it is clicked", async () => {
    const { modal, search, timers } = setup(() => []);
    modal.open();
    type(modal, "tomatoe");
    timers.fireAll();
    await search.answer([], {
      notices: [
        { code: "NO_VECTORS", message: "No embeddings yet." },
        { code: "DID_YOU_MEAN", message: "No matches. Did you mean: tomato", suggestion: "tomato" },
      ],
    });
    const items = [...(statusLine(modal)?.querySelectorAll(".hvs-status-item") ?? [])];
    expect(items.map((el) => el.getText())).toEqual(["No embeddings yet.", "No matches. Did you mean: tomato"]);
    expect(items[1]?.tagName).toBe("BUTTON");
    search.keywordPaths = () => ["Garden.md"];
    (items[1] as HTMLElement).click();
    expect(modal.inputEl.value).toBe("tomato ");
    expect(search.keywordCalls.at(-1)?.query).toBe("tomato ");
    expect(titles(modal)).toEqual(["Garden"]);
    expect(statusLine(modal)?.getText()).toBe("Searching by meaning…");
  });

  it("waits for an input method to commit its text before searching", () => {
    const { modal, search } = setup();
    modal.open();
    modal.inputEl.value = "zhong";
    modal.inputEl.dispatchEvent(Object.assign(new Event("input"), { isComposing: true }));
    expect(search.keywordCalls).toEqual([]);
    expect(modal.resultContainerEl.getText()).toBe("Type to search your notes.");
    modal.inputEl.value = "中国";
    modal.inputEl.dispatchEvent(new Event("compositionend"));
    expect(search.keywordCalls.map((c) => c.query)).toEqual(["中国"]);
    // The input event some browsers send after the composition asks for the same search: nothing new runs.
    type(modal, "中国");
    expect(search.keywordCalls).toHaveLength(1);
  });

  it("leaves text being composed alone when late results for the previous query arrive", async () => {
    const { modal, search, timers } = setup();
    modal.open();
    type(modal, "garden ");
    timers.fireAll();
    modal.inputEl.value = "garden y";
    modal.inputEl.dispatchEvent(Object.assign(new Event("input"), { isComposing: true }));
    await search.answer(["Soil.md"]);
    expect(titles(modal)).toEqual(["Soil"]);
    expect(modal.inputEl.value).toBe("garden y");
  });

  it("keeps the scroll position when late results replace the list, and starts a new query at the top", async () => {
    const { modal, search, timers } = setup(() => ["Garden.md", "Soil.md", "Draft.md"]);
    modal.open();
    type(modal, "soil");
    modal.resultContainerEl.scrollTop = 120;
    timers.fireAll();
    await search.answer(["Draft.md", "Soil.md", "Garden.md"]);
    expect(titles(modal)).toEqual(["Draft", "Soil", "Garden"]);
    expect(modal.resultContainerEl.scrollTop).toBe(120);
    type(modal, "soil c");
    expect(modal.resultContainerEl.scrollTop).toBe(0);
  });

  it("lists its keys in a footer, with the Mac's command key on a Mac", () => {
    const footer = (m: SearchModal) => [...m.modalEl.querySelectorAll(".prompt-instruction")].map((el) => el.getText());
    const { modal } = setup();
    expect(footer(modal)).toEqual([
      "↑↓to navigate",
      "↵to open",
      "Ctrl ↵to open in a new tab",
      "Shift ↵to insert a link",
      "k: s: h: r:keyword, semantic, hybrid or reranked",
      "Escto dismiss",
    ]);
    setPlatform({ isMacOS: true, isLinux: false });
    try {
      const mac = new SearchModal(t.app, { search: new FakeSearch(), settings: defaultSettings, timers: new ManualTimers() });
      expect(footer(mac)[2]).toBe("⌘ ↵to open in a new tab");
    } finally {
      setPlatform();
    }
  });
});
