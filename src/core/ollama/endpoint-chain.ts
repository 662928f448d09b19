import { canonicalModelName } from "./model-name";
import { normalizeOllamaUrl } from "./ollama-url";

/** One Ollama server and the embedding model asked of it. */
export interface OllamaEndpoint {
  /** Normalised base URL, e.g. "http://127.0.0.1:11434". */
  url: string;
  /** Canonical model name (see `canonicalModelName`). */
  model: string;
}

/**
 * Reads one chain entry, `URL` or `URL@MODEL`; without a model the entry uses `defaultModel`. The `@` that splits is
 * the first one after which the text before it is still a URL, so `http://user:pw@host@model` and a model pinned by
 * digest (`model@sha256:…`) both read right. A blank URL is Ollama's default one. Undefined when the URL is no URL
 * or no model is known.
 */
export function parseEndpoint(raw: string, defaultModel: string): OllamaEndpoint | undefined {
  const text = raw.trim();
  for (let at = text.indexOf("@"); at > 0; at = text.indexOf("@", at + 1)) {
    const url = normalizeOllamaUrl(text.slice(0, at));
    const model = canonicalModelName(text.slice(at + 1));
    if (url !== undefined && model !== "" && !model.includes("://")) return { url, model };
  }
  const url = normalizeOllamaUrl(text);
  const model = canonicalModelName(defaultModel);
  return url === undefined || model === "" ? undefined : { url, model };
}

/** A chain entry as settings keep it: "URL" or "URL@MODEL", normalised; undefined when it is no server. */
export function endpointEntry(raw: string): string | undefined {
  if (raw.trim() === "") return undefined;
  const e = parseEndpoint(raw, "-");
  if (!e) return undefined;
  return e.model === "-" ? e.url : endpointText(e);
}

/** An endpoint as a chain entry: `URL@MODEL`. */
export function endpointText(e: OllamaEndpoint): string {
  return `${e.url}@${e.model}`;
}

/**
 * The whole chain: the first server (the settings' URL and model) then the fallbacks in order, without repeats.
 * Entries that don't parse are dropped (settings normalisation reports them).
 */
export function endpointChain(first: OllamaEndpoint, fallbacks: readonly string[]): OllamaEndpoint[] {
  const out: OllamaEndpoint[] = [{ url: first.url, model: canonicalModelName(first.model) }];
  for (const raw of fallbacks) {
    const e = parseEndpoint(raw, first.model);
    if (e && !out.some((o) => o.url === e.url && o.model === e.model)) out.push(e);
  }
  return out;
}
