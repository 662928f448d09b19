import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, type HarnessPage, startHarness } from "./harness";
import { repoPath } from "./harness/paths";
import { COMMANDS, waitForIndex } from "./harness/plugin-ui";
import { waitForRelated } from "./harness/related-ui";
import { openSearch, typeQuery, waitForFinal } from "./harness/search-ui";
import { readVaultFolder } from "./harness/vault-fixture";

/**
 * The README's screenshots: the search modal, the related notes view and the settings tab, each checked before it
 * is taken. They go to docs/screenshots/ only with HVS_SCREENSHOTS=1, so an ordinary run leaves the tree clean
 * (the settings tab shows the fake Ollama's port, which changes every run).
 */
const UPDATE = process.env.HVS_SCREENSHOTS === "1";

describe("screenshots", () => {
  let harness: Harness;
  let notes: number;
  let dir: string;

  beforeAll(async () => {
    notes = Object.keys(await readVaultFolder(repoPath("test/e2e/fixtures/vault"))).length;
    dir = UPDATE ? repoPath("docs/screenshots") : await mkdtemp(join(tmpdir(), "hvs-e2e-shots-"));
    harness = await startHarness({ screenshotDir: dir });
  });
  afterAll(async () => {
    await harness.close();
    if (!UPDATE) await rm(dir, { recursive: true, force: true });
  });

  async function indexedPage(note: string): Promise<HarnessPage> {
    harness.ollama.reset();
    const h = await harness.newPage({ pluginData: { ollamaUrl: harness.ollama.url } });
    await waitForIndex(h, { notes });
    await h.openFile(note);
    return h;
  }

  it("search-modal.png: fused results with highlighted words", async () => {
    const h = await indexedPage("Welcome.md");
    await openSearch(h);
    await typeQuery(h, "feed tomatoes weekly");
    const view = await waitForFinal(h);
    expect(view.rows[0]?.path).toBe("Gardening/Tomato growing.md");
    expect(view.rows[0]?.marks.length).toBeGreaterThan(0);
    await h.page.locator(".hvs-search-modal .prompt-input").blur();
    await h.screenshot("search-modal");
  });

  it("related-notes.png: the notes nearest to the open note", async () => {
    const h = await indexedPage("Gardening/Composting basics.md");
    await h.command(COMMANDS.related);
    const view = await waitForRelated(h, "Composting basics");
    expect(view.rows.length).toBe(notes - 1);
    await h.screenshot("related-notes");
  });

  it("settings.png: the connection test and the search settings", async () => {
    const h = await indexedPage("Welcome.md");
    await h.openSettings();
    await h.page.locator(".hvs-test-connection").click();
    const lines = h.page.locator(".hvs-connection-result .hvs-connection-line");
    await h.waitFor(async () => (await lines.count()) > 1, { message: "the connection report" });
    expect(await lines.first().textContent()).toMatch(/^Connected to Ollama/);
    await h.screenshot("settings");
  });
});
