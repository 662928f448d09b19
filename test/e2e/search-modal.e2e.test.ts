import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, type HarnessPage, startHarness } from "./harness";
import { repoPath } from "./harness/paths";
import { editorState, mainTabs, setCursor, waitForIndex } from "./harness/plugin-ui";
import { openSearch, searchView, selectedPath, typeQuery, waitForFinal } from "./harness/search-ui";
import { readVaultFolder } from "./harness/vault-fixture";

/** The 0-based line of the heading that ends `trail` ("A › B" → the line "## B" or "### B"). */
function headingLine(text: string, trail: string): number {
  const last = trail.split(" › ").pop() ?? "";
  return text.split("\n").findIndex((line) => /^#{1,6} /.test(line) && line.replace(/^#+ /, "") === last);
}

describe("search modal", () => {
  let harness: Harness;
  let vault: Record<string, string>;

  beforeAll(async () => {
    vault = await readVaultFolder(repoPath("test/e2e/fixtures/vault"));
    harness = await startHarness();
  });
  afterAll(() => harness.close());

  /** A page on the fixture vault with every note indexed and embedded, and Welcome.md open. */
  async function indexedPage(): Promise<HarnessPage> {
    harness.ollama.reset();
    const h = await harness.newPage({ pluginData: { ollamaUrl: harness.ollama.url } });
    await waitForIndex(h, { notes: Object.keys(vault).length });
    await h.openFile("Welcome.md");
    return h;
  }

  it("shows highlighted keyword results at once, keeps the selection when fused results replace them, and opens the choice at its passage", async () => {
    const h = await indexedPage();
    // Hold the query embedding, so the keyword phase can be looked at for as long as needed.
    harness.ollama.setFaults({ hang: true });
    let chosen: string | undefined;
    try {
      await openSearch(h);
      await typeQuery(h, "comfrey");
      const keyword = await searchView(h);
      const withWord = Object.keys(vault).filter((path) => /comfrey/i.test(vault[path] ?? ""));
      expect(keyword.rows.map((r) => r.path).sort()).toEqual(withWord.sort());
      expect(keyword.status).toBe("Searching by meaning…");
      expect(keyword.pending).toBe(true);
      for (const row of keyword.rows) {
        expect(row.marks.length).toBeGreaterThan(0);
        for (const mark of row.marks) expect(mark.toLowerCase()).toBe("comfrey");
      }
      expect(keyword.rows[0]?.selected).toBe(true);
      await h.page.keyboard.press("ArrowDown");
      chosen = keyword.rows[1]?.path;
      expect(await selectedPath(h)).toBe(chosen);
    } finally {
      // The held request is dropped; the client retries it and the fused results arrive.
      harness.ollama.setFaults({ hang: false });
    }

    const fused = await waitForFinal(h);
    expect(fused.status).toBeNull();
    expect(fused.rows.length).toBeGreaterThan(2);
    // The selection stayed on the note chosen during the keyword phase, wherever the fused list put it.
    expect(await selectedPath(h)).toBe(chosen);
    const index = fused.rows.findIndex((r) => r.selected);
    await h.page.keyboard.press("ArrowDown");
    expect(await selectedPath(h)).toBe(fused.rows[index + 1]?.path);
    await h.page.keyboard.press("ArrowUp");
    expect(await selectedPath(h)).toBe(chosen);

    const row = fused.rows[index];
    if (!row || chosen === undefined) throw new Error("no selected row");
    await h.page.keyboard.press("Enter");
    await h.waitFor(async () => (await h.activeFile()) === chosen, { message: `${chosen} to open` });
    expect((await searchView(h)).open).toBe(false);
    const editor = await editorState(h);
    const line = headingLine(vault[chosen] ?? "", row.heading);
    expect(line).toBeGreaterThan(0);
    expect(editor?.scrolledTo.at(-1)).toBe(line);
    expect(editor?.cursorLine).toBe(line);
    expect(await mainTabs(h)).toEqual([chosen]);
  });

  it("opens the choice in a new tab with Mod+Enter", async () => {
    const h = await indexedPage();
    await openSearch(h);
    await typeQuery(h, "k:sourdough");
    const view = await waitForFinal(h);
    expect(view.mode).toBe("keyword");
    expect(view.rows[0]?.path).toBe("Cooking/Sourdough starter.md");
    await h.page.keyboard.press("Control+Enter");
    await h.waitFor(async () => (await h.activeFile()) === "Cooking/Sourdough starter.md", { message: "the new tab" });
    expect(await mainTabs(h)).toEqual(["Welcome.md", "Cooking/Sourdough starter.md"]);
  });

  it("inserts a link to the choice at the cursor with Shift+Enter", async () => {
    const h = await indexedPage();
    const before = await editorState(h);
    const lines = (before?.text ?? "").split("\n");
    const last = lines.length - 1;
    await setCursor(h, last, (lines[last] ?? "").length);
    await openSearch(h);
    await typeQuery(h, "k:alfama");
    expect((await waitForFinal(h)).rows[0]?.path).toBe("Travel/Lisbon trip.md");
    await h.page.keyboard.press("Shift+Enter");
    await h.waitFor(async () => !(await searchView(h)).open, { message: "the modal to close" });
    const after = await editorState(h);
    expect(after?.path).toBe("Welcome.md");
    expect(after?.text.split("\n")).toEqual([...lines.slice(0, last), `${lines[last] ?? ""}[[Lisbon trip]]`]);
    expect(await mainTabs(h)).toEqual(["Welcome.md"]);
  });

  it("explains each result's ranks and fused score, per mode", async () => {
    const h = await indexedPage();
    await openSearch(h);
    await typeQuery(h, "tomato seedlings ");
    await waitForFinal(h);
    await h.page.locator(".hvs-explain-toggle").click();
    let view = await searchView(h);
    expect(view.explainOn).toBe(true);
    for (const row of view.rows) expect(row.explain).toMatch(/^BM25 (#\d+|–) · Vector (#\d+|–) · fused \d\.\d{4} \(k \d+\)$/);
    expect(view.rows[0]?.explain).toMatch(/^BM25 #1 · Vector #\d+/);

    await h.page.locator('.hvs-mode-button[data-mode="keyword"]').click();
    view = await waitForFinal(h);
    expect(view.mode).toBe("keyword");
    expect(view.status).toBeNull();
    expect(view.rows.map((r) => r.explain?.replace(/ · fused.*/, ""))).toEqual(view.rows.map((_, i) => `BM25 #${i + 1}`));

    await h.page.locator('.hvs-mode-button[data-mode="semantic"]').click();
    view = await waitForFinal(h);
    expect(view.mode).toBe("semantic");
    for (const row of view.rows) expect(row.explain).toMatch(/^Vector #\d+ · fused \d\.\d{4} \(k \d+\)$/);

    await h.page.locator(".hvs-explain-toggle").click();
    view = await searchView(h);
    expect(view.explainOn).toBe(false);
    expect(view.rows.every((r) => r.explain === null)).toBe(true);
    expect(view.input).toBe("tomato seedlings ");
  });

  it("says keyword results only, naming the URL, when Ollama is unreachable, and keeps finding notes", async () => {
    const h = await indexedPage();
    harness.ollama.setFaults({ down: true });
    try {
      await openSearch(h);
      await typeQuery(h, "sourdough");
      const view = await waitForFinal(h, 20_000);
      expect(view.status).toBe(`Ollama isn't reachable at ${harness.ollama.url}: showing keyword results from the index.`);
      expect(view.rows[0]?.path).toBe("Cooking/Sourdough starter.md");
      expect(view.rows[0]?.marks.map((m) => m.toLowerCase())).toContain("sourdough");
      await typeQuery(h, " starter");
      expect((await searchView(h)).status).toBe(`Ollama isn't reachable at ${harness.ollama.url}: showing keyword results from the index.`);
    } finally {
      harness.ollama.reset();
    }
  });
});
