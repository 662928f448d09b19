import { describe, expect, it } from "vitest";
import { dumpIndex, Harness } from "../helpers/harness";

const SMALL = { chunk: { maxTokens: 40, overlapRatio: 0 } };
const sections = (title: string, ...bodies: string[]): string =>
  `# ${title}\n\n${bodies.map((b, i) => `## Part ${i + 1}\n\n${b}`).join("\n\n")}\n`;

describe("a rebuild seeded from the old index", () => {
  for (const vectorPrecision of ["int8", "float32"] as const) {
    it(`embeds no known text again in a ${vectorPrecision} index, and the vectors come back as they were`, async () => {
      const h = new Harness({ ...SMALL, vectorPrecision });
      for (let i = 0; i < 12; i++) h.source.write(`n${i}.md`, sections(`N${i}`, `Alpha ${i} postgres.`, `Beta ${i} drills.`, "Shared text."));
      const s = await h.started();
      const before = dumpIndex(s);
      const calls = h.counting.inputs.length;
      await s.rebuild();
      await s.whenIdle();
      expect(h.counting.inputs.length).toBe(calls);
      expect(dumpIndex(s)).toEqual(before);
      await s.stop();
    });
  }
});
