import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, type HarnessPage, startHarness } from "./harness";
import { repoPath } from "./harness/paths";
import { COMMANDS, waitForIndex } from "./harness/plugin-ui";
import { relatedView, waitForRelated } from "./harness/related-ui";
import { openSearch, searchView, typeQuery, waitForFinal } from "./harness/search-ui";
import { readVaultFolder } from "./harness/vault-fixture";

/**
 * Two fixture notes carry markup that would run if it were ever parsed as HTML: "Untrusted clipping" in its body,
 * "Clipped shakshuka" in its title, headings and body. Any handler that ran would open a dialog, which fails the
 * page (see HarnessPage); these tests also check that no element was made from the markup and that it reads as text.
 */
const SHAKSHUKA_TITLE = "<b onmouseover=alert(3)>Shakshuka</b> from a food blog";

/** Markup elements anywhere in the plugin's modal and view (none of the plugin's own UI uses these). */
function markupElements(h: HarnessPage): Promise<number> {
  return h.page.evaluate(
    () => document.querySelectorAll(".hvs-search-modal :is(img, script, svg, b), .hvs-related-view :is(img, script, svg, b)").length,
  );
}

describe("untrusted note markup", () => {
  let harness: Harness;
  let notes: number;

  beforeAll(async () => {
    notes = Object.keys(await readVaultFolder(repoPath("test/e2e/fixtures/vault"))).length;
    harness = await startHarness();
  });
  afterAll(() => harness.close());

  async function indexedPage(): Promise<HarnessPage> {
    harness.ollama.reset();
    const h = await harness.newPage({ pluginData: { ollamaUrl: harness.ollama.url } });
    await waitForIndex(h, { notes });
    return h;
  }

  it("shows markup in titles, headings and excerpts of search results as literal text", async () => {
    const h = await indexedPage();
    await h.openFile("Welcome.md");
    await openSearch(h);
    await typeQuery(h, "k:onerror ");
    let view = await waitForFinal(h);
    const clipping = view.rows.find((r) => r.path === "Inbox/Untrusted clipping.md");
    expect(clipping?.excerpt).toContain("<img src=x onerror=alert(1)> <script>alert(1)</script>");
    expect(clipping?.marks).toEqual(["onerror"]);
    expect(view.foreignElements).toEqual([]);

    await h.page.locator(".hvs-search-modal .prompt-input").fill("shakshuka ");
    view = await waitForFinal(h);
    const shakshuka = view.rows[0];
    expect(shakshuka?.path).toBe("Inbox/Clipped shakshuka.md");
    expect(shakshuka?.title).toBe(SHAKSHUKA_TITLE);
    expect(shakshuka?.heading).toBe("Shakshuka <img src=x onerror=alert(2)>");
    expect(shakshuka?.excerpt).toMatch(/^Shakshuka <img src=x onerror=alert\(2\)> Eggs poached/);
    await h.page.locator(".hvs-search-modal .hvs-result-title").first().hover();
    await h.page.locator(".hvs-explain-toggle").click();
    view = await searchView(h);
    expect(view.foreignElements).toEqual([]);
    expect(await markupElements(h)).toBe(0);
    expect(await h.page.locator(".hvs-search-modal").textContent()).toContain(SHAKSHUKA_TITLE);
  });

  it("shows markup in the related notes view as literal text", async () => {
    const h = await indexedPage();
    await h.openFile("Cooking/Weeknight curry.md");
    await h.command(COMMANDS.related);
    const view = await waitForRelated(h, "Weeknight curry");
    const byPath = new Map(view.rows.map((r) => [r.path, r]));
    expect(byPath.get("Inbox/Clipped shakshuka.md")?.title).toBe(SHAKSHUKA_TITLE);
    expect(byPath.get("Inbox/Untrusted clipping.md")?.excerpt).toContain("<img src=x onerror=alert(1)>");
    expect(view.foreignElements).toEqual([]);
    await h.page.locator('.hvs-related-item[data-path="Inbox/Clipped shakshuka.md"] .hvs-related-title').hover();
    expect(await markupElements(h)).toBe(0);

    await h.openFile("Inbox/Clipped shakshuka.md");
    const own = await waitForRelated(h, "Clipped shakshuka");
    expect(own.rows.map((r) => r.path)).not.toContain("Inbox/Clipped shakshuka.md");
    expect((await relatedView(h)).foreignElements).toEqual([]);
    expect(await markupElements(h)).toBe(0);
  });
});
