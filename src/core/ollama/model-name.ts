/**
 * Ollama fills in what a model name leaves out: the registry host "registry.ollama.ai", the namespace "library" and
 * the tag "latest". So "nomic-embed-text", "nomic-embed-text:latest" and
 * "registry.ollama.ai/library/nomic-embed-text:latest" are one model to Ollama, and must be one to the index too:
 * the index, its embedding cache, its calibration and its model checks key on the name, and two spellings of one
 * model would re-embed the whole vault.
 */
const DEFAULT_TAG = "latest";
const DEFAULT_HOST = "registry.ollama.ai/";
const DEFAULT_NAMESPACE = "library/";

/**
 * The one spelling of a model name used everywhere: trimmed, without the default tag (`:latest`, in any case), the
 * default registry host and the default namespace. Any other tag is kept ("nomic-embed-text:v1.5" and
 * "qwen3-embedding:0.6b" are other weights), and so is a registry with a port ("host:5000/m" keeps its ":5000";
 * only a colon in the last path segment starts a tag). Letter case is kept, since a name goes to Ollama as written.
 * "" stays "" (no model).
 */
export function canonicalModelName(name: string): string {
  const trimmed = name.trim();
  // A digest pins exact weights; the name before it is not rewritten.
  if (trimmed.includes("@")) return trimmed;
  let s = trimmed;
  const slash = s.lastIndexOf("/");
  const colon = s.lastIndexOf(":");
  if (colon > slash && s.slice(colon + 1).toLowerCase() === DEFAULT_TAG) s = s.slice(0, colon);
  if (startsWithFold(s, DEFAULT_HOST)) s = s.slice(DEFAULT_HOST.length);
  // "library/x" is "x", but only with nothing in front: "host/library/x" is another registry's namespace.
  if (startsWithFold(s, DEFAULT_NAMESPACE) && s.indexOf("/", DEFAULT_NAMESPACE.length) === -1) s = s.slice(DEFAULT_NAMESPACE.length);
  // Nothing but defaults (":latest", "library/") is no name we can shorten.
  return s === "" ? trimmed : s;
}

/** Whether two names are one model to Ollama (see `canonicalModelName`). */
export function sameModelName(a: string, b: string): boolean {
  return canonicalModelName(a) === canonicalModelName(b);
}

function startsWithFold(s: string, prefix: string): boolean {
  return s.slice(0, prefix.length).toLowerCase() === prefix;
}
