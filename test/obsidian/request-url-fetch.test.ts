import type { RequestUrlParam, RequestUrlResponse, RequestUrlResponsePromise, requestUrl } from "obsidian";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OllamaClient } from "../../src/core/ollama/ollama-client";
import { createRequestUrlFetch } from "../../src/obsidian/request-url-fetch";
import { startFakeOllama, type FakeOllama } from "../fakes/fake-ollama";

type Handler = (param: RequestUrlParam) => RequestUrlResponse | Promise<RequestUrlResponse>;

/** A stand-in for Obsidian's requestUrl: records each call and answers with `handler`. */
function fakeRequestUrl(handler: Handler): { requestUrl: typeof requestUrl; calls: RequestUrlParam[] } {
  const calls: RequestUrlParam[] = [];
  const fn = (request: RequestUrlParam | string): RequestUrlResponsePromise => {
    const param = typeof request === "string" ? { url: request } : request;
    calls.push(param);
    const promise = Promise.resolve().then(() => handler(param));
    // Getters, so the derived promises exist (and can reject) only when someone asks for them.
    return Object.defineProperties(promise, {
      arrayBuffer: { get: () => promise.then((r) => r.arrayBuffer) },
      json: { get: () => promise.then((r): unknown => r.json) },
      text: { get: () => promise.then((r) => r.text) },
    }) as RequestUrlResponsePromise;
  };
  return { requestUrl: fn, calls };
}

function answer(status: number, text: string, headers: Record<string, string> = {}): RequestUrlResponse {
  const bytes = new TextEncoder().encode(text);
  // Like Obsidian's, `json` parses only when read.
  return {
    status,
    headers,
    text,
    arrayBuffer: bytes.buffer.slice(0),
    get json(): unknown {
      return JSON.parse(text) as unknown;
    },
  };
}

describe("createRequestUrlFetch", () => {
  it("sends a GET and returns a real Response with status, headers and body", async () => {
    const { requestUrl, calls } = fakeRequestUrl(() => answer(200, '{"version":"1"}', { "content-type": "application/json" }));
    const response = await createRequestUrlFetch(requestUrl)("http://h/api/version");
    expect(calls).toEqual([{ url: "http://h/api/version", method: "GET", headers: {}, throw: false }]);
    expect(response).toBeInstanceOf(Response);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(await response.json()).toEqual({ version: "1" });
  });

  it("passes method, headers and a string body, with the content type as contentType", async () => {
    const { requestUrl, calls } = fakeRequestUrl(() => answer(200, "{}"));
    await createRequestUrlFetch(requestUrl)(new URL("http://h/api/embed"), {
      method: "post",
      body: '{"a":1}',
      headers: { "Content-Type": "application/json", "X-Test": "yes" },
    });
    expect(calls).toEqual([
      {
        url: "http://h/api/embed",
        method: "POST",
        headers: { "x-test": "yes" },
        body: '{"a":1}',
        contentType: "application/json",
        throw: false,
      },
    ]);
  });

  it("serialises non-string bodies and Request inputs", async () => {
    const { requestUrl, calls } = fakeRequestUrl(() => answer(200, ""));
    const f = createRequestUrlFetch(requestUrl);
    await f("http://h/bytes", { method: "POST", body: new Uint8Array([1, 2, 3]) });
    await f(new Request("http://h/form", { method: "POST", body: new URLSearchParams({ q: "a b" }) }));
    expect(new Uint8Array(calls[0]?.body as ArrayBuffer)).toEqual(new Uint8Array([1, 2, 3]));
    expect(calls[0]?.contentType).toBe("application/octet-stream");
    expect(new TextDecoder().decode(calls[1]?.body as ArrayBuffer)).toBe("q=a+b");
    expect(calls[1]?.contentType).toMatch(/^application\/x-www-form-urlencoded/);
  });

  it("returns HTTP errors as responses instead of throwing", async () => {
    const { requestUrl } = fakeRequestUrl(() => answer(404, "404 page not found"));
    const response = await createRequestUrlFetch(requestUrl)("http://h/api/embed");
    expect(response.ok).toBe(false);
    expect(response.status).toBe(404);
    expect(await response.text()).toBe("404 page not found");
  });

  it("gives 204 answers no body", async () => {
    const { requestUrl } = fakeRequestUrl(() => answer(204, ""));
    expect((await createRequestUrlFetch(requestUrl)("http://h/")).body).toBeNull();
  });

  it("rejects with a TypeError when requestUrl fails", async () => {
    const { requestUrl } = fakeRequestUrl(() => Promise.reject(new Error("net::ERR_CONNECTION_REFUSED")));
    await expect(createRequestUrlFetch(requestUrl)("http://h/")).rejects.toThrow(TypeError);
  });

  it("rejects with an AbortError without calling requestUrl when already aborted", async () => {
    const { requestUrl, calls } = fakeRequestUrl(() => answer(200, ""));
    const pending = createRequestUrlFetch(requestUrl)("http://h/", { signal: AbortSignal.abort() });
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
    expect(calls).toEqual([]);
  });

  it("rejects with an AbortError when aborted while requestUrl is still running", async () => {
    const { requestUrl, calls } = fakeRequestUrl(() => new Promise<RequestUrlResponse>(() => undefined));
    const controller = new AbortController();
    const pending = createRequestUrlFetch(requestUrl)("http://h/", { signal: controller.signal });
    while (calls.length === 0) await Promise.resolve();
    controller.abort();
    const error: unknown = await pending.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe("AbortError");
  });
});

describe("OllamaClient over requestUrl", () => {
  let fake: FakeOllama;
  beforeAll(async () => {
    fake = await startFakeOllama();
  });
  afterAll(() => fake.close());

  // requestUrl as Obsidian would do it, but over Node's HTTP stack: no signal, cannot be cancelled.
  const { requestUrl } = fakeRequestUrl(async (param) => {
    const res = await globalThis.fetch(param.url, {
      method: param.method ?? "GET",
      headers: { ...param.headers, ...(param.contentType ? { "content-type": param.contentType } : {}) },
      ...(param.body === undefined ? {} : { body: param.body }),
    });
    const text = await res.text();
    return answer(res.status, text, Object.fromEntries(res.headers));
  });

  it("checks health, embeds and reports errors", async () => {
    const client = new OllamaClient({ baseUrl: fake.url, fetch: createRequestUrlFetch(requestUrl), retries: 0 });
    expect((await client.version()).ok).toBe(true);
    const vectors = await client.embedRaw("fake-embed", ["a", "b"]);
    expect(vectors.ok && vectors.value.length).toBe(2);
    const missing = await client.embedRaw("no-such-model", ["a"]);
    expect(!missing.ok && missing.error.code).toBe("OLLAMA_MODEL_MISSING");
  });

  it("lets the caller abort a hanging request", async () => {
    fake.setFaults({ hang: true });
    const client = new OllamaClient({ baseUrl: fake.url, fetch: createRequestUrlFetch(requestUrl) });
    const controller = new AbortController();
    const pending = client.embedRaw("fake-embed", ["a"], controller.signal);
    while (fake.stats.embedCalls === 0) await new Promise((resolve) => setImmediate(resolve));
    controller.abort();
    const result = await pending;
    expect(!result.ok && result.error.code).toBe("ABORTED");
    fake.reset();
  });
});
