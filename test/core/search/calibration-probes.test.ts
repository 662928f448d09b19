import { describe, expect, it, vi } from "vitest";
import { chunkNote } from "../../../src/core/chunk/chunker";
import { ChunkIndex } from "../../../src/core/index/chunk-index";
import { contentHash } from "../../../src/core/shared/hash";
import { drawProbes } from "../../../src/core/search/weight-calibration";

const DIMS = 16;

/** An int8 index of notes with three sentences or more, some without vectors (not embedded yet). */
function vault(): ChunkIndex {
  const index = new ChunkIndex(DIMS, undefined, undefined, "int8");
  for (let i = 0; i < 60; i++) {
    const body = `Note ${i} is about gardens. It keeps tomatoes under glass number ${i}. The glass house stands in the yard all year. Das Haus ist alt.`;
    const note = chunkNote(`notes/n${i}.md`, `# N${i}\n\n${body}\n\n## More\n\nA second part has words of its own, ${i}. It says the yard is green in May. The house is old and the roof is red.`);
    const vector = (seed: number) => Float32Array.from({ length: DIMS }, (_, k) => Math.sin(seed * 7 + k));
    index.addNote(note, note.chunks.map((_, c) => (i % 3 === 0 ? undefined : i % 3 === 1 && c === 0 ? undefined : vector(i * 10 + c))));
  }
  return index;
}

describe("drawProbes (the vector calibration's sample)", () => {
  it("draws what reading every chunk with get() drew, without decoding a vector", () => {
    const index = vault();
    // The sample as it was drawn before: paths by hash, the first chunk `get` gives a vector for.
    const paths = [...index.notePaths()].sort((a, b) => (contentHash(a) < contentHash(b) ? -1 : 1));
    const firstWithVector = paths.map((p) => index.chunkIdsOf(p).map((id) => index.get(id)).find((c) => c?.vector !== undefined));
    const get = vi.spyOn(index, "get");
    const probes = drawProbes(index, 20);
    expect(get).not.toHaveBeenCalled();
    expect(probes.length).toBe(20);
    // Notes whose first chunk waits for its vector give their second.
    expect(probes.some((p) => p.entry.chunk.id !== index.chunkIdsOf(p.path)[0])).toBe(true);
    const expected = paths.map((p, i) => ({ p, e: firstWithVector[i] })).filter((x) => x.e !== undefined).slice(0, 20);
    expect(probes.map((p) => [p.path, p.entry.chunk.id])).toEqual(expected.map((x) => [x.p, x.e!.chunk.id]));
  });
});
