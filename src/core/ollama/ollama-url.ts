/** Where Ollama listens when the user has not said otherwise. */
export const DEFAULT_OLLAMA_URL = "http://127.0.0.1:11434";

/**
 * Turns what a user typed into a base URL: blank means the default, a missing scheme means http with Ollama's
 * port 11434 unless a port is given, and trailing slashes go. Returns undefined when the text is not a URL at all.
 */
export function normalizeOllamaUrl(raw: string | undefined): string | undefined {
  const text = (raw ?? "").trim();
  if (text === "") return DEFAULT_OLLAMA_URL;
  const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text);
  let url: URL;
  try {
    url = new URL(hasScheme ? text : `http://${text}`);
  } catch {
    return undefined;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
  if (!hasScheme && url.port === "") url.port = "11434";
  const path = url.pathname.replace(/\/+$/, "");
  return `${url.protocol}//${url.host}${path}`;
}
