import { describe, expect, it } from "vitest";
import { FakeSearch } from "../fake-search";
import { result } from "../fixtures";
import { press, selectedTitle, setup, statusLine, titles, type } from "./search-modal-harness";

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
});
