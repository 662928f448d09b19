import { describe, expect, it } from "vitest";
import { DEFAULT_CLI_LIMIT, parseCommandLine } from "../../src/cli/args";
import { DEFAULT_CONFIG_DIR } from "../../src/cli/node/vault-config";

function parsed(argv: string[]) {
  const r = parseCommandLine(argv);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

function failure(argv: string[]): string {
  const r = parseCommandLine(argv);
  if (r.ok) throw new Error(`expected ${argv.join(" ")} to be refused`);
  expect(r.error.code).toBe("BAD_INPUT");
  return r.error.message;
}

describe("parseCommandLine", () => {
  it("reads a search with every option", () => {
    expect(
      parsed(["search", "--vault", "v", "--ollama", "localhost", "--model", "m", "--mode", "semantic", "--limit", "3", "--json", "q"]),
    ).toEqual({
      kind: "search",
      vault: "v",
      ollama: { url: "http://localhost:11434", model: "m" },
      configDir: DEFAULT_CONFIG_DIR,
      query: "q",
      mode: "semantic",
      limit: 3,
      json: true,
    });
  });

  it("takes --hyde MODEL only for a search that embeds", () => {
    const withOllama = ["search", "--vault", "v", "--model", "m", "--hyde", "llama3.2", "q"];
    expect(parsed(withOllama)).toMatchObject({ kind: "search", hydeModel: "llama3.2" });
    expect(failure(["search", "--vault", "v", "--hyde", "llama3.2", "q"])).toMatch(/--hyde MODEL needs --ollama/);
    expect(failure(["search", "--vault", "v", "--model", "m", "--mode", "keyword", "--hyde", "x", "q"])).toMatch(/--hyde/);
    expect(failure(["index", "--vault", "v", "--model", "m", "--hyde", "x"])).toMatch(/belong to "search"/);
  });

  it("takes --include-superseded for a search only", () => {
    expect(parsed(["search", "--vault", "v", "--include-superseded", "q"])).toMatchObject({ kind: "search", includeSuperseded: true });
    expect(failure(["index", "--vault", "v", "--include-superseded"])).toMatch(/belong to "search"/);
  });

  it("defaults to hybrid, the default limit, text output and no Ollama", () => {
    expect(parsed(["search", "--vault", "v", "two", "words"])).toEqual({
      kind: "search",
      vault: "v",
      ollama: undefined,
      configDir: DEFAULT_CONFIG_DIR,
      query: "two words",
      mode: "hybrid",
      limit: DEFAULT_CLI_LIMIT,
      json: false,
    });
  });

  it("reads index, and --model alone means the default Ollama URL", () => {
    expect(parsed(["index", "--vault", "v", "--model", "nomic-embed-text"])).toEqual({
      kind: "index",
      vault: "v",
      ollama: { url: "http://127.0.0.1:11434", model: "nomic-embed-text" },
      configDir: DEFAULT_CONFIG_DIR,
    });
    expect(parsed(["index", "--vault", "v", "--config-dir", ".config"])).toMatchObject({ configDir: ".config" });
  });

  it("spells --model and --hyde one way: \":latest\" is the model without a tag, other tags stay", () => {
    expect(parsed(["index", "--vault", "v", "--model", "nomic-embed-text:latest"])).toMatchObject({ ollama: { model: "nomic-embed-text" } });
    expect(parsed(["index", "--vault", "v", "--model", " nomic-embed-text "])).toMatchObject({ ollama: { model: "nomic-embed-text" } });
    expect(parsed(["index", "--vault", "v", "--model", "nomic-embed-text:v1.5"])).toMatchObject({ ollama: { model: "nomic-embed-text:v1.5" } });
    expect(parsed(["index", "--vault", "v", "--model", "localhost:5000/m:latest"])).toMatchObject({ ollama: { model: "localhost:5000/m" } });
    expect(parsed(["search", "--vault", "v", "--model", "m", "--hyde", "llama3.2:latest", "q"])).toMatchObject({ hydeModel: "llama3.2" });
  });

  it("treats no arguments, help and --help as a request for help", () => {
    for (const argv of [[], ["help"], ["--help"], ["-h"], ["search", "--help"]]) expect(parsed(argv)).toEqual({ kind: "help" });
  });

  it("refuses bad input with a message that says what to do", () => {
    expect(failure(["search", "q"])).toMatch(/Missing --vault DIR/);
    expect(failure(["index", "--vault", "  "])).toMatch(/Missing --vault DIR/);
    expect(failure(["search", "--vault", "v", "--mode", "fuzzy", "q"])).toMatch(/Unknown --mode "fuzzy"/);
    expect(failure(["search", "--vault", "v"])).toMatch(/Missing the query/);
    expect(failure(["search", "--vault", "v", "   "])).toMatch(/Missing the query/);
    expect(failure(["reindex", "--vault", "v"])).toMatch(/Unknown command "reindex"/);
    expect(failure(["search", "--vault", "v", "--limit", "0", "q"])).toMatch(/--limit must be a whole number/);
    expect(failure(["search", "--vault", "v", "--limit", "2.5", "q"])).toMatch(/--limit/);
    expect(failure(["search", "--vault", "v", "--ollama", "http://x", "q"])).toMatch(/--ollama needs --model/);
    expect(failure(["search", "--vault", "v", "--ollama", "ftp://x", "--model", "m", "q"])).toMatch(/is not a URL/);
    expect(failure(["search", "--vault", "v", "--mode", "semantic", "q"])).toMatch(/--mode semantic needs embeddings/);
    expect(failure(["search", "--vault", "v", "--colour", "q"])).toMatch(/Unknown option '--colour'/);
    expect(failure(["index", "--vault", "v", "stray"])).toMatch(/takes no query/);
    expect(failure(["index", "--vault", "v", "--json"])).toMatch(/belong to "search"/);
    expect(failure(["index", "--vault", "v", "--config-dir", "a/b"])).toMatch(/--config-dir must be a folder name/);
  });
});

describe("parseCommandLine: the agent commands", () => {
  it("reads mcp with --watch and --http, and watch", () => {
    expect(parsed(["mcp", "--vault", "v", "--model", "m", "--watch", "--http", "8765"])).toEqual({
      kind: "mcp",
      vault: "v",
      ollama: { url: "http://127.0.0.1:11434", model: "m" },
      configDir: DEFAULT_CONFIG_DIR,
      httpPort: 8765,
      watch: true,
    });
    expect(parsed(["mcp", "--vault", "v"])).toMatchObject({ kind: "mcp", httpPort: undefined, watch: false, ollama: undefined });
    expect(parsed(["watch", "--vault", "v"])).toEqual({ kind: "watch", vault: "v", ollama: undefined, configDir: DEFAULT_CONFIG_DIR });
  });

  it("refuses what doesn't belong, with a message saying so", () => {
    expect(failure(["mcp", "--vault", "v", "--http", "http"])).toMatch(/--http must be a port number/);
    expect(failure(["mcp", "--vault", "v", "--http", "70000"])).toMatch(/--http must be a port number/);
    expect(failure(["mcp", "--vault", "v", "query"])).toMatch(/takes no query/);
    expect(failure(["watch", "--vault", "v", "--http", "1"])).toMatch(/belong to "mcp"/);
    expect(failure(["search", "--vault", "v", "--watch", "q"])).toMatch(/belong to "mcp"/);
    expect(failure(["mcp", "--vault", "v", "--limit", "3"])).toMatch(/belong to "search"/);
    expect(failure(["mcp"])).toMatch(/Missing --vault/);
  });
});

describe("parseCommandLine: messages from the error table", () => {
  it("keep the words they had before the table, each as a BAD_INPUT error", () => {
    const cases: [string[], string][] = [
      [["search", "--vault", "v", "--colour", "q"], "Unknown option '--colour'. To specify a positional argument starting with a '-', place it at the end of the command after '--', as in '-- \"--colour\". Run with --help for the options."],
      [["reindex", "--vault", "v"], 'Unknown command "reindex". Use "index", "search", "watch" or "mcp", or run with --help.'],
      [["index"], "Missing --vault DIR: the folder of the vault to index."],
      [["index", "--vault", "v", "--config-dir", "a/b"], "--config-dir must be a folder name inside the vault, such as .obsidian."],
      [["search", "--vault", "v", "--watch", "q"], '--http and --watch belong to "mcp".'],
      [["watch", "--vault", "v", "--http", "1"], '--http, --watch and --rerank belong to "mcp", not "watch".'],
      [["index", "--vault", "v", "stray", "words"], '"index" takes no query, but got "stray words".'],
      [["mcp", "--vault", "v", "query"], '"mcp" takes no query, but got "query".'],
      [["index", "--vault", "v", "--json"], '--mode, --limit, --json, --hyde and --rerank belong to "search", not "index".'],
      [["watch", "--vault", "v", "--limit", "3"], '--mode, --limit, --json, --hyde and --rerank belong to "search", not "watch".'],
      [["search", "--vault", "v"], 'Missing the query, e.g. search --vault DIR "postgres backup".'],
      [["search", "--vault", "v", "--mode", "fuzzy", "q"], 'Unknown --mode "fuzzy". Use hybrid, keyword or semantic.'],
      [["search", "--vault", "v", "--mode", "semantic", "q"], "--mode semantic needs embeddings: add --ollama URL --model NAME, or use --mode keyword."],
      [["search", "--vault", "v", "--limit", "0", "q"], '--limit must be a whole number of at least 1, not "0".'],
      [["search", "--vault", "v", "--hyde", "llm", "q"], "--hyde MODEL needs --ollama URL --model NAME and a hybrid or semantic search."],
      [["search", "--vault", "v", "--ollama", "http://x", "q"], "--ollama needs --model NAME too, e.g. --model nomic-embed-text."],
      [["search", "--vault", "v", "--ollama", "ftp://x", "--model", "m", "q"], '--ollama "ftp://x" is not a URL. Use e.g. http://127.0.0.1:11434.'],
      [["mcp", "--vault", "v", "--http", "70000"], '--http must be a port number from 1 to 65535, not "70000".'],
    ];
    for (const [argv, message] of cases) {
      const r = parseCommandLine(argv);
      expect(r.ok, argv.join(" ")).toBe(false);
      if (!r.ok) expect(r.error).toMatchObject({ code: "BAD_INPUT", message });
    }
  });
});


describe("--rerank", () => {
  it("names the judge model of a search, in its one spelling, and of the MCP server's search tool", () => {
    expect(parsed(["search", "--vault", "v", "--rerank", "qwen3:latest", "tide pools"])).toMatchObject({ kind: "search", rerankModel: "qwen3", mode: "hybrid" });
    expect(parsed(["search", "--vault", "v", "q"])).toMatchObject({ rerankModel: undefined });
    expect(parsed(["mcp", "--vault", "v", "--rerank", "qwen3:0.6b"])).toMatchObject({ kind: "mcp", rerankModel: "qwen3:0.6b" });
  });

  it("needs a model name, and belongs to search and mcp only", () => {
    expect(failure(["search", "--vault", "v", "--rerank", " ", "q"])).toBe("--rerank needs a model name, e.g. --rerank qwen3:0.6b.");
    expect(failure(["index", "--vault", "v", "--rerank", "m"])).toMatch(/--rerank belong to "search"/);
    expect(failure(["watch", "--vault", "v", "--rerank", "m"])).toMatch(/belong to "mcp", not "watch"/);
  });
});
