import { describe, expect, it } from "vitest";
import { checksum32 } from "../../../../src/core/shared/checksum";
import { INDEX_META_FILE, INDEX_VECTORS_FILE } from "../../../../src/core/persist/index-files";
import { resolveIndexSettings } from "../../../../src/core/sync/rules/index-settings";
import { CountingEmbedder, vectorFor } from "../helpers/counting-embedder";
import { dumpIndex, Harness } from "../helpers/harness";
import { toSingleFileLayout } from "../helpers/single-file-layout";

const fileOf = (h: Harness, name: string): [string, Uint8Array] => {
  const hit = [...h.store.files].find(([p]) => p.endsWith(`/${name}`));
  if (!hit) throw new Error(`no ${name} saved`);
  return hit;
};

/** A vault indexed and saved in the single-file layout (an index of an older version), and the index it produced. */
async function savedVault(): Promise<{ h: Harness; expected: string[] }> {
  const saved = await savedSegmentedVault();
  await toSingleFileLayout(saved.h.store, "vault/plugin-data");
  return saved;
}

/** A vault indexed and saved, and the index it produced. */
async function savedSegmentedVault(): Promise<{ h: Harness; expected: string[] }> {
  const h = new Harness({ chunk: { maxTokens: 40, overlapRatio: 0 } });
  const long = (i: number): string =>
    Array.from({ length: 6 }, (_, k) => `Paragraph ${k} of long note ${i} says something rather different each time.`).join("\n\n");
  for (let i = 0; i < 3; i++) h.source.write(`short${i}.md`, `# Short ${i}\n\nA short note ${i}.\n`);
  for (let i = 0; i < 3; i++) h.source.write(`long${i}.md`, `# Long ${i}\n\n${long(i)}\n`);
  const s = await h.started();
  const expected = dumpIndex(s);
  await s.stop();
  return { h, expected };
}

/** Restarts over the damaged files: one notice, the same index as before, and a clean start after that. */
async function expectRebuilt(h: Harness, expected: string[], code: RegExp): Promise<void> {
  const s = await h.started();
  expect(h.notices).toHaveLength(1);
  expect(h.notices[0]).toMatch(code);
  expect(dumpIndex(s)).toEqual(expected);
  await s.stop();
  const again = await h.started();
  expect(h.notices).toHaveLength(1);
  await again.stop();
}

describe("IndexService with damaged or mismatched index files", () => {
  it("rebuilds a truncated meta file", async () => {
    const { h, expected } = await savedVault();
    const [path, bytes] = fileOf(h, INDEX_META_FILE);
    h.store.files.set(path, bytes.slice(0, Math.floor(bytes.length / 2)));
    await expectRebuilt(h, expected, /damaged or incomplete/);
  });

  it("rebuilds a vectors file with flipped bytes", async () => {
    const { h, expected } = await savedVault();
    const [path, bytes] = fileOf(h, INDEX_VECTORS_FILE);
    const damaged = bytes.slice();
    for (const at of [20, Math.floor(damaged.length / 2), damaged.length - 9]) damaged[at] = (damaged[at] ?? 0) ^ 0xff;
    h.store.files.set(path, damaged);
    await expectRebuilt(h, expected, /damaged or incomplete/);
  });

  it("rebuilds files of another format version", async () => {
    const { h, expected } = await savedVault();
    for (const name of [INDEX_META_FILE, INDEX_VECTORS_FILE]) {
      const [path, bytes] = fileOf(h, name);
      const copy = bytes.slice();
      const view = new DataView(copy.buffer);
      view.setUint32(4, 999, true);
      view.setUint32(copy.length - 4, checksum32(copy.subarray(0, copy.length - 4)), true);
      h.store.files.set(path, copy);
    }
    await expectRebuilt(h, expected, /file format/);
  });

  it("rebuilds an index of another model with the new model's vectors only", async () => {
    const { h } = await savedVault();
    const other = new CountingEmbedder("another-model", 8);
    h.embedder = other;
    const s = await h.started();
    expect(h.notices).toEqual([expect.stringMatching(/embedding model changed/)]);
    expect(s.index.vectorCount).toBe(s.index.size);
    for (const path of s.index.notePaths()) {
      for (const id of s.index.chunkIdsOf(path)) {
        const e = s.index.get(id);
        const input = other.inputs.find((t) => t.endsWith(e?.chunk.text ?? "?")) ?? "";
        expect(e?.vector).toEqual(vectorFor("another-model", input, 8));
      }
    }
    await s.stop();
  });

  it("rebuilds after a chunking change, reusing the vectors of text that did not change", async () => {
    const { h } = await savedVault();
    const calls = h.counting.calls;
    const sent = h.counting.inputs.length;
    h.settings = resolveIndexSettings({ ...h.settings, chunk: { maxTokens: 400, overlapRatio: 0 } });
    const s = await h.started();
    expect(h.notices).toEqual([expect.stringMatching(/chunking settings changed/)]);
    expect(s.index.vectorCount).toBe(s.index.size);
    // Long notes are cut differently now and are embedded again; short notes are one chunk either way: reused.
    expect(h.counting.calls).toBeGreaterThan(calls);
    const resent = h.counting.inputs.slice(sent);
    expect(resent.length).toBe(3);
    expect(resent.join("\n")).not.toMatch(/short note/);
    await s.stop();
  });

  it("rebuilds when the files can't be read, and says why", async () => {
    const { h, expected } = await savedVault();
    let failures = 1;
    h.store.failWhen = (op) => op === "read" && failures-- > 0;
    await expectRebuilt(h, expected, /Can't read/);
  });

  it("recovers the vectors of an intact vectors file when the meta file is damaged, and embeds only the rest", async () => {
    const { h, expected } = await savedVault();
    const total = h.counting.inputs.length;
    const [path, bytes] = fileOf(h, INDEX_META_FILE);
    const damaged = bytes.slice();
    damaged[Math.floor(damaged.length / 2)] = (damaged[Math.floor(damaged.length / 2)] ?? 0) ^ 0xff;
    h.store.files.set(path, damaged);
    const s = await h.started();
    expect(h.notices).toHaveLength(1);
    expect(h.notices[0]).toMatch(new RegExp(`damaged or incomplete.* ${total} embeddings in it were intact and are reused`));
    expect(dumpIndex(s)).toEqual(expected);
    expect(h.counting.inputs).toHaveLength(total);
    await s.stop();
  });

  it("embeds again only the chunks that changed when the meta file is lost and a note was edited", async () => {
    const { h } = await savedVault();
    const total = h.counting.inputs.length;
    h.store.files.delete(fileOf(h, INDEX_META_FILE)[0]);
    h.source.write("short0.md", "# Short 0\n\nA short note, now edited.\n");
    const s = await h.started();
    expect(h.notices[0]).toMatch(/intact and are reused/);
    expect(s.status()).toMatchObject({ pendingEmbeddings: 0 });
    expect(s.index.vectorCount).toBe(s.index.size);
    expect(h.counting.inputs.slice(total)).toEqual([expect.stringContaining("now edited")]);
    await s.stop();
  });
});

describe("IndexService with damaged segmented index files", () => {
  it("indexes again the notes of a damaged segment, with one notice", async () => {
    const { h, expected } = await savedSegmentedVault();
    const segments = [...h.store.files].filter(([p]) => p.includes("/index-seg-"));
    expect(segments.length).toBeGreaterThan(0);
    const [path, bytes] = segments[0] as [string, Uint8Array];
    h.store.files.set(path, bytes.slice(0, Math.floor(bytes.length / 2)));
    const calls = h.counting.calls;
    await expectRebuilt(h, expected, /damaged or incomplete/);
    expect(h.counting.calls).toBeGreaterThan(calls);
  });

  it("rebuilds a damaged manifest, with one notice", async () => {
    const { h, expected } = await savedSegmentedVault();
    const [path, bytes] = fileOf(h, "index-manifest.bin");
    const damaged = bytes.slice();
    damaged[20] = (damaged[20] ?? 0) ^ 0xff;
    h.store.files.set(path, damaged);
    await expectRebuilt(h, expected, /damaged or incomplete/);
  });
});
