import { abortError, raceAbort } from "../core/ollama/abort";
import type { RequestUrlParam, RequestUrlResponse, requestUrl as obsidianRequestUrl } from "obsidian";

/** Statuses whose Response must not have a body. */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/**
 * A fetch-compatible function over Obsidian's `requestUrl`, which is not subject to CORS and works on mobile, so
 * ollama-js can talk to a local Ollama from inside the app. HTTP errors come back as ordinary Responses
 * (`throw: false`), as with fetch. `requestUrl` cannot be cancelled, so an aborted signal makes the returned
 * promise reject at once with an AbortError DOMException while the underlying request finishes unobserved.
 * `requestUrl` is a parameter so this can be tested without Obsidian.
 */
export function createRequestUrlFetch(requestUrl: typeof obsidianRequestUrl): typeof fetch {
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : undefined;
    const signal = init?.signal ?? request?.signal ?? undefined;
    if (signal?.aborted) throw abortError();
    const param = await toRequestParam(input, init, request);
    if (signal?.aborted) throw abortError();
    const response = await (signal ? raceAbort(send(requestUrl, param), signal) : send(requestUrl, param));
    return toResponse(response);
  };
}

async function toRequestParam(
  input: RequestInfo | URL,
  init: RequestInit | undefined,
  request: Request | undefined,
): Promise<RequestUrlParam> {
  const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
  const method = (init?.method ?? request?.method ?? "GET").toUpperCase();
  const headers: Record<string, string> = {};
  new Headers(init?.headers ?? request?.headers).forEach((value, key) => {
    headers[key] = value;
  });
  const param: RequestUrlParam = { url, method, headers, throw: false };
  const rawBody = init?.body ?? (request && method !== "GET" && method !== "HEAD" ? request.body : null);
  if (rawBody !== null && rawBody !== undefined) {
    if (typeof rawBody === "string") {
      param.body = rawBody;
    } else {
      // Response knows how to serialise every BodyInit (Blob, FormData, URLSearchParams, streams, typed arrays)
      // and which content type that implies.
      const wrapped = new Response(rawBody);
      param.body = await wrapped.arrayBuffer();
      headers["content-type"] ??= wrapped.headers.get("content-type") ?? "application/octet-stream";
    }
  }
  // requestUrl sets Content-Type from `contentType`; sending it in both places could duplicate the header.
  const contentType = headers["content-type"];
  if (contentType !== undefined) {
    param.contentType = contentType;
    delete headers["content-type"];
  }
  return param;
}

async function send(requestUrl: typeof obsidianRequestUrl, param: RequestUrlParam): Promise<RequestUrlResponse> {
  try {
    return await requestUrl(param);
  } catch (error) {
    // Like fetch: a request that got no HTTP answer is a TypeError.
    throw new TypeError(`Request to ${param.url} failed: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
}

function toResponse(res: RequestUrlResponse): Response {
  if (!Number.isInteger(res.status) || res.status < 200 || res.status > 599) {
    throw new TypeError(`Request failed with unusable status ${res.status}`);
  }
  const headers = new Headers();
  for (const [key, value] of Object.entries(res.headers)) {
    try {
      headers.append(key, value);
    } catch {
      // A header the Fetch API refuses (bad name or value) is dropped rather than failing the whole response.
    }
  }
  const body = NULL_BODY_STATUSES.has(res.status) ? null : res.arrayBuffer;
  return new Response(body, { status: res.status, headers });
}
