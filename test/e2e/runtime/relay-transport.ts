import type { RequestTransport } from "../../fakes/obsidian";

/** Statuses whose Response must not have a body. */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/**
 * Sends `requestUrl` traffic through the harness server's relay. Obsidian's `requestUrl` is not bound by CORS
 * while page `fetch` is, so the relay (same origin as the page) performs the request from Node. Network
 * failures come back as a rejected promise, as with `fetch`.
 */
export const relayTransport: RequestTransport = async (url, init) => {
  const headers = new Headers(init.headers);
  const flat: Record<string, string> = {};
  headers.forEach((value, key) => {
    flat[key] = value;
  });
  const relayed = await globalThis.fetch("/harness/relay", {
    method: "POST",
    headers: {
      "x-relay-url": encodeURIComponent(url),
      "x-relay-method": init.method ?? "GET",
      "x-relay-headers": encodeURIComponent(JSON.stringify(flat)),
    },
    body: init.body,
  });
  const failure = relayed.headers.get("x-relay-error");
  if (failure !== null) throw new TypeError(decodeURIComponent(failure));
  const status = Number(relayed.headers.get("x-relay-status"));
  const responseHeaders = JSON.parse(decodeURIComponent(relayed.headers.get("x-relay-headers") ?? "%7B%7D")) as Record<string, string>;
  const body = NULL_BODY.has(status) ? null : await relayed.arrayBuffer();
  return new Response(body, { status, headers: responseHeaders });
};
