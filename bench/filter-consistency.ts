/**
 * For each filtered query of a bench:mcp run (its JSON's `queries`), keyword and hybrid: does the filtered answer hold
 * every note of the same words' unfiltered top 10 that passes the filter, in the same order? Loads the checkout
 * named (its own LiveVault and search code) over a vault bench:mcp kept, with the stand-in's standin-hash model.
 *
 *   npx tsx bench/filter-consistency.ts CHECKOUT_DIR VAULT_DIR MCP_RESULT.json [OLLAMA_URL]
 */
import { resolve } from "node:path";
import { readFileSync } from "node:fs";
const [dirArg = ".", vaultDir = "", resultFile = "", url = "http://127.0.0.1:11434"] = process.argv.slice(2);
const dir = resolve(dirArg);
// eslint-disable-next-line no-unsanitized/method -- a benchmark loads a checkout named on its own command line
const load = async <T>(p: string): Promise<T> => (await import(resolve(dir, "src", p))) as T;
const { LiveVault } = await load<typeof import("../src/cli/live-vault")>("cli/live-vault.ts");
const { DEFAULT_CONFIG_DIR } = await load<typeof import("../src/cli/node/vault-config")>("cli/node/vault-config.ts");
const { parseQuery } = await load<typeof import("../src/core/search/query-parser")>("core/search/query-parser.ts");
const { createNoteFilter } = await load<typeof import("../src/core/search/note-filter")>("core/search/note-filter.ts");
const io = { stdout: { write: () => true }, stderr: { write: () => true }, env: process.env };
const target = { vault: vaultDir, ollama: { url, model: "standin-hash", fallbacks: [] }, configDir: DEFAULT_CONFIG_DIR };
const opened = await LiveVault.open(target, io, { app: "probe", watch: false, log: () => undefined });
if (!opened.ok) throw new Error(opened.error.message);
const live = opened.value;
await live.whenReady();
const queries = (JSON.parse(readFileSync(resultFile, "utf8")) as { queries: Record<string, string[]> }).queries;
for (const kind of ["path", "tag", "phrase", "excluded"]) {
  for (const mode of ["keyword", "hybrid"] as const) {
    let same = 0, n = 0;
    for (const query of queries[kind]!) {
      const q = parseQuery(query);
      if (q.text === "") continue;
      const f = createNoteFilter(live.session.index, q)!;
      const filtered = (await live.session.search({ query, mode, limit: 10 })).results.map((r) => r.path);
      // The same words without the filter, read as deep as the filtered lists are (limit 80 = 4 x 20 notes).
      const plain = (await live.session.search({ query: q.text, mode, limit: 10 })).results.map((r) => r.path).filter((p) => f.pass(p));
      n++;
      // Every passing note of the unfiltered top 10 is in the filtered answer, in the same order.
      const inFiltered = plain.filter((p) => filtered.includes(p));
      const order = filtered.filter((p) => plain.includes(p));
      if (inFiltered.length === plain.length && order.join() === inFiltered.join()) same++;
      else console.log(`  ${kind}/${mode} differs: ${query}\n    filtered ${JSON.stringify(filtered.slice(0, 6).map((p) => p.slice(-40)))}\n    plain∩   ${JSON.stringify(plain.slice(0, 6).map((p) => p.slice(-40)))}`);
    }
    console.log(`${kind}/${mode}: ${same} of ${n} filtered answers agree with the unfiltered top 10 restricted by the filter`);
  }
}
await live.close();
