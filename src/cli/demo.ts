/**
 * `npm run demo`: indexes examples/demo-vault and runs a few example searches. Keyword-only unless `--ollama URL`
 * (or the OLLAMA_URL environment variable) is given; the model is `--model NAME`, else OLLAMA_MODEL, else
 * nomic-embed-text.
 */
import { fileURLToPath } from "node:url";
import { normalizeOllamaUrl } from "../core/ollama/ollama-url";
import { EXIT_FAILURE, EXIT_USAGE, processIo } from "./cli-io";
import { runDemo } from "./demo-run";

const DEFAULT_DEMO_MODEL = "nomic-embed-text";
const vault = fileURLToPath(new URL("../../examples/demo-vault", import.meta.url));

const argv = process.argv.slice(2);
const flag = (name: string): string | undefined => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
};
const rawUrl = flag("ollama") ?? process.env.OLLAMA_URL;
const model = flag("model") ?? process.env.OLLAMA_MODEL ?? DEFAULT_DEMO_MODEL;
const url = rawUrl === undefined || rawUrl.trim() === "" ? undefined : normalizeOllamaUrl(rawUrl);

if (rawUrl !== undefined && rawUrl.trim() !== "" && url === undefined) {
  process.stderr.write(`"${rawUrl}" is not an Ollama URL. Use e.g. http://127.0.0.1:11434.\n`);
  process.exitCode = EXIT_USAGE;
} else {
  const controller = new AbortController();
  process.once("SIGINT", () => controller.abort());
  try {
    process.exitCode = await runDemo({ vault, ollama: url ? { url, model } : undefined }, processIo(controller.signal));
  } catch (cause) {
    process.stderr.write(`Unexpected error: ${cause instanceof Error ? (cause.stack ?? cause.message) : String(cause)}\n`);
    process.exitCode = EXIT_FAILURE;
  }
}
