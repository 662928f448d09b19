import { describe, expect, it } from "vitest";
import { SearchSession, type SessionState } from "../../src/ui/search-session";
import { FakeSearch } from "./fake-search";
import { ManualTimers } from "./fake-timers";

function setup(limit?: number) {
  const port = new FakeSearch();
  const timers = new ManualTimers();
  const finals: SessionState[] = [];
  const session = new SearchSession(port, timers, {
    debounceMs: 150,
    limit: () => limit,
    onFinal: (s) => finals.push(s),
  });
  return { port, timers, finals, session };
}

describe("SearchSession", () => {
  it("answers each keystroke with keyword results and starts the full search only after the pause", async () => {
    const { port, timers, finals, session } = setup(7);
    const state = session.input("garden pla", "hybrid");
    expect(state?.phase).toBe("keyword");
    expect(state?.response.results.map((r) => r.path)).toEqual(["a.md", "b.md", "c.md"]);
    expect(port.keywordCalls[0]).toEqual({ query: "garden pla", prefixLast: true, limit: 7 });
    expect(port.searches).toHaveLength(0);
    expect(timers.waiting).toEqual([150]);
    expect(session.pending).toBe(true);

    timers.fireAll();
    expect(port.searches[0]?.req).toMatchObject({ query: "garden pla", mode: "hybrid", prefixLast: true, limit: 7 });
    await port.answer(["c.md", "a.md"]);
    expect(finals).toHaveLength(1);
    expect(finals[0]?.phase).toBe("final");
    expect(finals[0]?.response.results.map((r) => r.path)).toEqual(["c.md", "a.md"]);
    expect(session.pending).toBe(false);
    // Asking again for the same input returns the final answer without a new request.
    expect(session.input("garden pla", "hybrid")).toBe(finals[0]);
    expect(port.keywordCalls).toHaveLength(1);
  });

  it("cancels the pending pause and aborts the running request on the next keystroke", async () => {
    const { port, timers, finals, session } = setup();
    session.input("gar", "hybrid");
    session.input("gard", "hybrid");
    expect(timers.waiting).toEqual([150]);
    timers.fireAll();
    expect(port.searches).toHaveLength(1);
    const first = port.searches[0];
    session.input("garde", "hybrid");
    expect(first?.req.signal?.aborted).toBe(true);
    first?.resolve({ ...port.searchKeyword({ query: "gard" }), aborted: true });
    await Promise.resolve();
    expect(finals).toHaveLength(0);
    timers.fireAll();
    await port.answer(["b.md"]);
    expect(finals.map((f) => f.query)).toEqual(["garde"]);
  });

  it("ignores an answer that arrives after the input changed, even if not marked aborted", async () => {
    const { port, timers, finals, session } = setup();
    session.input("alpha", "hybrid");
    timers.fireAll();
    const stale = port.searches[0];
    session.input("", "hybrid");
    stale?.resolve({ ...port.searchKeyword({ query: "alpha" }), aborted: false });
    await Promise.resolve();
    await Promise.resolve();
    expect(finals).toHaveLength(0);
    expect(session.pending).toBe(false);
  });

  it("runs keyword mode and the k: prefix without any full search", () => {
    const { port, timers, session } = setup();
    expect(session.input("k: exact", "hybrid")?.phase).toBe("final");
    expect(session.input("other", "keyword")?.mode).toBe("keyword");
    expect(timers.waiting).toEqual([]);
    expect(port.searches).toHaveLength(0);
    expect(port.keywordCalls.map((c) => c.query)).toEqual(["exact", "other"]);
  });

  it("treats the same words in another mode, or finished with a space, as a new input", () => {
    const { port, session } = setup();
    session.input("plan", "hybrid");
    session.input("s: plan", "hybrid");
    session.input("s: plan ", "hybrid");
    expect(port.keywordCalls.map((c) => c.prefixLast)).toEqual([true, true, false]);
  });

  it("clears the list for an empty input", () => {
    const { port, timers, session } = setup();
    expect(session.input("   ", "hybrid")).toBeUndefined();
    expect(port.keywordCalls).toHaveLength(0);
    expect(timers.waiting).toEqual([]);
  });
});
