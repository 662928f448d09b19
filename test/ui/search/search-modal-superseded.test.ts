import { afterEach, expect, it, vi } from "vitest";
import { MarkdownView } from "obsidian";
import { createTestApp, type TestApp } from "../../fakes/obsidian";
import { defaultSettings } from "../../../src/core/settings/plugin-settings";
import { SearchModal } from "../../../src/ui/search/search-modal";
import { FakeSearch } from "../fake-search";
import { ManualTimers } from "../fake-timers";
import { response, result } from "../fixtures";

const FILES = {
  "Old plan.md": "---\nsuperseded_by: \"[[New plan]]\"\n---\n# Old plan\n\nThe plan as it was.\n",
  "Plan 2019.md": "---\nstatus: archived\n---\n# Plan 2019\n\nAn older plan.\n",
  "Projects/New plan.md": "# New plan\n\nThe plan now.\n",
};

let t: TestApp;
afterEach(() => t.dispose());

function setup() {
  t = createTestApp(FILES);
  const search = new FakeSearch(() => ["Projects/New plan.md"]);
  // With superseded notes asked for, the engine answers with them, marked.
  search.searchKeyword = (req) => {
    search.keywordCalls.push(req);
    const base = response(req.query, ["Projects/New plan.md"], { mode: "keyword" });
    if (req.includeSuperseded !== true) return base;
    const old = { ...result("Old plan.md"), superseded: true, supersededBy: "New plan", successorPath: "Projects/New plan.md" };
    const archived = { ...result("Plan 2019.md"), superseded: true };
    const gone = { ...result("Older plan.md"), superseded: true, supersededBy: "Missing plan" };
    return { ...base, results: [...base.results, old, archived, gone] };
  };
  const settings = { ...defaultSettings(), search: { ...defaultSettings().search } };
  const modal = new SearchModal(t.app, { search, settings: () => settings, timers: new ManualTimers(), afterPaint: (fn) => fn() });
  return { search, modal };
}

function type(modal: SearchModal, text: string): void {
  modal.inputEl.value = text;
  modal.inputEl.dispatchEvent(new Event("input"));
}

const paths = (m: SearchModal) => [...m.resultContainerEl.querySelectorAll<HTMLElement>(".hvs-result")].map((el) => el.getAttr("data-path"));

it("the Show superseded toggle searches again with superseded notes, each row naming its successor", async () => {
  const { modal, search } = setup();
  modal.open();
  type(modal, "plan");
  expect(search.keywordCalls.at(-1)?.includeSuperseded).not.toBe(true);
  expect(paths(modal)).toEqual(["Projects/New plan.md"]);
  const toggle = modal.modalEl.querySelector<HTMLElement>(".hvs-superseded-toggle");
  expect(toggle?.getText()).toBe("Show superseded");
  expect(toggle?.getAttr("aria-pressed")).toBe("false");
  toggle?.click();
  expect(toggle?.getAttr("aria-pressed")).toBe("true");
  expect(search.keywordCalls.at(-1)).toMatchObject({ query: "plan", includeSuperseded: true });
  expect(paths(modal)).toEqual(["Projects/New plan.md", "Old plan.md", "Plan 2019.md", "Older plan.md"]);
  const rows = [...modal.resultContainerEl.querySelectorAll<HTMLElement>(".hvs-result")];
  expect(rows[0]?.querySelector(".hvs-result-superseded")).toBeNull();
  expect(rows[1]?.querySelector(".hvs-result-superseded")?.getText()).toBe("Superseded by New plan");
  expect(rows[2]?.querySelector(".hvs-result-superseded")?.getText()).toBe("Superseded");
  // A successor the vault doesn't have is named, not linked.
  expect(rows[3]?.querySelector("a.hvs-successor")).toBeNull();
  expect(rows[3]?.querySelector(".hvs-successor.is-unresolved")?.getText()).toBe("Missing plan");
  // The next keystroke keeps the toggle's choice.
  type(modal, "plans");
  expect(search.keywordCalls.at(-1)?.includeSuperseded).toBe(true);
  type(modal, "plan");
  // The successor link opens the successor, not the superseded note.
  modal.resultContainerEl.querySelectorAll<HTMLElement>(".hvs-result")[1]?.querySelector<HTMLElement>("a.hvs-successor")?.click();
  await vi.waitFor(() => expect(t.app.workspace.getActiveViewOfType(MarkdownView)?.file?.path).toBe("Projects/New plan.md"));
});
