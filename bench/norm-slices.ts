/**
 * How long a slice of the norms a load leaves for later takes (`VectorStore.normSteps`, see load-leftovers.ts): an int8
 * store of synthetic rows adopted in pages as a segmented load adopts them, then every step timed. The first steps
 * move the adopted pages into the arena (a real load decodes them there already); the norm steps are the last
 * ⌈rows / per-step⌉. Wall milliseconds per norm step.
 *
 *   npx tsx bench/norm-slices.ts [--rows 148475] [--dims 768] [--per-step 4096]
 */
import { parseArgs } from "./lib/args";
import { percentile } from "./lib/metrics";
import { VectorStore } from "../src/core/vectors/vector-store";

const args = parseArgs(process.argv.slice(2));
const rows = Number(args.get("rows") ?? 148_475);
const dims = Number(args.get("dims") ?? 768);
const perStep = Number(args.get("per-step") ?? 4096);
/** Rows a page, about a 4 MB segment's at 768 dimensions. */
const PAGE_ROWS = 3200;

const store = new VectorStore(dims, (id) => Number(id.slice(2)), "int8");
let seed = 1;
for (let start = 0; start < rows; start += PAGE_ROWS) {
  const count = Math.min(PAGE_ROWS, rows - start);
  const codes = new Int8Array(count * dims);
  for (let i = 0; i < codes.length; i++) codes[i] = ((seed = (seed * 1103515245 + 12345) % 2 ** 31) % 255) - 127;
  const scales = Float32Array.from({ length: count }, (_, i) => 0.001 + i * 1e-7);
  const first = store.adoptInt8({ codes, scales })!;
  for (let k = 0; k < count; k++) store.claim(`c#${start + k}`, `n${(start + k) >> 2}.md`, first + k);
}
store.settle();
const steps = store.normSteps(perStep);
const ms: number[] = [];
for (;;) {
  const t = performance.now();
  if (steps.next().done) break;
  ms.push(performance.now() - t);
}
const norms = ms.slice(-Math.ceil(rows / perStep));
const r2 = (x: number): number => Math.round(x * 100) / 100;
console.log(JSON.stringify({ rows, dims, perStep, normSteps: norms.length, p50: r2(percentile(norms, 50)), p95: r2(percentile(norms, 95)), max: r2(Math.max(...norms)) }));
