import { describe, expect, it } from "vitest";
import type { IndexService } from "../../../../src/core/sync/control/index-service";
import { Harness } from "../helpers/harness";
import { toSingleFileLayout } from "../helpers/single-file-layout";

const DIR = "vault/plugin-data";
// No function words: detection can't tell this text's language, so only the frontmatter makes it German.
const GERMAN_BY_FRONTMATTER = "---\nlang: de\n---\n# Notiz\n\nHäuser, Gärten, Bäume.\n";
const ENGLISH = "# Garden\n\nThe garden of the house has tall trees and a shed.\n";
const QUERIES = ["Haus", "Garten", "Baum", "garden", "houses"];

function answers(s: IndexService): unknown[] {
  return QUERIES.map((q) => s.index.keywordSearch(q, { limit: 5, maxEdits: 0 }));
}

async function indexedVault(): Promise<{ h: Harness; live: unknown[] }> {
  const h = new Harness();
  h.source.write("haus.md", GERMAN_BY_FRONTMATTER);
  h.source.write("garden.md", ENGLISH);
  const s = await h.started();
  const live = answers(s);
  expect(s.index.keywordSearch("Haus", { limit: 5, maxEdits: 0 })[0]?.id).toBe("haus.md#0");
  await s.stop();
  return { h, live };
}

/** Rewrites the saved files with postings of an older layout, which a load can't use and must analyse again. */
async function agePostings(h: Harness): Promise<void> {
  // Postings of another layout are refused whole, as if absent: the single-file layout without any.
  await toSingleFileLayout(h.store, DIR, (s) => ({ ...s, keywords: Uint8Array.of(1, 0, 0) }));
}

describe("a note's lang frontmatter across a save and load", () => {
  it("analyses the restored note in its frontmatter language when the saved postings are used", async () => {
    const { h, live } = await indexedVault();
    const s = await h.started();
    expect(answers(s)).toEqual(live);
    await s.stop();
  });

  it("analyses the restored note in its frontmatter language when the postings are of an older layout", async () => {
    const { h, live } = await indexedVault();
    await agePostings(h);
    const s = await h.started();
    expect(h.source.reads).toHaveLength(2);
    expect(answers(s)).toEqual(live);
    expect(s.index.languages().map((l) => l.code).sort()).toEqual(["de", "en"]);
    await s.stop();
  });

  it("re-indexes a note whose only change is its lang frontmatter", async () => {
    const { h } = await indexedVault();
    const s = await h.started();
    h.source.write("haus.md", GERMAN_BY_FRONTMATTER.replace("lang: de", "lang: en"));
    s.enqueue({ kind: "upsert", path: "haus.md" });
    await s.flush();
    await s.whenIdle();
    expect(s.index.keywordSearch("Haus", { limit: 5, maxEdits: 0 }).map((x) => x.id)).not.toContain("haus.md#0");
    expect(s.index.keywordSearch("Hauser", { limit: 5, maxEdits: 0 })[0]?.id).toBe("haus.md#0");
    await s.stop();
  });
});
