/**
 * The vector scan in isolation (search and related notes share it): max(a · v, b · v) over N stored vectors of D
 * floats, with the JavaScript loop and the WebAssembly SIMD kernel (pair-dot-kernel.ts), over separate arrays (how
 * vectors were kept before the vector store) and over one VectorStore's contiguous pages (how they are kept now),
 * and whether they all agree bit for bit. Random vectors, seeded; timings are the median of 15 passes after 5
 * warm-up passes.
 *
 *   npx tsx bench/pair-dot.ts [--vectors N] [--dims D]
 */
import { cpus, loadavg } from "node:os";
import { pairDotKernel } from "../src/core/vectors/pair-dot-kernel";
import { pairDotRows } from "../src/core/vectors/pair-dot-js";
import { VectorStore } from "../src/core/vectors/vector-store";
import { scanStore } from "../src/core/vectors/store-scan";
import { runAll } from "../src/core/shared/slices";
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

/** The JavaScript loop over one array per vector: the twin's loop called on each vector in turn. */
function jsLoop(out: Float64Array): void {
  for (let j = 0; j < vectors.length; j++) pairDotRows(vectors[j]!, 1, a, b, out, j);
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
const store = new VectorStore(dims, (id) => Number(id.slice(1, id.indexOf("."))));
vectors.forEach((v, i) => store.set(`n${i}.md#0`, `n${i}.md`, v));
const storeOut = new Float64Array(store.slots);
const storeJs = new Float64Array(store.slots);
const storeKernelMs = median(() => runAll(scanStore(store, a, b, (first, n, dots) => storeOut.set(dots.subarray(0, n), first))));
const storeJsMs = median(() => {
  for (const page of store.pages) if (page.rows) pairDotRows(page.rows, page.count, a, b, storeJs, page.first);
});
const differing =
  js.reduce((n, x, i) => n + (Object.is(x, wasm[i]) ? 0 : 1), 0) +
  js.reduce((n, x, i) => n + (Object.is(x, storeOut[i]) && Object.is(x, storeJs[i]) ? 0 : 1), 0);
const result = { vectors: count, dims, jsMs, kernelMs, storeJsMs, storeKernelMs, differing, node: process.version, cpu: cpus()[0]?.model.trim() ?? "" };
console.log(JSON.stringify(result));
writeJson(`bench/results/pair-dot-${count}-${dims}.json`, result);
writeSection(
  "pair-dot",
  [
    `### Vector scan (search and related notes): ${count.toLocaleString("en-US")} vectors × ${dims} dims, two probes`,
    "",
    table(
      ["implementation", "median ms"],
      [
        ["JavaScript loop, one array per vector", jsMs],
        ["WebAssembly SIMD kernel, one array per vector", kernelMs],
        ["JavaScript loop over the vector store's pages (pair-dot-js.ts)", storeJsMs],
        ["WebAssembly SIMD kernel over the vector store's pages (store-scan.ts)", storeKernelMs],
      ],
    ),
    "",
    `Scores that differ between any of the four: ${differing} of ${count.toLocaleString("en-US")}. Node ${process.version}, ${cpus().length} × ${result.cpu}, ` +
      `load average ${loadavg().map((x) => x.toFixed(1)).join(" / ")}; ${new Date().toISOString().slice(0, 10)}.`,
    "",
    "Rerun: `npx tsx bench/pair-dot.ts` (options: `--vectors N`, `--dims D`).",
  ].join("\n"),
);
