import { describe, expect, it } from "vitest";
import type { Result } from "../../../../src/core/result";
import type { NoteStat } from "../../../../src/core/sync/notes/note-source";
import { Harness, searchOver } from "../helpers/harness";

describe("IndexService.whenLoaded", () => {
  it("resolves with the saved index in memory and searchable while the notes are still being reconciled", async () => {
    const h = new Harness();
    h.source.write("Garden.md", "# Garden\n\nTomatoes need sun.\n");
    h.source.write("Kyoto.md", "# 京都\n\n清水寺を訪れた。\n");
    const first = await h.started();
    await first.stop();

    // The next start lists the vault only when the test lets it: reconciling can't finish before that.
    const list = h.source.list.bind(h.source);
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    h.source.list = async (): Promise<Result<NoteStat[]>> => {
      await gate;
      return list();
    };
    const second = h.service();
    let reconciled = false;
    const started = second.start().then(() => (reconciled = true));
    await second.whenLoaded();
    expect(reconciled).toBe(false);
    const found = await searchOver(second, h.embedder).search({ query: "tomatoes", mode: "keyword" });
    expect(found.results.map((r) => r.path)).toEqual(["Garden.md"]);
    release();
    await started;
    expect(reconciled).toBe(true);
    await second.stop();
  });

  it("resolves when the service is stopped before it started", async () => {
    const s = new Harness().service();
    await s.stop();
    await s.whenLoaded();
  });
});
