import { isAbsolute, relative } from "node:path";
import { OllamaClient } from "../core/ollama/ollama-client";
import type { VaultSearch } from "../core/session/vault-search";
import type { OllamaTarget } from "./args";
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, type CliIo } from "./cli-io";
import { DEMO_SEARCHES, type DemoSearch } from "./demo-searches";
import { formatText } from "./output-format";
import { describeIndex, plural } from "./summary";
import { DEFAULT_CONFIG_DIR } from "./node/vault-config";
import { openVault, type EmbeddingSource } from "./open-vault";

/** What `npm run demo` runs on. */
export interface DemoOptions {
  /** The sample vault folder. */
  vault: string;
  /** Ollama to embed with; undefined for a keyword-only demo. */
  ollama: OllamaTarget | undefined;
  /** Results shown per search. Default 3. */
  perSearch?: number;
}

/**
 * Indexes the sample vault (in its own config folder, so a second run only checks for changes) and runs the
 * example searches, printing everything readably on stdout. Returns 1 when an example did not find the note it
 * should, so a broken engine can't hide behind a friendly-looking demo.
 */
export async function runDemo(opts: DemoOptions, io: CliIo): Promise<number> {
  const out = (s = ""): void => void io.stdout.write(`${s}\n`);
  out("Hybrid Vault Search demo");
  out("========================");
  const ollama = opts.ollama ? await checkOllama(opts.ollama, io, out) : undefined;
  const opened = await openVault({ vault: opts.vault, ollama, configDir: DEFAULT_CONFIG_DIR }, io);
  if (!opened.ok) {
    io.stderr.write(`${opened.error.message}\n`);
    return EXIT_USAGE;
  }
  const { session, layout, embedding, printer, embedded } = opened.value;
  const { service } = session;
  out(modeLine(embedding));
  out();
  const t0 = performance.now();
  await service.start();
  await service.whenIdle();
  const status = service.status();
  if (!status.lastError) await session.calibrate("refresh", io.signal);
  printer.finish();
  out(`Indexed ${shown(layout.vaultDir)} in ${((performance.now() - t0) / 1000).toFixed(1)} s.`);
  out(describeIndex(status, embedding));
  if (embedded) out(embedded.documents === 0 ? "Nothing needed embedding: the saved index was up to date." : `Embedded ${plural(embedded.documents, "chunk")}.`);
  if (status.lastError && embedding.kind === "ollama") out(`Embedding failed: ${status.lastError.message}`);
  out(`The index is saved in ${shown(layout.dataDir)}/, where the Obsidian plugin finds it too.`);
  let surprises = 0;
  for (const [i, example] of DEMO_SEARCHES.entries()) {
    if (io.signal?.aborted) break;
    if (!(await showSearch(session, example, i + 1, embedding, opts.perSearch ?? 3, out))) surprises++;
  }
  await service.stop();
  out();
  out("Try your own searches:");
  out(`  npm run -s cli -- search --vault ${shown(layout.vaultDir)} "sourdough"`);
  out(`  npm run -s cli -- search --vault /path/to/your/vault --model nomic-embed-text "what did we decide about backups?"`);
  out(`  npm run -s cli -- --help`);
  if (surprises > 0) {
    io.stderr.write(`${plural(surprises, "example")} did not find the expected note: the engine may be broken.\n`);
    return EXIT_FAILURE;
  }
  return io.signal?.aborted ? EXIT_FAILURE : EXIT_OK;
}

/** Prints one example; returns false when it did not find what it should. */
async function showSearch(
  engine: Pick<VaultSearch, "search">,
  ex: DemoSearch,
  n: number,
  embedding: EmbeddingSource,
  limit: number,
  out: (s?: string) => void,
): Promise<boolean> {
  const semantic = embedding.kind === "ollama";
  out();
  out(`── ${n}. ${ex.title} ${"─".repeat(Math.max(3, 60 - ex.title.length))}`);
  out(`   search: ${ex.query}${ex.mode === "hybrid" ? "" : `   (--mode ${ex.mode})`}`);
  out(`   ${ex.explains}`);
  if (ex.needsEmbeddings && !semantic) out("   (Keyword only in this run, so only the words count.)");
  out();
  const res = await engine.search({ query: ex.query, mode: ex.mode, limit });
  for (const notice of res.notices) {
    if (notice.code === "KEYWORD_FALLBACK" && semantic) out(`   ${notice.message}`);
  }
  out(formatText(res.results, { indent: "   " }).trimEnd());
  const top = res.results[0]?.path ?? null;
  // Without embeddings, an example that needs them is shown but not held to its expectation.
  if (top === ex.expectTop || (ex.needsEmbeddings && !semantic)) return true;
  out(`   Expected ${ex.expectTop ?? "no result"} first, but got ${top ?? "no result"}.`);
  return false;
}

/** A path relative to the working folder when it is below it, else as is. */
function shown(path: string): string {
  const rel = relative(process.cwd(), path).split("\\").join("/");
  return rel === "" ? "." : rel.startsWith("..") || isAbsolute(rel) ? path : rel;
}

function modeLine(e: EmbeddingSource): string {
  switch (e.kind) {
    case "ollama":
      return `Mode: hybrid (keyword + semantic), embedding with ${e.model} at ${e.url}.`;
    case "offline":
    case "none":
      return (
        "Mode: keyword only. For semantic search too, run an Ollama with an embedding model and set OLLAMA_URL:\n" +
        "  OLLAMA_URL=http://127.0.0.1:11434 OLLAMA_MODEL=nomic-embed-text npm run demo" +
        (e.kind === "offline" ? `\n(The vectors an earlier run made with ${e.model} are kept for that.)` : "")
      );
  }
}

/** Runs the demo keyword-only, with the reason printed, when the Ollama asked for can't embed. */
async function checkOllama(target: OllamaTarget, cli: CliIo, out: (s?: string) => void): Promise<OllamaTarget | undefined> {
  const client = new OllamaClient({ baseUrl: target.url, retries: 0, ...(cli.fetch ? { fetch: cli.fetch } : {}) });
  const shown = await client.showModel(target.model, cli.signal);
  if (shown.ok) return target;
  out(`${shown.error.message}`);
  out("Going on with keyword search only.");
  return undefined;
}
