import { percentile } from "./mcp-measure";
import { QUERY_KINDS } from "./mcp-queries";
import { table } from "./report";

/** One server measured: a worktree at a commit. */
export interface Side {
  name: "this" | "base";
  dir: string;
  commit: string;
  /** `kind/mode` → round trip percentiles in ms, the mean number of notes returned, and the server's CPU ms in all. */
  search: Record<string, { p50: number; p95: number; meanResults: number; cpuMs?: number }>;
  startup: { launcher: string; ms: number; readyMs: number }[];
}

export interface McpResult {
  notes: number;
  model: string;
  queriesPerKind: number;
  loadAverage: string;
  embedding: Record<string, { p50: number; p95: number }>;
  sides: Side[];
}

const ms = (x: number | undefined): string => (x === undefined ? "—" : x.toFixed(1));

/** The docs/BENCHMARKS.md section: round trips per kind and mode, side by side, then start-up. */
export function mcpReport(r: McpResult, rerun: string): string {
  const [now, base] = [r.sides.find((s) => s.name === "this"), r.sides.find((s) => s.name === "base")];
  const label = (s: Side | undefined): string => (s ? `${s.commit}` : "");
  const head = ["kind", "mode", ...(base ? [`${label(base)} p50`, `${label(base)} p95`] : []), `${label(now)} p50`, `${label(now)} p95`, "embedding p95", "target p95", "met", "results"];
  const rows = QUERY_KINDS.flatMap((kind) =>
    (["keyword", "hybrid"] as const).map((mode) => {
      const key = `${kind}/${mode}`;
      const emb = mode === "hybrid" ? (r.embedding[kind]?.p95 ?? 0) : 0;
      const target = 50 + emb;
      const mine = now?.search[key];
      return [
        kind,
        mode,
        ...(base ? [ms(base.search[key]?.p50), ms(base.search[key]?.p95)] : []),
        ms(mine?.p50),
        ms(mine?.p95),
        mode === "hybrid" ? ms(emb) : "—",
        ms(target),
        mine && mine.p95 <= target ? "yes" : "**no**",
        (mine?.meanResults ?? 0).toFixed(1),
      ];
    }),
  );
  const startupRows = r.sides.flatMap((s) =>
    [...new Set(s.startup.map((x) => x.launcher))].map((launcher) => {
      const runs = s.startup.filter((x) => x.launcher === launcher);
      const first = runs.map((x) => x.ms);
      const ready = runs.map((x) => x.readyMs);
      return [s.commit, launcher, ms(percentile(first, 50)), ms(Math.max(...first)), ms(percentile(ready, 50)), "≤ 1500", percentile(first, 50) <= 1500 ? "yes" : "**no**"];
    }),
  );
  return [
    `MCP \`search\` tool over stdio, SDK client in the benchmark process, ${r.notes.toLocaleString("en-US")} notes (the multilingual fixtures, ` +
      `the Chinese Obsidian help, then obsidian-hub repeated), model \`${r.model}\` on the Ollama stand-in, ${r.queriesPerKind} queries per kind, ` +
      `limit 10. ${base ? `Both commits side by side in one run, each query sent to both servers in turns. ` : ""}` +
      `Load average at the end of the run: ${r.loadAverage} (2 cores, shared).`,
    "",
    "Kinds: `title` a note title; `path` two title words and `path:\"folder\"`; `tag` two title words and `tag:` one of " +
      "the note's tags (frequent and rare tags alike); `phrase` three consecutive words of a note, quoted; `excluded` a " +
      "title and `-word` (a frequent word); `long` a sentence of 12–25 words; `multilingual` hand-written inflected " +
      "queries of the fixture languages and Chinese titles. Times are round trips in ms; hybrid includes the query " +
      "embedding, whose p95 the target adds to 50 ms. `results`: mean notes returned.",
    "",
    table(head, rows),
    "",
    table(["commit", "start-up, saved index", "first answer median ms", "max ms", "reconciled (status ready) median ms", "target", "met"], startupRows),
    "",
    `Rerun: \`node ../shared/ollama-standin/server.mjs --port 11435 &\`, \`npm run build\` in each worktree, then \`${rerun}\`.`,
  ].join("\n");
}
