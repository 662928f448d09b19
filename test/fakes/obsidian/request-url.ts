import type * as O from "obsidian";

/** How `requestUrl` reaches the network: `fetch`'s shape. */
export type RequestTransport = (url: string, init: RequestInit) => Promise<Response>;

const directFetch: RequestTransport = (url, init) => globalThis.fetch(url, init);
let transport: RequestTransport = directFetch;

/**
 * Fake-only: routes `requestUrl` through another transport (the browser harness relays through its server,
 * because Obsidian's `requestUrl` is not subject to CORS and page `fetch` is). `null` restores global `fetch`.
 */
export function setRequestTransport(next: RequestTransport | null): void {
  transport = next ?? directFetch;
}

/** The error `requestUrl` rejects with for a status of 400 or more when `throw` is on. */
export class RequestUrlError extends Error {
  constructor(
    readonly status: number,
    readonly headers: Record<string, string>,
  ) {
    super(`Request failed, status ${status}`);
  }
}

async function perform(param: O.RequestUrlParam): Promise<O.RequestUrlResponse> {
  const headers: Record<string, string> = { ...param.headers };
  if (param.contentType !== undefined) headers["Content-Type"] = param.contentType;
  const response = await transport(param.url, { method: param.method ?? "GET", headers, body: param.body });
  const arrayBuffer = await response.arrayBuffer();
  const text = new TextDecoder().decode(arrayBuffer);
  const responseHeaders: Record<string, string> = {};
  response.headers.forEach((value, key) => {
    responseHeaders[key] = value;
  });
  if ((param.throw ?? true) && response.status >= 400) throw new RequestUrlError(response.status, responseHeaders);
  return {
    status: response.status,
    headers: responseHeaders,
    arrayBuffer,
    text,
    // Parsed on access, so a non-JSON body only fails for callers that ask for JSON.
    get json(): unknown {
      return JSON.parse(text) as unknown;
    },
  };
}

/**
 * Obsidian's `requestUrl` over `fetch`: header names come back lower-cased, `contentType` sets `Content-Type`,
 * and a status of 400 or more rejects unless `throw: false`. The promise also offers `.text`, `.json` and
 * `.arrayBuffer` promises.
 */
export function requestUrl(request: O.RequestUrlParam | string): O.RequestUrlResponsePromise {
  const promise = perform(typeof request === "string" ? { url: request } : request);
  return Object.defineProperties(promise, {
    arrayBuffer: { get: () => promise.then((r) => r.arrayBuffer) },
    json: { get: () => promise.then((r): unknown => r.json) },
    text: { get: () => promise.then((r) => r.text) },
  }) as O.RequestUrlResponsePromise;
}
