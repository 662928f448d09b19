import { describe, expect, it } from "vitest";
import type { HarnessPage } from "./harness";
import { useFixtureVault } from "./harness/fixture-vault";
import { COMMANDS, editorState, savedSettings } from "./harness/plugin-ui";
import { relatedView, waitForRelated } from "./harness/related-ui";

/** Counts re-renders of the related list from now on (the view empties and refills it on every update). */
async function countRenders(h: HarnessPage): Promise<() => Promise<number>> {
  await h.page.evaluate(() => {
    const list = document.querySelector(".hvs-related-list");
    const w = window as unknown as { __renders: number };
    w.__renders = 0;
    if (list) new MutationObserver(() => (w.__renders += 1)).observe(list, { childList: true });
  });
  return () => h.page.evaluate(() => (window as unknown as { __renders: number }).__renders);
}

describe("related notes view", () => {
  const fixture = useFixtureVault();
  const indexedPage = fixture.indexedPage;

  it("lists the notes nearest to the active note and follows a note switch without any embedding request", async () => {
    const h = await indexedPage();
    const calls = fixture.harness.ollama.stats.embedCalls;
    await h.command(COMMANDS.related);
    const welcome = await waitForRelated(h, "Welcome");
    expect(welcome.rows.map((r) => r.path).sort()).toEqual(fixture.notes.filter((p) => p !== "Welcome.md").sort());
    for (const row of welcome.rows) {
      expect(row.similarity).toMatch(/^\d{1,3}%$/);
      expect(row.excerpt.length).toBeGreaterThan(0);
    }

    await h.openFile("Gardening/Tomato growing.md");
    const tomato = await waitForRelated(h, "Tomato growing");
    expect(tomato.rows.map((r) => r.path).sort()).toEqual(fixture.notes.filter((p) => p !== "Gardening/Tomato growing.md").sort());
    expect(tomato.rows.map((r) => r.similarity)).not.toEqual(welcome.rows.map((r) => r.similarity));
    expect(fixture.harness.ollama.stats.embedCalls).toBe(calls);
  });

  it("opens an entry on click at its passage, previews on hover, hides linked notes, and can be pinned or paused", async () => {
    const h = await indexedPage();
    await h.command(COMMANDS.related);
    const welcome = await waitForRelated(h, "Welcome");

    const lisbon = h.page.locator('.hvs-related-item[data-path="Travel/Lisbon trip.md"]');
    await lisbon.hover();
    const hovers = await h.page.evaluate(() => window.__harness?.hoverLinks() ?? []);
    expect(hovers.at(-1)).toEqual({ source: "hybrid-vault-search-related", linktext: "Travel/Lisbon trip.md", sourcePath: "Welcome.md" });

    // Welcome links every note but the shakshuka clipping, so hiding linked notes leaves only that one.
    await h.page.locator(".hvs-related-hide-linked input").check();
    await h.waitFor(async () => (await relatedView(h)).rows.length === 1, { message: "linked notes to be hidden" });
    expect((await relatedView(h)).rows.map((r) => r.path)).toEqual(["Inbox/Clipped shakshuka.md"]);
    expect(await savedSettings(h)).toMatchObject({ related: { hideLinked: true } });
    await h.page.locator(".hvs-related-hide-linked input").uncheck();
    await h.waitFor(async () => (await relatedView(h)).rows.length === welcome.rows.length, { message: "linked notes to return" });

    const heading = welcome.rows.find((r) => r.path === "Travel/Lisbon trip.md")?.heading ?? "";
    await lisbon.click();
    await h.waitFor(async () => (await h.activeFile()) === "Travel/Lisbon trip.md", { message: "the clicked note to open" });
    const editor = await editorState(h);
    expect(editor?.scrolledTo.at(-1)).toBe(editor?.text.split("\n").indexOf(`## ${heading}`));
    await waitForRelated(h, "Lisbon trip");

    await h.page.locator(".hvs-related-pin").click();
    expect(await h.page.locator(".hvs-related-pin").textContent()).toBe("Unpin");
    const renders = await countRenders(h);
    await h.openFile("Cooking/Weeknight curry.md");
    await h.waitFor(async () => (await renders()) > 0, { message: "the view to update after the switch" });
    expect((await relatedView(h)).target).toBe("Related to Lisbon trip");
    await h.page.locator(".hvs-related-pin").click();
    await waitForRelated(h, "Weeknight curry");

    await h.page.locator(".hvs-related-pause").click();
    expect(await h.page.locator(".hvs-related-pause").textContent()).toBe("Resume");
    await h.openFile("Health/Running plan.md");
    await h.page.locator(".hvs-related-pause").click();
    await waitForRelated(h, "Running plan");
  });

  it("says why a note has no neighbours by meaning yet, shows keyword neighbours meanwhile, and fills in once embedded", async () => {
    const h = await indexedPage({ debounceMs: 0 });
    await h.command(COMMANDS.related);
    await waitForRelated(h, "Welcome");
    fixture.harness.ollama.setFaults({ hang: true });
    try {
      await h.page.evaluate(() =>
        window.__harness?.testApp?.fake.vault.create("Cooking/Tomato soup.md", "# Tomato soup\n\nRoast tomatoes and an onion, then blend.\n"),
      );
      await h.openFile("Cooking/Tomato soup.md");
      const waiting = "No embeddings for this note yet: showing notes that share words with its title and headings.";
      await h.waitFor(async () => (await relatedView(h)).message === waiting, { message: "the no-embeddings notice" });
      const keywordOnly = await relatedView(h);
      expect(keywordOnly.target).toBe("Related to Tomato soup");
      expect(keywordOnly.rows.map((r) => r.path)).toContain("Gardening/Tomato growing.md");
      // Keyword neighbours show the same match as any list: one number that never rises down the list (issue 19).
      const matches = keywordOnly.rows.map((r) => Number(/^(\d{1,3})%$/.exec(r.similarity)?.[1] ?? Number.NaN));
      expect(matches.every((m, i) => Number.isFinite(m) && (i === 0 || m <= matches[i - 1]!))).toBe(true);
    } finally {
      fixture.harness.ollama.setFaults({ hang: false });
    }
    await h.waitFor(async () => (await relatedView(h)).message === null, { message: "the note's embedding", timeoutMs: 20_000 });
    const embedded = await relatedView(h);
    expect(embedded.rows.length).toBe(fixture.notes.length);
    expect(embedded.rows.every((r) => /^\d{1,3}%$/.test(r.similarity))).toBe(true);
  });

  it("says an excluded note is excluded", async () => {
    const h = await indexedPage();
    await h.page.evaluate(() =>
      window.__harness?.testApp?.fake.vault.create("Journal.md", "---\ntags: [private]\n---\n# Journal\n\nA private entry.\n"),
    );
    await h.openFile("Journal.md");
    await h.command(COMMANDS.related);
    await h.waitFor(async () => /^This note is excluded from indexing/.test((await relatedView(h)).message ?? ""), {
      message: "the excluded notice",
      timeoutMs: 5000,
    });
  });
});
