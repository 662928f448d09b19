import type { HarnessPage } from "../../test/e2e/harness/harness-page";
import { COMMANDS } from "../../test/e2e/harness/plugin-ui";
import { waitForRelated } from "../../test/e2e/harness/related-ui";
import { openSearch, searchView } from "../../test/e2e/harness/search-ui";
import { type KeySample, type RelatedSample, relatedWarmed, switchNote, watchRelatedView, watchSearchResults } from "./ui-probes";

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** How the queries are typed. */
export interface TypingPlan {
  queries: readonly string[];
  /** Pause after each keystroke's results are painted, before the next key: the typist's speed. */
  gapMs: number;
}

async function keyCount(h: HarnessPage): Promise<number> {
  return h.page.evaluate(() => window.__hvsBench?.keys.length ?? 0);
}

/**
 * Types each query key by key into a fresh search modal, waiting for each keystroke's sample (its results painted)
 * and then `gapMs`; after the last key it waits for the full (fused) search to answer, as a user reading the
 * results would. Returns one sample per keystroke.
 */
export async function measureTyping(h: HarnessPage, plan: TypingPlan): Promise<KeySample[]> {
  const first = await keyCount(h);
  for (const query of plan.queries) {
    await openSearch(h);
    await h.page.evaluate(watchSearchResults);
    for (const key of query) {
      const before = await keyCount(h);
      await h.page.keyboard.press(key === " " ? "Space" : key);
      await h.waitFor(async () => (await keyCount(h)) > before, { message: `the results for "${key}"`, timeoutMs: 30_000 });
      await pause(plan.gapMs);
    }
    await h.waitFor(async () => !(await searchView(h)).pending, { message: "the fused results", timeoutMs: 30_000 });
    await h.page.keyboard.press("Escape");
  }
  return h.page.evaluate((from) => window.__hvsBench?.keys.slice(from) ?? [], first);
}

/** The related view's timings for note switches, and the embedding requests made while switching. */
export interface RelatedRun {
  samples: RelatedSample[];
  embedCalls: number;
}

/**
 * Opens the related view, then switches to each note in turn and waits until the view shows it. Embedding
 * requests are counted on the fake Ollama (`embedCalls` reads its running total).
 */
export async function measureRelated(h: HarnessPage, notes: readonly string[], embedCalls: () => number): Promise<RelatedRun> {
  await h.command(COMMANDS.related);
  await h.waitFor(async () => (await h.page.locator(".hvs-related-view").count()) > 0, { message: "the related view" });
  // A view that first counts the shared chunk texts in slices says it is preparing (related-warmth.ts); the switches
  // start once that is done, so that no switch times the "preparing" line instead of a list. Views without it: at once.
  await h.page.evaluate(relatedWarmed);
  await h.page.evaluate(watchRelatedView);
  const calls = embedCalls();
  const samples: RelatedSample[] = [];
  for (const path of notes) {
    await h.page.evaluate(switchNote, path);
    await h.waitFor(
      async () => (await h.page.evaluate((p) => window.__hvsBench?.related.some((s) => s.path === p && !Number.isNaN(s.switchStart)), path)) ?? false,
      { message: `the related view to show ${path}`, timeoutMs: 30_000 },
    );
    const sample = await h.page.evaluate(
      (p) => window.__hvsBench?.related.filter((s) => s.path === p && !Number.isNaN(s.switchStart)).at(-1),
      path,
    );
    if (sample) samples.push(sample);
    // Let the view settle (a second debounced update from file-open may follow) before the next switch.
    await waitForRelated(h, basename(path));
    await pause(400);
  }
  return { samples, embedCalls: embedCalls() - calls };
}

function basename(path: string): string {
  const file = path.slice(path.lastIndexOf("/") + 1);
  return file.endsWith(".md") ? file.slice(0, -3) : file;
}
