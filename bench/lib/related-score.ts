import { seededRandom } from "./ui-vault";

/** One source's scores for one method. */
export interface SourceScore {
  recall10: number;
  mrr10: number;
  success5: number;
}

/** A mean and its bootstrap 95 % interval. */
export interface Interval {
  mean: number;
  lo: number;
  hi: number;
}

export function scoreList(ranked: readonly string[], relevant: ReadonlySet<string>): SourceScore {
  const top = ranked.slice(0, 10);
  const hits = top.filter((p) => relevant.has(p)).length;
  const first = top.findIndex((p) => relevant.has(p));
  return {
    recall10: relevant.size > 0 ? hits / relevant.size : 0,
    mrr10: first < 0 ? 0 : 1 / (first + 1),
    success5: first >= 0 && first < 5 ? 1 : 0,
  };
}

/** Mean of `xs` with a percentile bootstrap 95 % interval over `rounds` resamples drawn by `seed`. */
export function bootstrap(xs: readonly number[], seed = 1, rounds = 1000): Interval {
  const n = xs.length;
  const mean = n ? xs.reduce((a, b) => a + b, 0) / n : 0;
  if (n === 0) return { mean: 0, lo: 0, hi: 0 };
  const rnd = seededRandom(seed);
  const means: number[] = [];
  for (let r = 0; r < rounds; r++) {
    let s = 0;
    for (let i = 0; i < n; i++) s += xs[Math.floor(rnd() * n)]!;
    means.push(s / n);
  }
  means.sort((a, b) => a - b);
  return { mean, lo: means[Math.floor(rounds * 0.025)]!, hi: means[Math.ceil(rounds * 0.975) - 1]! };
}

export function fmt(i: Interval): string {
  return `${i.mean.toFixed(3)} [${i.lo.toFixed(3)}–${i.hi.toFixed(3)}]`;
}
