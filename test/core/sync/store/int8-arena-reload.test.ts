import { describe, expect, it } from "vitest";
import { decodeManifest } from "../../../../src/core/persist/segments/manifest";
import { MANIFEST_FILE } from "../../../../src/core/persist/segments/segment-names";
import { runAll } from "../../../../src/core/shared/slices";
import type { IndexService } from "../../../../src/core/sync/control/index-service";
import { CountingEmbedder, vectorFor } from "../helpers/counting-embedder";
import { Harness } from "../helpers/harness";

const DIR = "vault/plugin-data";
/** A multiple of 16, so the int8 store keeps its codes in a WebAssembly arena (int8-arena.ts). */
const DIMS = 32;
const probes = Array.from({ length: 12 }, (_, i) => vectorFor("probe", `q${i}`, DIMS));

/** Each probe's 8 nearest chunks (ids and scores) through the prefilter, checked against ranking every vector. */
function answers(s: IndexService): unknown[] {
  return probes.map((q) => {
    const fast = s.index.vectorSearch(q, { limit: 8, similarity: -1 });
    const all = runAll(s.index.rankVectorsSteps(q, { similarity: -1, limit: Infinity })).take(8);
    expect(fast).toEqual(all.map((h) => ({ id: h.id, score: h.score })));
    return fast;
  });
}

function segments(h: Harness): number {
  const m = decodeManifest(h.store.files.get(`${DIR}/${MANIFEST_FILE}`)!);
  if (!m.ok) throw new Error(m.error.message);
  return m.value.segments.length;
}

function vault(): Harness {
  const h = new Harness({ vectorPrecision: "int8" });
  h.embedder = new CountingEmbedder("counting-embed", DIMS);
  for (let n = 0; n < 40; n++) h.source.write(`n${n}.md`, `# Note ${n}\n\nKites and wind, part ${n}.\n\nDunes ${n}.\n\nTides ${n}.\n`);
  return h;
}

async function edit(s: IndexService, h: Harness, n: number, text: string): Promise<void> {
  h.source.write(`n${n}.md`, text);
  s.enqueue({ kind: "upsert", path: `n${n}.md` });
  await s.flush();
}

describe("an int8 index whose codes lie in the store's arena", () => {
  it("answers the same after a reload, after edits of loaded rows, and after a compaction and another reload", async () => {
    const h = vault();
    const s = await h.started();
    expect(s.index.vectorStore?.arena).toBeDefined();
    await s.save();
    const built = answers(s);
    await s.stop();

    // Loaded rows are copied into the new store's arena; edits of them must be what its searches read.
    const loaded = await h.started();
    expect(answers(loaded)).toEqual(built);
    const counts: number[] = [];
    for (let n = 0; n < 12; n++) {
      await edit(loaded, h, n, `# Note ${n}\n\nBoats ${n} and harbours.\n`);
      await loaded.save();
      counts.push(segments(h));
    }
    // A dozen one-note saves make small segments, until a save compacts them.
    expect(counts.some((c, i) => i > 0 && c < counts[i - 1]!)).toBe(true);
    h.source.remove("n30.md");
    loaded.enqueue({ kind: "delete", path: "n30.md" });
    await loaded.flush();
    const edited = answers(loaded);
    expect(edited).not.toEqual(built);
    await loaded.save();
    await loaded.stop();

    const compacted = await h.started();
    expect(answers(compacted)).toEqual(edited);
    await compacted.stop();
  });

  it("keeps two loaded indexes' codes apart: a reader loaded beside the writer answers from its own", async () => {
    const h = vault();
    const writer = await h.started();
    await writer.save();
    const saved = answers(writer);
    const reader = h.service({ writer: false });
    await reader.start();
    await reader.whenIdle();
    // The writer's edits change its answers, never the reader's (which loaded the saved files).
    for (let n = 0; n < 40; n += 3) await edit(writer, h, n, `# Note ${n}\n\nSomething else entirely, ${n * 7}.\n`);
    expect(answers(writer)).not.toEqual(saved);
    expect(answers(reader)).toEqual(saved);
    await reader.stop();
    await writer.stop();
  });
});
