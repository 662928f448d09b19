/**
 * A fake Ollama HTTP server for tests: deterministic vectors and passages, and switches for the failures a real
 * Ollama shows (down, hanging, 500s, missing model, wrong vector size, no /api/embed, slow). A plain node:http
 * server on 127.0.0.1, so browser end-to-end harnesses can use it too.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import {
  FAKE_DIMENSIONS,
  FAKE_OLLAMA_VERSION,
  MODELS,
  fakeEmbedding,
  fakeLogprobs,
  fakePassage,
  fakeTokenCount,
  fakeYes,
  type FakeModel,
} from "./fake-ollama-models";

export { FAKE_DIMENSIONS, FAKE_OLLAMA_VERSION, fakeEmbedding, fakePassage, fakeTokenCount, fakeYes } from "./fake-ollama-models";

export interface FakeOllamaFaults {
  /** Refuse service: every connection and request is closed without an answer. */
  down: boolean;
  /** Accept requests but never answer them until reset() or until this is switched off (for timeout tests). */
  hang: boolean;
  /** Answer the next N /api calls with HTTP 500. */
  status500: number;
  /** Every model is unknown (404 "model not found"). */
  missingModel: boolean;
  /** Embeddings come back with one dimension too many. */
  wrongDimension: boolean;
  /** Behave like Ollama before 0.3: /api/embed answers 404 "404 page not found". */
  noEmbedEndpoint: boolean;
  /** Delay every answer by this many ms. */
  slowMs: number;
  /** Hold /api/show requests (a model check) unanswered until this is switched off, then answer them. */
  holdShow: boolean;
  /** Hold /api/embed requests unanswered until this is switched off, then answer them (a stuck model runner). */
  holdEmbed: boolean;
  /** Answer /api/generate without `logprobs` even when asked for them, like Ollama before 0.12.11. */
  noLogprobs: boolean;
}

export interface FakeOllamaStats {
  /** /api/embed requests received, including those answered with an error. */
  embedCalls: number;
  /** Inputs over all /api/embed requests. */
  embedInputs: number;
  /** /api/generate requests received. */
  generateCalls: number;
  /** Number of inputs in each /api/embed request, in order. */
  embedBatches: number[];
  /** Every input that reached /api/embed, in order, for asserting what was (not) sent. */
  inputs: string[];
  /** Every /api path requested, in order (e.g. "/api/version"), including failed ones. */
  apiCalls: string[];
  /** The body of every /api/generate request, in order. */
  generateBodies: Record<string, unknown>[];
}

export interface FakeOllama {
  /** Base URL, e.g. "http://127.0.0.1:43121". */
  url: string;
  setFaults(f: Partial<FakeOllamaFaults>): void;
  /** Requests held now by `holdShow` and `holdEmbed`, by path (e.g. `{"/api/show": 1}`); answered ones are gone. */
  holding(): Record<string, number>;
  /** Clears faults and stats, and drops any hanging requests. */
  reset(): void;
  stats: FakeOllamaStats;
  close(): Promise<void>;
}

const NO_FAULTS: FakeOllamaFaults = {
  down: false,
  hang: false,
  status500: 0,
  missingModel: false,
  wrongDimension: false,
  noEmbedEndpoint: false,
  slowMs: 0,
  holdShow: false,
  holdEmbed: false,
  noLogprobs: false,
};

export interface FakeOllamaOptions {
  /** Port on 127.0.0.1. Default 0: an ephemeral port, see `url`. */
  port?: number;
  /** Context length of the embedding models, in the fake's tokens (see fakeTokenCount). Default 512. */
  contextLength?: number;
  /** Length of the embedding models' vectors. Default FAKE_DIMENSIONS (64); benchmarks use a real model's 768. */
  dimensions?: number;
  /** Context length /api/show reports for the generation models. Default 4096. */
  generationContextLength?: number;
}

/**
 * Starts the fake on 127.0.0.1 with models "fake-embed", "nomic-embed-text" (64-d embedding by default), "fake-llm"
 * and "fake-judge" (a yes/no relevance judge with logprobs, see fakeYes).
 */
export async function startFakeOllama(opts: FakeOllamaOptions = {}): Promise<FakeOllama> {
  const contextLength = opts.contextLength ?? 512;
  const dimensions = opts.dimensions ?? FAKE_DIMENSIONS;
  let faults: FakeOllamaFaults = { ...NO_FAULTS };
  const sockets = new Set<Socket>();
  const hanging = new Set<ServerResponse>();
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const held: Record<"/api/show" | "/api/embed", (() => void)[]> = { "/api/show": [], "/api/embed": [] };
  const answerHeld = (path: keyof typeof held): void => {
    const waiting = held[path].splice(0);
    for (const go of waiting) go();
  };
  const answerAllHeld = (): void => {
    answerHeld("/api/show");
    answerHeld("/api/embed");
  };
  const stats: FakeOllamaStats = { embedCalls: 0, embedInputs: 0, generateCalls: 0, embedBatches: [], inputs: [], apiCalls: [], generateBodies: [] };

  const dropHanging = (): void => {
    for (const res of hanging) res.destroy();
    hanging.clear();
  };

  const server = createServer((req, res) => {
    void handle(req, res).catch(() => res.destroy());
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    if (faults.down) socket.destroy();
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readBody(req);
    if (faults.down) {
      req.socket.destroy();
      return;
    }
    const path = new URL(req.url ?? "/", "http://x").pathname;
    const json: unknown = body === "" ? {} : safeParse(body);
    if (path.startsWith("/api/")) stats.apiCalls.push(path);
    if (path === "/api/embed") recordEmbed(json);
    if (path === "/api/generate") {
      stats.generateCalls++;
      if (isObject(json)) stats.generateBodies.push(json);
    }
    if (faults.hang) {
      hanging.add(res);
      return;
    }
    if (faults.slowMs > 0) await delay(faults.slowMs);
    if ((path === "/api/show" && faults.holdShow) || (path === "/api/embed" && faults.holdEmbed)) {
      await new Promise<void>((go) => held[path].push(go));
    }
    if (path.startsWith("/api/") && faults.status500 > 0) {
      faults.status500--;
      send(res, 500, { error: "fake internal server error" });
      return;
    }
    route(req.method ?? "GET", path, json, res);
  }

  function recordEmbed(json: unknown): void {
    stats.embedCalls++;
    const input = isObject(json) ? json.input : undefined;
    const inputs = typeof input === "string" ? [input] : Array.isArray(input) ? input.map(String) : [];
    stats.embedInputs += inputs.length;
    stats.embedBatches.push(inputs.length);
    stats.inputs.push(...inputs);
  }

  function route(method: string, path: string, json: unknown, res: ServerResponse): void {
    if (method === "GET" && path === "/") return sendText(res, 200, "Ollama is running");
    if (method === "GET" && path === "/api/version") return send(res, 200, { version: FAKE_OLLAMA_VERSION });
    if (method === "GET" && path === "/api/tags") return send(res, 200, { models: faults.missingModel ? [] : tags() });
    if (method === "POST" && path === "/api/embed" && faults.noEmbedEndpoint) {
      return sendText(res, 404, "404 page not found");
    }
    if (method !== "POST" || !["/api/show", "/api/embed", "/api/generate"].includes(path)) {
      return sendText(res, 404, "404 page not found");
    }
    if (json === undefined || !isObject(json)) return send(res, 400, { error: "invalid request body" });
    const name = typeof json.model === "string" ? json.model : typeof json.name === "string" ? json.name : "";
    const model = faults.missingModel ? undefined : MODELS[name.replace(/:latest$/, "")];
    if (!model) {
      const error = path === "/api/show" ? `model '${name}' not found` : `model "${name}" not found, try pulling it first`;
      return send(res, 404, { error });
    }
    if (path === "/api/show") return send(res, 200, show(model));
    if (path === "/api/embed") return embed(json, model, res);
    return generate(json, name, model, res);
  }

  function show(model: FakeModel): unknown {
    const isEmbed = model.capabilities.includes("embedding");
    return {
      license: "",
      modelfile: "",
      parameters: "",
      template: "",
      details: { parent_model: "", format: "gguf", family: model.family, families: [model.family] },
      model_info: {
        "general.architecture": model.family,
        [`${model.family}.context_length`]: isEmbed ? contextLength : (opts.generationContextLength ?? 4096),
        [`${model.family}.embedding_length`]: isEmbed ? dimensions : 256,
      },
      capabilities: model.capabilities,
      modified_at: "2024-01-01T00:00:00Z",
    };
  }

  function embed(json: Record<string, unknown>, model: FakeModel, res: ServerResponse): void {
    if (!model.capabilities.includes("embedding")) return send(res, 400, { error: "this model does not support embeddings" });
    const input = json.input;
    const inputs = typeof input === "string" ? [input] : input;
    if (!Array.isArray(inputs) || !inputs.every((x): x is string => typeof x === "string")) {
      return send(res, 400, { error: "invalid input type" });
    }
    // Like Ollama ≥ 0.13.5, `truncate` is ignored: over-long input is always an error.
    if (inputs.some((text) => fakeTokenCount(text) > contextLength)) {
      return send(res, 400, { error: "the input length exceeds the context length" });
    }
    const dims = dimensions + (faults.wrongDimension ? 1 : 0);
    send(res, 200, { model: json.model, embeddings: inputs.map((t) => fakeEmbedding(t, dims)), total_duration: 0 });
  }

  function generate(json: Record<string, unknown>, name: string, model: FakeModel, res: ServerResponse): void {
    if (!model.capabilities.includes("completion")) {
      return send(res, 400, { error: `"${name}" does not support generate` });
    }
    const prompt = typeof json.prompt === "string" ? json.prompt : "";
    const done = { model: name, created_at: "2024-01-01T00:00:00Z", done: true, done_reason: "stop" };
    if (model.family === "qwen3") {
      // The judge: one token, yes or no, with Ollama's logprobs when asked (and not switched off).
      const p = fakeYes(prompt);
      const top = typeof json.top_logprobs === "number" ? json.top_logprobs : 0;
      const lp = json.logprobs === true && !faults.noLogprobs ? { logprobs: fakeLogprobs(p, top) } : {};
      return send(res, 200, { ...done, response: p >= 0.5 ? "yes" : "no", ...lp });
    }
    const passage = fakePassage(prompt);
    if (json.stream === false) return send(res, 200, { ...done, response: passage });
    res.writeHead(200, { "content-type": "application/x-ndjson" });
    for (const [i, word] of passage.split(" ").entries()) {
      res.write(`${JSON.stringify({ ...done, done: false, response: i === 0 ? word : ` ${word}` })}\n`);
    }
    res.end(`${JSON.stringify({ ...done, response: "" })}\n`);
  }

  function delay(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    stats,
    setFaults(f) {
      faults = { ...faults, ...f };
      if (f.hang === false) dropHanging();
      if (f.holdShow === false) answerHeld("/api/show");
      if (f.holdEmbed === false) answerHeld("/api/embed");
    },
    holding() {
      return Object.fromEntries(Object.entries(held).filter(([, waiting]) => waiting.length > 0).map(([p, waiting]) => [p, waiting.length]));
    },
    reset() {
      faults = { ...NO_FAULTS };
      dropHanging();
      answerAllHeld();
      Object.assign(stats, { embedCalls: 0, embedInputs: 0, generateCalls: 0, embedBatches: [], inputs: [], apiCalls: [], generateBodies: [] });
    },
    async close() {
      dropHanging();
      answerAllHeld();
      for (const timer of timers) clearTimeout(timer);
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function tags(): unknown[] {
  return Object.entries(MODELS).map(([name, m]) => ({
    name: `${name}:latest`,
    model: `${name}:latest`,
    modified_at: "2024-01-01T00:00:00Z",
    size: 1000,
    digest: "0".repeat(64),
    details: { format: "gguf", family: m.family, families: [m.family], parameter_size: "1M", quantization_level: "F16" },
  }));
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (data += chunk));
    req.on("end", () => resolve(data));
    req.on("error", reject);
  });
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
  res.end(JSON.stringify(body));
}

function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { "content-type": "text/plain; charset=utf-8" });
  res.end(text);
}
