import { afterEach, describe, expect, it, vi } from "vitest";
import { Plugin } from "obsidian";
import { createTestApp, type TestApp } from "../../fakes/obsidian";
import type * as O from "obsidian";
import { ChunkIndex } from "../../../src/core/index/chunk-index";
import type { ChunkedNote } from "../../../src/core/types";
import { relatedPortOver } from "../../../src/ui/ports";
import { findRelatedNotes } from "../../../src/core/search/related-notes";
import { RelatedWarmth } from "../../../src/core/session/related-warmth";
import { activateRelatedView, registerRelatedView, RELATED_VIEW_TYPE, type RelatedViewDeps } from "../../../src/ui/related/related-view";
import { FakeStatus, MemorySettings } from "../fake-ports";

const FILES = {
  "A.md": "# A\n\nAbout gardens. See [[Linked]].\n",
  "B.md": "# B\n\nGarden soil.\n",
  "C.md": "# C\n\nDatabases.\n",
  "Linked.md": "# Linked\n\nGarden beds.\n",
  "Z.md": "# Z\n\nNot indexed yet.\n",
  "Private/P.md": "# P\n\nSecret.\n",
};

function note(path: string, text: string): ChunkedNote {
  const title = path.replace(/\.md$/, "");
  return {
    path,
    meta: { title, aliases: [], tags: [], links: [] },
    chunks: [{ id: `${path}#0`, path, ordinal: 0, headingPath: [title, "Body"], text, startLine: 2, endLine: 2, tokens: 3 }],
  };
}

let deps: RelatedViewDeps;
class TestPlugin extends Plugin {
  override onload(): void {
    registerRelatedView(this, deps);
  }
}
const manifest: O.PluginManifest = { id: "hvs-test", name: "Test", author: "t", version: "1", minAppVersion: "1.5.0", description: "d" };

let t: TestApp;
afterEach(() => t.dispose());

async function setup() {
  t = createTestApp(FILES);
  await t.startup();
  const index = new ChunkIndex(2);
  index.addNote(note("A.md", "About gardens."), [Float32Array.from([1, 0])]);
  index.addNote(note("B.md", "Garden soil."), [Float32Array.from([0.9, 0.1])]);
  index.addNote(note("C.md", "Databases."), [Float32Array.from([0, 1])]);
  index.addNote(note("Linked.md", "Garden beds."), [Float32Array.from([0.99, 0.01])]);
  const status = new FakeStatus();
  const settings = new MemorySettings();
  // Rank by vectors alone, so the expected orders follow from the vectors above (fusion is tested in core).
  settings.current.search.weights.bm25 = 0;
  deps = { related: relatedPortOver({ related: (p, o) => findRelatedNotes(index, p, o) }, (p) => p.startsWith("Private/")), status, settings, debounceMs: 0 };
  const plugin = await t.loadPlugin(TestPlugin, manifest);
  await t.openFile("A.md");
  await activateRelatedView(plugin);
  const leaf = t.app.workspace.getLeavesOfType(RELATED_VIEW_TYPE)[0];
  if (!leaf) throw new Error("view not open");
  return { index, status, settings, el: leaf.view.containerEl };
}

const paths = (el: HTMLElement) => [...el.querySelectorAll(".hvs-related-item")].map((i) => i.getAttr("data-path"));
const message = (el: HTMLElement) => el.querySelector(".hvs-related-empty, .hvs-related-notice")?.getText();
const button = (el: HTMLElement, cls: string) => el.querySelector<HTMLElement>(cls);

describe("RelatedView", () => {
  it("lists the active note's neighbours by stored vectors, without the note itself", async () => {
    const { el } = await setup();
    expect(paths(el)).toEqual(["Linked.md", "B.md", "C.md"]);
    const first = el.querySelector(".hvs-related-item");
    expect(first?.querySelector(".hvs-related-similarity")?.getText()).toBe("100%");
    expect(first?.querySelector(".hvs-excerpt")?.getText()).toBe("Garden beds.");
    expect(first?.querySelector(".hvs-related-heading")?.getText()).toBe("Body");
    expect(el.querySelector(".hvs-related-target")?.getText()).toBe("Related to A");
  });

  it("follows the active note", async () => {
    const { el } = await setup();
    await t.openFile("C.md");
    await vi.waitFor(() => expect(paths(el)).toEqual(["B.md", "Linked.md", "A.md"]));
  });

  it("hides notes the active note links to, and saves the choice", async () => {
    const { el, settings } = await setup();
    const box = el.querySelector<HTMLInputElement>(".hvs-related-hide-linked input");
    if (!box) throw new Error("no toggle");
    box.checked = true;
    box.dispatchEvent(new Event("change"));
    await vi.waitFor(() => expect(paths(el)).toEqual(["B.md", "C.md"]));
    expect(settings.current.related.hideLinked).toBe(true);
  });

  it("stays on a pinned note, and stops updating while paused", async () => {
    const { el } = await setup();
    button(el, ".hvs-related-pin")?.click();
    expect(button(el, ".hvs-related-pin")?.getText()).toBe("Unpin");
    await t.openFile("C.md");
    await t.idle();
    expect(el.querySelector(".hvs-related-target")?.getText()).toBe("Related to A");
    button(el, ".hvs-related-pin")?.click();
    await vi.waitFor(() => expect(el.querySelector(".hvs-related-target")?.getText()).toBe("Related to C"));
    button(el, ".hvs-related-pause")?.click();
    await t.openFile("B.md");
    await t.idle();
    expect(el.querySelector(".hvs-related-target")?.getText()).toBe("Related to C");
    button(el, ".hvs-related-pause")?.click();
    expect(el.querySelector(".hvs-related-target")?.getText()).toBe("Related to B");
  });

  it("opens a note on click, previews it on hover, and drags a link", async () => {
    const { el } = await setup();
    const item = el.querySelector<HTMLElement>('.hvs-related-item[data-path="B.md"]');
    if (!item) throw new Error("no item");
    item.dispatchEvent(new Event("mouseover"));
    expect(t.hoverLinks[t.hoverLinks.length - 1]).toMatchObject({ source: RELATED_VIEW_TYPE, linktext: "B.md", targetEl: item, sourcePath: "A.md" });
    const data = new Map<string, string>();
    const drag = Object.assign(new Event("dragstart"), { dataTransfer: { setData: (k: string, v: string) => data.set(k, v) } });
    item.dispatchEvent(drag);
    expect(data.get("text/plain")).toBe("[[B]]");
    expect(item.getAttr("draggable")).toBe("true");
    item.click();
    await vi.waitFor(() => expect(t.app.workspace.getActiveFile()?.path).toBe("B.md"));
  });

  it("says why a note has no list, and refreshes when the index reaches it", async () => {
    const { el, index, status } = await setup();
    await t.openFile("Z.md");
    await vi.waitFor(() => expect(message(el)).toContain("not indexed yet"));
    index.addNote(note("Z.md", "Now indexed."));
    status.emit({ phase: "indexing", currentFile: "Z.md" });
    await vi.waitFor(() => expect(message(el)).toContain("No embeddings for this note yet"));
    await t.openFile("Private/P.md");
    await vi.waitFor(() => expect(message(el)).toContain("excluded from indexing"));
    expect(paths(el)).toEqual([]);
  });
});

/** A cursor the test moves by hand. */
class FakeCursor {
  at: { path: string; line: number } | undefined;
  private readonly listeners = new Set<() => void>();
  line(path: string): number | undefined {
    return this.at?.path === path ? this.at.line : undefined;
  }
  onMove(cb: () => void): () => void {
    this.listeners.add(cb);
    return () => this.listeners.delete(cb);
  }
  move(path: string, line: number): void {
    this.at = { path, line };
    for (const cb of this.listeners) cb();
  }
}

describe("RelatedView, section under the cursor", () => {
  async function sectionSetup() {
    t = createTestApp({ "M.md": "# M\n\n## Garden\n\nroses\n\n## Databases\n\nindexes\n", "F.md": "# F\n", "S.md": "# S\n" });
    await t.startup();
    const index = new ChunkIndex(2);
    index.addNote(
      {
        path: "M.md",
        meta: { title: "M", aliases: [], tags: [], links: [] },
        chunks: [
          { id: "M.md#0", path: "M.md", ordinal: 0, headingPath: ["M", "Garden"], text: "roses", startLine: 2, endLine: 5, tokens: 1 },
          { id: "M.md#1", path: "M.md", ordinal: 1, headingPath: ["M", "Databases"], text: "indexes", startLine: 6, endLine: 8, tokens: 1 },
        ],
      },
      [Float32Array.from([1, 0]), Float32Array.from([0, 1])],
    );
    index.addNote(note("F.md", "tulips"), [Float32Array.from([0.95, 0.05])]);
    index.addNote(note("S.md", "queries"), [Float32Array.from([0.1, 0.9])]);
    const settings = new MemorySettings();
    settings.current.search.weights.bm25 = 0;
    settings.current.related.followSection = true;
    const cursor = new FakeCursor();
    cursor.at = { path: "M.md", line: 4 };
    deps = { related: relatedPortOver({ related: (p, o) => findRelatedNotes(index, p, o) }), status: new FakeStatus(), settings, debounceMs: 0, cursor, cursorDebounceMs: 500 };
    const plugin = await t.loadPlugin(TestPlugin, manifest);
    await t.openFile("M.md");
    await activateRelatedView(plugin);
    const leaf = t.app.workspace.getLeavesOfType(RELATED_VIEW_TYPE)[0];
    if (!leaf) throw new Error("view not open");
    await vi.waitFor(() => expect(paths(leaf.view.containerEl)[0]).toBe("F.md"));
    return { el: leaf.view.containerEl, cursor, settings };
  }

  it("follows the cursor into another section once it rests there", async () => {
    const { el, cursor } = await sectionSetup();
    expect(el.querySelector(".hvs-related-target")?.getText()).toBe("Related to M › Garden");
    vi.useFakeTimers();
    try {
      cursor.move("M.md", 7);
      vi.advanceTimersByTime(300);
      // Moving on restarts the wait: the list follows where the cursor rests, not every line it passes.
      cursor.move("M.md", 8);
      vi.advanceTimersByTime(499);
      expect(paths(el)[0]).toBe("F.md");
      vi.advanceTimersByTime(1);
      expect(paths(el)[0]).toBe("S.md");
      expect(el.querySelector(".hvs-related-target")?.getText()).toBe("Related to M › Databases");
      // A move inside the shown section changes nothing and schedules nothing.
      cursor.move("M.md", 6);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it("lists for the whole note when the section toggle is off", async () => {
    const { el } = await sectionSetup();
    const box = el.querySelector<HTMLInputElement>(".hvs-related-follow-section input");
    if (!box) throw new Error("no section toggle");
    expect(box.checked).toBe(true);
    box.checked = false;
    box.dispatchEvent(new Event("change"));
    await vi.waitFor(() => expect(el.querySelector(".hvs-related-target")?.getText()).toBe("Related to M"));
  });
});

describe("RelatedView, readable scores and hidden links", () => {
  it("shows a match that never grows down the list, though the closest pairs' cosines don't follow the fused order", async () => {
    t = createTestApp({ "Compost.md": "# Compost\n", "Compost bins.md": "# Compost bins\n", "Soil.md": "# Soil\n", "Compost tea.md": "# Compost tea\n" });
    await t.startup();
    const index = new ChunkIndex(2);
    const one = (path: string, text: string, v: number[]) => index.addNote(note(path, text), [Float32Array.from(v)]);
    one("Compost.md", "compost heap turning", [1, 0]);
    one("Compost bins.md", "bins for the heap", [0.6, 0.8]);
    one("Soil.md", "loam", [0.99, 0.1]);
    one("Compost tea.md", "brewing", [0.7, 0.7]);
    deps = { related: relatedPortOver({ related: (p, o) => findRelatedNotes(index, p, o) }), status: new FakeStatus(), settings: new MemorySettings(), debounceMs: 0 };
    const plugin = await t.loadPlugin(TestPlugin, manifest);
    await t.openFile("Compost.md");
    await activateRelatedView(plugin);
    const el = t.app.workspace.getLeavesOfType(RELATED_VIEW_TYPE)[0]?.view.containerEl;
    if (!el) throw new Error("view not open");
    await vi.waitFor(() => expect(paths(el).length).toBe(3));
    expect(paths(el).indexOf("Soil.md")).toBeGreaterThan(0);
    const shown = [...el.querySelectorAll(".hvs-related-similarity")].map((s) => Number.parseInt(s.getText(), 10));
    expect(shown.length).toBe(3);
    for (let i = 1; i < shown.length; i++) expect(shown[i]).toBeLessThanOrEqual(shown[i - 1]!);
  });

  it("keeps the hide-linked toggle in view and says how many linked notes it hides", async () => {
    const { el } = await setup();
    const box = el.querySelector<HTMLInputElement>(".hvs-related-hide-linked input");
    if (!box) throw new Error("no toggle");
    expect(el.querySelector(".hvs-related-hide-linked")?.getText()).toContain("Hide linked");
    expect(el.querySelector(".hvs-related-hidden")?.getText()).toBe("");
    box.checked = true;
    box.dispatchEvent(new Event("change"));
    await vi.waitFor(() => expect(el.querySelector(".hvs-related-hidden")?.getText()).toBe("1 linked note hidden"));
  });

  it("keeps a line on top while Ollama can't be reached, listing from the stored embeddings, and drops it once Ollama answers", async () => {
    const { el, status } = await setup();
    const outage = () => el.querySelector(".hvs-related-outage")?.getText();
    expect(outage()).toBeUndefined();
    status.emit({ phase: "error", lastError: { code: "OLLAMA_UNREACHABLE", message: "Can't reach Ollama at http://127.0.0.1:11434. Is it running?" } });
    await vi.waitFor(() => expect(outage()).toMatch(/^Ollama isn't reachable: related notes come from the embeddings already in the index/));
    // The list is the one the stored vectors give: Ollama is not needed for it.
    expect(paths(el)).toEqual(["Linked.md", "B.md", "C.md"]);
    // It stays when another note opens, and above the list, not in place of it.
    await t.openFile("C.md");
    await vi.waitFor(() => expect(paths(el)).toEqual(["B.md", "Linked.md", "A.md"]));
    expect((el.querySelector(".hvs-related-list")?.children[0] as HTMLElement | undefined)?.className).toBe("hvs-related-outage");
    // "No embedding model is set up" is a setting to fix, not an outage: no line for it.
    status.emit({ phase: "idle", lastError: { code: "OLLAMA_UNREACHABLE", message: "No embedding model is set up." } });
    await vi.waitFor(() => expect(outage()).toBeUndefined());
    status.emit({ phase: "error", lastError: { code: "OLLAMA_TIMEOUT", message: "Ollama did not answer in 30 s." } });
    await vi.waitFor(() => expect(outage()).toBeDefined());
    status.emit({ phase: "idle", lastError: undefined });
    await vi.waitFor(() => expect(outage()).toBeUndefined());
  });
});

describe("RelatedView, the first list after a restart", () => {
  async function warmSetup(warmth: (index: ChunkIndex) => { ready(): boolean; warm(): Promise<void> }) {
    t = createTestApp(FILES);
    await t.startup();
    const index = new ChunkIndex(2);
    index.addNote(note("A.md", "About gardens."), [Float32Array.from([1, 0])]);
    index.addNote(note("B.md", "Garden soil."), [Float32Array.from([0.9, 0.1])]);
    // More chunks than a list counts itself, so that the view waits, and the counting pauses; without vectors, the
    // note is in no vector list.
    const big = note("Big.md", "");
    big.chunks = Array.from({ length: 2600 }, (_, i) => ({ ...big.chunks[0]!, id: `Big.md#${i}`, ordinal: i, text: `Part ${i}` }));
    index.addNote(big);
    const settings = new MemorySettings();
    settings.current.search.weights.bm25 = 0;
    const source = { related: (p: string, o: Parameters<typeof findRelatedNotes>[2]) => findRelatedNotes(index, p, o), relatedWarmth: warmth(index) };
    deps = { related: relatedPortOver(source), status: new FakeStatus(), settings, debounceMs: 0 };
    const plugin = await t.loadPlugin(TestPlugin, manifest);
    await t.openFile("A.md");
    await activateRelatedView(plugin);
    const leaf = t.app.workspace.getLeavesOfType(RELATED_VIEW_TYPE)[0];
    if (!leaf) throw new Error("view not open");
    return { index, el: leaf.view.containerEl };
  }

  it("says it is preparing while the shared texts are counted in slices, then lists", async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { index, el } = await warmSetup((i) => new RelatedWarmth({ index: () => i, stopped: () => false, pause: () => gate }));
    expect(index.textShare.settled).toBe(false);
    await vi.waitFor(() => expect(message(el)).toBe("Preparing related notes…"));
    expect(paths(el)).toEqual([]);
    release();
    await vi.waitFor(() => expect(paths(el)).toEqual(["B.md"]));
    expect(index.textShare.settled).toBe(true);
  });

  it("lists after one warm-up even when the work is still not done (a replaced index), without warming again", async () => {
    let warms = 0;
    const { el } = await warmSetup(() => ({ ready: () => false, warm: async () => void warms++ }));
    await vi.waitFor(() => expect(paths(el)).toEqual(["B.md"]));
    expect(warms).toBe(1);
  });
});
