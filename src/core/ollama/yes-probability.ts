import { isRecord } from "./model-info";

/**
 * What a yes/no answer's token probabilities say: P(yes) from 0 to 1; "no-logprobs" when the answer carries none
 * (an Ollama before 0.12.11, or a runner without them); "not-yes-no" when no answered token is yes or no.
 */
export type YesReading = { p: number } | "no-logprobs" | "not-yes-no";

/** "Yes", " yes", "▁YES", "yes." all read as yes: tokenizers mark spaces and case differently. */
function answerWord(token: unknown): "yes" | "no" | undefined {
  if (typeof token !== "string") return undefined;
  const word = token.replace(/^[\s▁Ġ"'`*]+|[\s.,!:;"'`*]+$/gu, "").toLowerCase();
  return word === "yes" || word === "no" ? word : undefined;
}

/**
 * P(yes) from the `logprobs` of an Ollama /api/generate or /api/chat answer (`logprobs: true, top_logprobs: N`). The
 * first generated token with yes or no among itself and its alternatives decides: yes and no both listed give
 * P = e^yes / (e^yes + e^no); only one listed gives its own probability (or one minus it). Tokens before it (a
 * space, an opening quote) are passed over.
 */
export function yesProbability(body: Record<string, unknown>): YesReading {
  const entries = body.logprobs;
  if (!Array.isArray(entries) || entries.length === 0) return "no-logprobs";
  for (const entry of entries) {
    if (!isRecord(entry)) continue;
    const options = [entry, ...(Array.isArray(entry.top_logprobs) ? entry.top_logprobs.filter(isRecord) : [])];
    let yes: number | undefined;
    let no: number | undefined;
    for (const option of options) {
      const word = answerWord(option.token);
      const lp = option.logprob;
      if (word === undefined || typeof lp !== "number" || Number.isNaN(lp)) continue;
      // The same word may come as several tokens ("yes", " Yes"): their probabilities add up.
      if (word === "yes") yes = addLog(yes, lp, option === entry ? options : undefined);
      else no = addLog(no, lp, option === entry ? options : undefined);
    }
    if (yes === undefined && no === undefined) continue;
    if (yes !== undefined && no !== undefined) return { p: clamp01(Math.exp(yes) / (Math.exp(yes) + Math.exp(no))) };
    return { p: clamp01(yes !== undefined ? Math.exp(yes) : 1 - Math.exp(no ?? 0)) };
  }
  return "not-yes-no";
}

/**
 * Adds a token's probability to a word's running total, in log space. The chosen token is usually listed again
 * among its own alternatives (`options` is passed for it); it is then counted once.
 */
function addLog(total: number | undefined, lp: number, options: readonly Record<string, unknown>[] | undefined): number {
  if (options !== undefined && options.slice(1).some((o) => o.token === options[0]?.token)) return total ?? Number.NEGATIVE_INFINITY;
  return total === undefined || total === Number.NEGATIVE_INFINITY ? lp : Math.log(Math.exp(total) + Math.exp(lp));
}

function clamp01(x: number): number {
  return Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0.5;
}
