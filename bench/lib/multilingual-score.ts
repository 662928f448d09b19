import type { BenchQuery, QueryType } from "./multilingual-queries";
import type { BenchSystem } from "./multilingual-systems";
import { mean, percentile } from "./metrics";

export interface Scores {
  s1: number;
  s10: number;
  mrr10: number;
}

/** One language × query type: its query count and each system's scores. */
export interface Cell {
  lang: string;
  type: QueryType;
  n: number;
  systems: Record<string, Scores>;
  /** Up to five queries ours missed in the top 10, to look at. */
  oursMissed: { q: string; target: string }[];
}

export interface SystemRun {
  name: string;
  /** 1-based rank of each query's target in the top 10, or 0 when absent (same order as the queries). */
  ranks: number[];
  p50ms: number;
  p95ms: number;
}

const r4 = (x: number) => Math.round(x * 10000) / 10000;

/** Runs every query through a system and notes where the target lands. */
export async function runSystem(s: BenchSystem, queries: readonly BenchQuery[]): Promise<SystemRun> {
  const ranks: number[] = [];
  const ms: number[] = [];
  for (const q of queries) {
    const t0 = performance.now();
    const got = await s.search(q.q, 10);
    ms.push(performance.now() - t0);
    ranks.push(got.indexOf(q.target) + 1);
  }
  return { name: s.name, ranks, p50ms: r4(percentile(ms, 50)), p95ms: r4(percentile(ms, 95)) };
}

function scores(ranks: readonly number[]): Scores {
  return {
    s1: r4(mean(ranks.map((k) => (k === 1 ? 1 : 0)))),
    s10: r4(mean(ranks.map((k) => (k > 0 ? 1 : 0)))),
    mrr10: r4(mean(ranks.map((k) => (k > 0 ? 1 / k : 0)))),
  };
}

/** Groups the runs into language × type cells, in the order the queries came. */
export function cellsOf(queries: readonly BenchQuery[], runs: readonly SystemRun[]): Cell[] {
  const groups = new Map<string, number[]>();
  queries.forEach((q, i) => {
    const key = `${q.lang}\u0000${q.type}`;
    const g = groups.get(key) ?? [];
    g.push(i);
    groups.set(key, g);
  });
  return [...groups.values()].map((idx) => {
    const first = queries[idx[0] ?? 0] as BenchQuery;
    const systems: Record<string, Scores> = {};
    for (const run of runs) systems[run.name] = scores(idx.map((i) => run.ranks[i] ?? 0));
    const ourRanks = runs.find((r) => r.name === "ours")?.ranks ?? [];
    const oursMissed = idx
      .filter((i) => (ourRanks[i] ?? 0) === 0)
      .slice(0, 5)
      .map((i) => ({ q: queries[i]?.q ?? "", target: queries[i]?.target ?? "" }));
    return { lang: first.lang, type: first.type, n: idx.length, systems, oursMissed };
  });
}
