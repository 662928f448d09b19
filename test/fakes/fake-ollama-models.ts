/**
 * The deterministic "models" behind the fake Ollama server: a toy tokenizer, bag-of-words vectors and template
 * passages. Exported so tests can compute what the server will answer.
 */

/** Vector size of the fake embedding models. */
export const FAKE_DIMENSIONS = 64;
/** The version /api/version reports. */
export const FAKE_OLLAMA_VERSION = "0.13.5";

export interface FakeModel {
  family: string;
  capabilities: string[];
}

export const MODELS: Record<string, FakeModel> = {
  "fake-embed": { family: "bert", capabilities: ["embedding"] },
  "nomic-embed-text": { family: "nomic-bert", capabilities: ["embedding"] },
  "fake-llm": { family: "llama", capabilities: ["completion"] },
  "fake-judge": { family: "qwen3", capabilities: ["completion", "thinking"] },
};

/**
 * The fake judge's P(yes): the share of the query's words (after the last `Query:` line) found in the document
 * (after the last `Document:` line), mapped onto 0.05–0.95; 0.01 without the two markers.
 */
export function fakeYes(prompt: string): number {
  const q = [...prompt.matchAll(/^Query:(.*)$/gm)].pop()?.[1];
  const at = prompt.lastIndexOf("\nDocument:");
  if (q === undefined || at < 0) return 0.01;
  const doc = new Set([...prompt.slice(at + 10).toLowerCase().matchAll(WORD)].map(([w]) => w));
  const words = [...q.toLowerCase().matchAll(WORD)].map(([w]) => w);
  const found = words.filter((w) => doc.has(w)).length;
  return words.length === 0 ? 0.01 : 0.05 + (0.9 * found) / words.length;
}

/** Ollama's `logprobs` of a one-token yes/no answer with P(yes) = `p`, both words among the alternatives. */
export function fakeLogprobs(p: number, top: number): unknown[] {
  const token = p >= 0.5 ? "yes" : "no";
  const alts = [
    { token: "yes", logprob: Math.log(p), bytes: [121, 101, 115] },
    { token: "no", logprob: Math.log(1 - p), bytes: [110, 111] },
  ].sort((a, b) => b.logprob - a.logprob);
  return [{ token, logprob: Math.log(token === "yes" ? p : 1 - p), bytes: [], top_logprobs: alts.slice(0, Math.max(0, top)) }];
}


export const WORD = /\p{Script=Han}|\p{Script=Hiragana}|\p{Script=Katakana}|[\p{L}\p{N}]+/gu;
const TOKEN = /\p{Script=Han}|\p{Script=Hiragana}|\p{Script=Katakana}|[\p{L}\p{N}]+|[^\s\p{L}\p{N}]/gu;

/**
 * The fake's tokenizer: like a subword tokenizer, a letter run costs one token per 5 characters (rounded up),
 * every CJK character and punctuation mark costs one, plus two special tokens per input.
 */
export function fakeTokenCount(text: string): number {
  let n = 2;
  for (const [token] of text.matchAll(TOKEN)) n += /[\p{L}\p{N}]{2,}/u.test(token) ? Math.ceil(token.length / 5) : 1;
  return n;
}

/** Bag-of-words vector: each lower-cased word adds ±1 to a hashed dimension, then the vector is normalised. */
export function fakeEmbedding(text: string, dims = FAKE_DIMENSIONS): number[] {
  const v = new Array<number>(dims).fill(0);
  for (const [word] of text.toLowerCase().matchAll(WORD)) {
    let h = 0x811c9dc5;
    for (let i = 0; i < word.length; i++) h = Math.imul(h ^ word.charCodeAt(i), 0x01000193) >>> 0;
    v[h % dims] = (v[h % dims] ?? 0) + ((h >>> 16) & 1 ? 1 : -1);
  }
  const norm = Math.hypot(...v);
  if (norm === 0) v[0] = 1;
  return norm === 0 ? v : v.map((x) => x / norm);
}

/** A deterministic "hypothetical passage" built from the words after the last "Query:" (or the whole prompt). */
export function fakePassage(prompt: string): string {
  const marker = prompt.lastIndexOf("Query:");
  const query = (marker === -1 ? prompt : prompt.slice(marker + 6)).split("\n")[0]?.trim() ?? "";
  const words = [...query.matchAll(WORD)].map(([w]) => w);
  const topic = words.join(" ") || "this topic";
  return `A note about ${topic}. It explains ${topic} with examples. In short, ${words.slice(0, 3).join(" ") || topic} matters.`;
}
