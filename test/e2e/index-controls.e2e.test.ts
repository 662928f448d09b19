import { describe, expect, it } from "vitest";
import type { HarnessPage } from "./harness";
import { useFixtureVault } from "./harness/fixture-vault";
import { COMMANDS, savedSettings, settingRow, statusBar, waitForIndex } from "./harness/plugin-ui";
import { waitForRelated } from "./harness/related-ui";

/** Waits for the confirmation modal and answers it with the button labelled `answer`. */
async function answerConfirmation(h: HarnessPage, answer: string): Promise<string> {
  const modal = h.page.locator(".hvs-confirm-modal");
  await modal.waitFor({ state: "visible" });
  const text = (await modal.textContent()) ?? "";
  await modal.locator("button", { hasText: answer }).click();
  await modal.waitFor({ state: "detached" });
  return text;
}

describe("index controls: status bar, rebuild, model change, dragging a related note", () => {
  const fixture = useFixtureVault();
  const indexedPage = fixture.indexedPage;

  it("pauses indexing with a click on the status bar and resumes with another", async () => {
    const h = await indexedPage();
    const item = h.page.locator(".status-bar .hvs-status-bar");
    await item.click();
    await h.waitFor(async () => (await statusBar(h)).state === "paused", { message: "the status bar to say paused" });
    expect((await statusBar(h)).text).toMatch(/paused/i);

    // A note created while paused is indexed once resumed.
    await h.page.evaluate(() => window.__harness?.testApp?.app.vault.create("Fresh.md", "# Fresh\n\nZanzibar lighthouse notes.\n"));
    await item.click();
    await h.waitFor(async () => (await statusBar(h)).state !== "paused", { message: "the status bar to leave paused" });
    await waitForIndex(h, { notes: fixture.notes.length + 1 });
  });

  it("asks before a rebuild: Cancel starts nothing, Rebuild rebuilds the index", async () => {
    const h = await indexedPage();
    await h.openSettings();
    await h.page.locator(".hvs-rebuild-button").click();
    const question = await answerConfirmation(h, "Cancel");
    expect(question).toMatch(/Rebuild the index\?/);
    expect((await h.notices()).map((n) => n.message)).not.toContain("Rebuilding the index…");

    await h.page.locator(".hvs-rebuild-button").click();
    await answerConfirmation(h, "Rebuild");
    await h.waitFor(async () => (await h.notices()).some((n) => n.message === "Rebuilding the index…"), {
      message: "the rebuild notice",
    });
    await waitForIndex(h, { notes: fixture.notes.length });
  });

  it("asks before an embedding-model change rebuilds, and declining keeps the old model", async () => {
    const h = await indexedPage();
    await h.openSettings();
    const select = settingRow(h, "Embedding model").locator("select");
    await h.waitFor(async () => (await select.locator("option").count()) > 1, { message: "the model list" });

    await select.selectOption("fake-embed:latest");
    const question = await answerConfirmation(h, "Cancel");
    expect(question).toMatch(/Rebuild the index\?/);
    expect(await savedSettings(h)).not.toMatchObject({ embedModel: "fake-embed" });

    const before = fixture.harness.ollama.stats.inputs.length;
    // The new model's check (/api/show) is held, so the status bar's "Checking model…" can be seen for sure.
    fixture.harness.ollama.setFaults({ holdShow: true });
    await select.selectOption("fake-embed:latest");
    await answerConfirmation(h, "Change and rebuild");
    await h.waitFor(async () => (await savedSettings(h))?.embedModel === "fake-embed", { message: "the new model to be saved" });
    await h.waitFor(async () => (await statusBar(h)).text === "Checking model…", { message: "the status bar to say Checking model…" });
    expect(fixture.harness.ollama.stats.inputs.length).toBe(before);
    fixture.harness.ollama.setFaults({ holdShow: false });
    await h.waitFor(async () => fixture.harness.ollama.stats.inputs.length > before, { message: "the new model's embedding requests" });
    await waitForIndex(h, { notes: fixture.notes.length });
    // nomic-embed-text inputs carry its document prefix; fake-embed's don't: the new vectors come from the new model.
    const after = fixture.harness.ollama.stats.inputs.slice(before);
    expect(after.length).toBeGreaterThan(0);
    expect(after.some((t) => t.startsWith("search_document: "))).toBe(false);
  });

  it("starts a file drag when a related note is dragged, so dropping it links the note", async () => {
    const h = await indexedPage();
    await h.command(COMMANDS.related);
    const view = await waitForRelated(h, "Welcome");
    const target = view.rows[0]?.path ?? "";
    expect(target).not.toBe("");
    const dragged = await h.page.evaluate((path) => {
      const item = document.querySelector(`.hvs-related-item[data-path="${CSS.escape(path)}"]`);
      item?.dispatchEvent(new DragEvent("dragstart", { bubbles: true, dataTransfer: new DataTransfer() }));
      const dm = (window.__harness?.testApp?.app as unknown as { dragManager?: { draggable: { file?: { path: string } } | null } })
        .dragManager;
      return dm?.draggable?.file?.path ?? null;
    }, target);
    expect(dragged).toBe(target);
  });
});
