import { describe, expect, it, vi } from "vitest";
import { MarkdownView } from "obsidian";
import { setPlatform } from "../../fakes/obsidian";
import { defaultSettings } from "../../../src/core/settings/plugin-settings";
import { SearchModal } from "../../../src/ui/search/search-modal";
import { FakeSearch } from "../fake-search";
import { ManualTimers } from "../fake-timers";
import { result } from "../fixtures";
import { press, selectedTitle, setup, testApp, titles, type } from "./search-modal-harness";

describe("SearchModal keys, pointer and input methods", () => {
  it("opens the chosen note at its chunk's line with Enter, and in a new tab with Mod+Enter", async () => {
    const { modal, search } = setup();
    search.searchKeyword = (req) => ({
      ...FakeSearch.prototype.searchKeyword.call(search, req),
      results: [result("Garden.md", "Compost helps.", 6)],
    });
    modal.open();
    type(modal, "compost");
    press("Enter");
    await vi.waitFor(() => expect(testApp().app.workspace.getActiveViewOfType(MarkdownView)?.file?.path).toBe("Garden.md"));
    expect(testApp().app.workspace.getActiveViewOfType(MarkdownView)?.editor.getCursor().line).toBe(6);
    const leaves = testApp().app.workspace.getLeavesOfType("markdown").length;
    const again = new SearchModal(testApp().app, { search: new FakeSearch(() => ["Soil.md"]), settings: defaultSettings, timers: new ManualTimers() });
    again.open();
    type(again, "soil");
    press("Enter", { ctrlKey: true });
    await vi.waitFor(() => expect(testApp().app.workspace.getActiveFile()?.path).toBe("Soil.md"));
    expect(testApp().app.workspace.getLeavesOfType("markdown").length).toBe(leaves + 1);
  });

  it("inserts a link at the cursor with Shift+Enter", async () => {
    const { modal } = setup(() => ["Soil.md"]);
    await testApp().openFile("Draft.md");
    const editor = testApp().app.workspace.activeEditor?.editor;
    editor?.setCursor({ line: 0, ch: 14 });
    modal.open();
    type(modal, "soil");
    press("Enter", { shiftKey: true });
    expect(editor?.getValue()).toBe("Writing here: [[Soil]]\n");
    expect(testApp().app.workspace.getActiveFile()?.path).toBe("Draft.md");
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
    await vi.waitFor(() => expect(testApp().app.workspace.getActiveFile()?.path).toBe("Garden.md"));
    expect(modal.containerEl.parentElement).toBeNull();
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
      const mac = new SearchModal(testApp().app, { search: new FakeSearch(), settings: defaultSettings, timers: new ManualTimers() });
      expect(footer(mac)[2]).toBe("⌘ ↵to open in a new tab");
    } finally {
      setPlatform();
    }
  });
});
