/**
 * The two facts about V8 strings that `ownString` and `prepareNote` rest on, measured on made-up text:
 * - a substring view (what `(" " + s).slice(1)` gives) is slower to scan and to encode than a plain string (what
 *   `ownString` gives): chunk texts are hashed and UTF-8 encoded on every save;
 * - a plain-ASCII chunk joined from a file that holds one character beyond Latin-1 is two bytes a character, and its
 *   `ownString` copy one: the heap each keeps, over `--chunks` chunks, after a full collection.
 *
 *   node --expose-gc --import tsx bench/string-forms.ts [--chunks 30000] [--rounds 5]
 */
import { parseArgs } from "./lib/args";
import { percentile } from "./lib/metrics";
import { ownString } from "../src/core/shared/own-string";

const args = parseArgs(process.argv.slice(2));
const count = Number(args.get("chunks") ?? 30_000);
const rounds = Number(args.get("rounds") ?? 5);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc || !Number.isInteger(count) || count < 1 || !Number.isInteger(rounds) || rounds < 1) {
  console.error("usage: node --expose-gc --import tsx bench/string-forms.ts [--chunks 30000] [--rounds 5]");
  process.exit(2);
}
const line = "Plain ASCII paragraph text that goes on for a while, line after line. ";
// A file's lines, cut from the file as read: what the chunker joins a chunk's text from.
const file = (n: number, wide: boolean): string[] => (`${wide ? "# Title — “quoted”\n" : "# Title\n"}` + `${line}${n}\n`.repeat(24)).split("\n").slice(1);
const chunksOf = (wide: boolean): string[] => Array.from({ length: count }, (_, n) => file(n, wide).join("\n"));

const enc = new TextEncoder();
const buf = new Uint8Array(1 << 16);
const scan = (xs: readonly string[]): number => {
  let h = 0;
  for (const s of xs) for (let i = 0; i < s.length; i += 3) h = (h * 31 + s.charCodeAt(i)) | 0;
  return h;
};
const encode = (xs: readonly string[]): number => xs.reduce((n, s) => n + enc.encodeInto(s, buf).written, 0);
const plain = chunksOf(false).map(ownString);
const views = plain.map((s) => (" " + s).slice(1));
const times = { plainScan: [] as number[], viewScan: [] as number[], plainEncode: [] as number[], viewEncode: [] as number[] };
for (let r = 0; r < rounds; r++) {
  for (const [kind, xs] of [["plain", plain], ["view", views]] as const) {
    let t = performance.now();
    scan(xs);
    times[`${kind}Scan`].push(performance.now() - t);
    t = performance.now();
    encode(xs);
    times[`${kind}Encode`].push(performance.now() - t);
  }
}
const med = (xs: number[]): string => percentile(xs, 50).toFixed(1);
console.log(`${count} chunks of ${plain[0]?.length ?? 0} characters, median of ${rounds} rounds, plain / view:`);
console.log(`  scan (charCodeAt): ${med(times.plainScan)} / ${med(times.viewScan)} ms; encodeInto: ${med(times.plainEncode)} / ${med(times.viewEncode)} ms`);

/** Heap kept by what `make` builds, after a full collection. */
const kept = (make: () => unknown[]): number => {
  gc();
  gc();
  const before = process.memoryUsage().heapUsed;
  const held = make();
  gc();
  gc();
  const mb = (process.memoryUsage().heapUsed - before) / 1e6;
  return held.length > 0 ? mb : 0;
};
const asJoined = kept(() => chunksOf(true));
const owned = kept(() => chunksOf(true).map(ownString));
console.log(`  ASCII chunks joined from a file with a curly quote: ${asJoined.toFixed(1)} MB as joined, ${owned.toFixed(1)} MB as ownString copies`);
