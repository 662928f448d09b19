import { describe, expect, it } from "vitest";
import type { HarnessPage } from "./harness";
import { useFixtureVault } from "./harness/fixture-vault";
import { savedSettings, settingRow, waitForIndex } from "./harness/plugin-ui";
import { openSearch, typeQuery, waitForFinal, type SearchView } from "./harness/search-ui";

/** Runs one search in a fresh modal and closes it again; returns the answer. */
async function search(h: HarnessPage, query: string): Promise<SearchView> {
  await openSearch(h);
  await typeQuery(h, query);
  const view = await waitForFinal(h);
  await h.page.keyboard.press("Escape");
  return view;
}

describe("settings tab", () => {
  const fixture = useFixtureVault();
  const indexedPage = fixture.indexedPage;

  it("limits the search results to the number set, and refuses an out-of-range number with a message", async () => {
    const h = await indexedPage();
    expect((await search(h, "tomato ")).rows.length).toBe(fixture.notes.length);

    await h.openSettings();
    const input = settingRow(h, "Number of results").locator("input");
    await input.fill("3");
    await h.waitFor(async () => (await savedSettings(h))?.search !== undefined, { message: "the settings to be saved" });
    expect(await savedSettings(h)).toMatchObject({ search: { limit: 3 } });
    await input.fill("500");
    const message = settingRow(h, "Number of results").locator(".hvs-setting-error");
    await expect(message.textContent()).resolves.toMatch(/^Number of results must be .*200/);
    expect(await message.isVisible()).toBe(true);
    expect(await savedSettings(h)).toMatchObject({ search: { limit: 3 } });
    await h.page.evaluate(() => window.__harness?.closeSettings());

    const limited = await search(h, "tomato ");
    expect(limited.rows.length).toBe(3);
  });

  it("ranks hybrid results by meaning alone when the keyword weight is set to 0", async () => {
    const h = await indexedPage();
    const order = (view: SearchView) => view.rows.map((r) => r.path);
    const semantic = order(await search(h, "s:tomato sauce "));
    expect(order(await search(h, "tomato sauce "))).not.toEqual(semantic);

    await h.openSettings();
    await settingRow(h, "Keyword weight").locator("input").fill("0");
    await h.waitFor(async () => (await savedSettings(h))?.search !== undefined, { message: "the settings to be saved" });
    expect(await savedSettings(h)).toMatchObject({ search: { weights: { bm25: 0 } } });
    await h.page.evaluate(() => window.__harness?.closeSettings());

    expect(order(await search(h, "tomato sauce "))).toEqual(semantic);
  });

  it("drops the notes of an excluded folder from search, and brings them back when the exclusion goes", async () => {
    const h = await indexedPage();
    expect((await search(h, "k:alfama")).rows.map((r) => r.path)).toEqual(["Travel/Lisbon trip.md"]);

    await h.openSettings();
    const folders = settingRow(h, "Excluded folders").locator("textarea");
    await folders.fill("Travel");
    await folders.blur();
    await waitForIndex(h, { notes: fixture.notes.length - 1 });
    expect(await savedSettings(h)).toMatchObject({ excludeFolders: ["Travel"] });
    await h.page.evaluate(() => window.__harness?.closeSettings());
    const excluded = await search(h, "k:alfama");
    expect(excluded.rows).toEqual([]);
    expect(excluded.empty).toBe("No matching notes.");

    await h.openSettings();
    await settingRow(h, "Excluded folders").locator("textarea").fill("");
    await settingRow(h, "Excluded folders").locator("textarea").blur();
    await waitForIndex(h, { notes: fixture.notes.length });
    await h.page.evaluate(() => window.__harness?.closeSettings());
    expect((await search(h, "k:alfama")).rows.map((r) => r.path)).toEqual(["Travel/Lisbon trip.md"]);
  });

  it("tests the connection and lists the embedding models it found", async () => {
    const h = await indexedPage();
    await h.openSettings();
    await h.page.locator(".hvs-test-connection").click();
    const report = h.page.locator(".hvs-connection-result");
    const lines = () => report.locator(".hvs-connection-line").allTextContents();
    await h.waitFor(async () => (await lines()).length > 1, { message: "the connection report" });
    expect(await report.getAttribute("data-state")).toBe("ok");
    expect((await lines())[0]).toBe(`Connected to Ollama 0.13.5 at ${fixture.harness.ollama.url}.`);
    expect(await lines()).toContain("Embedding models: fake-embed:latest, nomic-embed-text:latest.");
    const options = await settingRow(h, "Embedding model").locator("option").allTextContents();
    expect(options).toEqual(["fake-embed:latest", "nomic-embed-text:latest"]);
  });
});
