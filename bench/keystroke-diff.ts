/**
 * How two checkouts' keyword results differ on the keys of bench:keystroke where they differ at all (see
 * keystroke-same.ts): the modal's top notes (first differing rank, notes shared) and the keyword list, and, as a
 * rough stand-in for relevance on a vault with no judged answers, how many of the modal's notes hold every query word
 * (the last one as a prefix while it is typed). A review aid for changes that move results, not a figure of record.
 *
 *   npx tsx bench/keystroke-diff.ts [--baseline DIR] [--notes 3000]
 */
import { parseArgs } from "./lib/args";
import { syntheticVault } from "./lib/ui-vault";
import { checkoutEngine, typedKeys } from "./lib/checkout-engine";
const args = parseArgs(process.argv.slice(2));
const vault = syntheticVault(Number(args.get("notes") ?? 3000));
const { keys } = typedKeys(vault);
const mk = async (d: string) => { const { engine, limit, index, options } = await checkoutEngine(d, vault.files); return (k: string) => { const prefixLast = !/\s$/.test(k); return { modal: engine.searchKeyword({ query: k, limit, prefixLast }).results.map((r) => r.path), list: index.keywordSearch(k, { limit: 240, prefixLast, maxEdits: options.typoTolerance, chunksPerNote: options.chunksPerNote }).map((h) => h.id) }; }; };
const [a, b] = [await mk("."), await mk(args.get("baseline") ?? "/work/wt-base12")];
for (const k of keys) {
  const x = a(k), y = b(k);
  if (JSON.stringify(x) === JSON.stringify(y)) continue;
  const first = x.modal.findIndex((p, i) => p !== y.modal[i]);
  const setSame = x.modal.filter((p) => y.modal.includes(p)).length;
  const lSame = x.list.filter((p) => y.list.includes(p)).length;
  console.log(JSON.stringify(k).padEnd(24), `modal ${x.modal.length}/${y.modal.length} first diff rank ${first + 1} shared ${setSame}`, `| list ${x.list.length}/${y.list.length} shared ${lSame}`, first >= 0 ? `| new#${first + 1} ${x.modal[first]} old ${y.modal[first]}` : "");
}
const holds = (path: string, k: string): boolean => {
  const words = (vault.files[path] ?? "").toLowerCase().match(/[a-z0-9]+/g) ?? [];
  const set = new Set(words);
  const q = k.trim().split(/\s+/);
  const prefixLast = !/\s$/.test(k);
  return q.every((w, i) => (prefixLast && i === q.length - 1 ? words.some((x) => x.startsWith(w)) : set.has(w)));
};
let tn = 0, to = 0;
for (const k of keys) {
  const x = a(k), y = b(k);
  if (JSON.stringify(x) === JSON.stringify(y)) continue;
  const n = x.modal.filter((p) => holds(p, k)).length, o = y.modal.filter((p) => holds(p, k)).length;
  tn += n; to += o;
  console.log("holds all words", JSON.stringify(k).padEnd(24), `new ${n}/20 old ${o}/20`);
}
console.log("total", tn, to);
