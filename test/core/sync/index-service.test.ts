import { describe, expect, it } from "vitest";
import { dumpIndex, Harness } from "./helpers/harness";

const note = (title: string, ...paragraphs: string[]): string => `# ${title}\n\n${paragraphs.join("\n\n")}\n`;

describe("IndexService basics", () => {
  it("indexes a vault, searches it, and a restart with nothing changed embeds nothing", async () => {
    const h = new Harness();
    h.source.write("a.md", note("Alpha", "Postgres backups run nightly.", "Restore drills happen monthly."));
    h.source.write("b/c.md", note("Gamma", "Kubernetes clusters need care."));
    const s = await h.started();
    expect(s.index.size).toBeGreaterThan(0);
    expect(s.index.vectorCount).toBe(s.index.size);
    const res = s.engine.searchKeyword({ query: "postgres" });
    expect(res.results[0]?.path).toBe("a.md");
    const calls = h.counting.calls;
    expect(calls).toBeGreaterThan(0);
    const before = dumpIndex(s);
    await s.stop();

    const again = await h.started();
    expect(h.counting.calls).toBe(calls);
    expect(dumpIndex(again)).toEqual(before);
    await again.stop();
  });
});
