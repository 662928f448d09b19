/**
 * The related view's scan in isolation: max(a · v, b · v) over N stored vectors of D floats, with the JavaScript
 * loop of vector-scan.ts and with the WebAssembly SIMD kernel (pair-dot-kernel.ts), and whether they agree bit for
 * bit. Random vectors, seeded; timings are the median of 15 passes after 5 warm-up passes.
 *
 *   npx tsx bench/pair-dot.ts [--vectors N] [--dims D]
 */
import { cpus, loadavg } from "node:os";
import { pairDotKernel } from "../src/core/search/pair-dot-kernel";
import { parseArgs } from "./lib/args";
import { table, writeJson, writeSection } from "./lib/report";
import { seededRandom } from "./lib/ui-vault";

const args = parseArgs(process.argv.slice(2));
const count = Number(args.get("vectors") ?? 35_000);
const dims = Number(args.get("dims") ?? 768);
const rand = seededRandom(11);
const randomVector = (): Float32Array => Float32Array.from({ length: dims }, () => rand() - 0.5);
const vectors = Array.from({ length: count }, randomVector);
const [a, b] = [randomVector(), randomVector()];

function jsLoop(out: Float64Array): void {
  for (let j = 0; j < vectors.length; j++) {
    const v = vectors[j]!;
    let a0 = 0, a1 = 0, a2 = 0, a3 = 0, b0 = 0, b1 = 0, b2 = 0, b3 = 0;
    for (let i = 0; i + 3 < dims; i += 4) {
      const x0 = v[i]!;
      const x1 = v[i + 1]!;
      const x2 = v[i + 2]!;
      const x3 = v[i + 3]!;
      a0 += a[i]! * x0;
      a1 += a[i + 1]! * x1;
      a2 += a[i + 2]! * x2;
      a3 += a[i + 3]! * x3;
      b0 += b[i]! * x0;
      b1 += b[i + 1]! * x1;
      b2 += b[i + 2]! * x2;
      b3 += b[i + 3]! * x3;
    }
    out[j] = Math.max(a0 + a1 + a2 + a3, b0 + b1 + b2 + b3);
  }
}

function median(run: () => void): number {
  for (let i = 0; i < 5; i++) run();
  const times: number[] = [];
  for (let i = 0; i < 15; i++) {
    const t = performance.now();
    run();
    times.push(performance.now() - t);
  }
  times.sort((x, y) => x - y);
  return Math.round((times[7] ?? 0) * 10) / 10;
}

const kernel = pairDotKernel(dims);
if (!kernel) throw new Error(`No kernel for ${dims} dimensions here (WebAssembly SIMD missing, or dims not a multiple of 4).`);
const js = new Float64Array(count);
const wasm = new Float64Array(count);
const jsMs = median(() => jsLoop(js));
const kernelMs = median(() => kernel.score(vectors, a, b, wasm));
const differing = js.reduce((n, x, i) => n + (Object.is(x, wasm[i]) ? 0 : 1), 0);
const result = { vectors: count, dims, jsMs, kernelMs, differing, node: process.version, cpu: cpus()[0]?.model.trim() ?? "" };
console.log(JSON.stringify(result));
writeJson(`bench/results/pair-dot-${count}-${dims}.json`, result);
writeSection(
  "pair-dot",
  [
    `### Related-view scan: ${count.toLocaleString("en-US")} vectors × ${dims} dims, two probes`,
    "",
    table(["implementation", "median ms"], [["JavaScript loop (vector-scan.ts)", jsMs], ["WebAssembly SIMD kernel", kernelMs]]),
    "",
    `Scores that differ between the two: ${differing} of ${count.toLocaleString("en-US")}. Node ${process.version}, ${cpus().length} × ${result.cpu}, ` +
      `load average ${loadavg().map((x) => x.toFixed(1)).join(" / ")}; ${new Date().toISOString().slice(0, 10)}.`,
    "",
    "Rerun: `npx tsx bench/pair-dot.ts` (options: `--vectors N`, `--dims D`).",
  ].join("\n"),
);
