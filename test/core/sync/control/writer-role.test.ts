import { describe, expect, it } from "vitest";
import { Harness, searchOver } from "../helpers/harness";

const note = (title: string, body: string): string => `# ${title}\n\n${body}\n`;

/** A vault of a few notes, saved once by a writer. */
async function savedVault(): Promise<Harness> {
  const h = new Harness();
  for (let i = 0; i < 5; i++) h.source.write(`n${i}.md`, note(`N${i}`, `Alpha ${i} backups.`));
  const writer = await h.started();
  await writer.stop();
  return h;
}

describe("the writer role of an index service", () => {
  it("a reader keeps a changed note keyword-searchable but never embeds it nor saves", async () => {
    const h = await savedVault();
    h.source.write("fresh.md", note("Fresh", "quokka sightings"));
    const callsBefore = h.counting.calls;
    const saved = new Map(h.store.files);
    const reader = h.service({ writer: false });
    await reader.start();
    await reader.whenIdle();
    h.scheduler.fireTimers();
    await reader.whenIdle();
    expect(reader.writer).toBe(false);
    expect(searchOver(reader, h.embedder).searchKeyword({ query: "quokka" }).results[0]?.path).toBe("fresh.md");
    expect(h.counting.calls).toBe(callsBefore);
    expect(reader.status().pendingEmbeddings).toBeGreaterThan(0);
    expect(reader.status().phase).toBe("idle");
    await reader.stop();
    expect(h.counting.calls).toBe(callsBefore);
    expect(h.store.files).toEqual(saved);
  });

  it("a reader that becomes the writer embeds what waits and saves it", async () => {
    const h = await savedVault();
    h.source.write("fresh.md", note("Fresh", "quokka sightings"));
    const callsBefore = h.counting.calls;
    const reader = h.service({ writer: false });
    await reader.start();
    await reader.whenIdle();
    reader.setWriter(true);
    await reader.whenIdle();
    expect(h.counting.calls).toBeGreaterThan(callsBefore);
    expect(reader.status().pendingEmbeddings).toBe(0);
    const before = h.store.files.get("vault/plugin-data/index-manifest.bin");
    await reader.stop();
    expect(h.store.files.get("vault/plugin-data/index-manifest.bin")).not.toEqual(before);
  });
});
