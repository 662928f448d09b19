/**
 * A wall around code we do not own (Snowball stemmers, Intl.Segmenter, detection over third-party word lists). Such
 * code has thrown on input nobody tried: @orama/stemmers' Bulgarian stemmer wrote into its input string, which throws
 * in strict mode, and one Cyrillic word then dropped whole notes and killed the MCP server. Behind this wall a failure
 * costs one word its stem (it is indexed and searched as written, accent-folded) and is counted, so the status can
 * say it happened.
 */

/** Which piece of foreign code failed: "stem:<language code>", "segment" or "detect". */
export type ForeignPart = `stem:${string}` | "segment" | "detect";

/** How often foreign code failed in this process, and the last failure, for the status and the CLI. */
export interface ForeignFailures {
  /** Failures since the process started (each one cost a word its stem, a run its segmentation, a text detection). */
  count: number;
  /** Failures by part, e.g. `{ "stem:bg": 3 }`. */
  byPart: Readonly<Record<string, number>>;
  /** The last failure: which part, on what input (cut to 40 characters), and the error's message. */
  last: { part: ForeignPart; input: string; message: string } | undefined;
}

const byPart: Record<string, number> = {};
let count = 0;
let last: ForeignFailures["last"];

/** Runs `run`; when it throws, counts the failure against `part` and returns `fallback` instead. */
export function shielded<T>(part: ForeignPart, input: string, run: () => T, fallback: T): T {
  try {
    return run();
  } catch (cause) {
    count++;
    byPart[part] = (byPart[part] ?? 0) + 1;
    last = { part, input: input.slice(0, 40), message: cause instanceof Error ? cause.message : String(cause) };
    return fallback;
  }
}

/**
 * A stemmer that never throws: a failure leaves the word as it is, counted as a failure of `stem:<code>`. An answer
 * that is not a non-empty string leaves the word as it is too (an empty stem would drop the word from the index).
 */
export function shieldedStemmer(code: string, stem: (word: string) => string): (word: string) => string {
  const part: ForeignPart = `stem:${code}`;
  return (word) => {
    const out: unknown = shielded(part, word, () => stem(word), word);
    return typeof out === "string" && out !== "" ? out : word;
  };
}

/** A copy of the counts so far. */
export function foreignFailures(): ForeignFailures {
  return { count, byPart: { ...byPart }, last };
}

/** Forgets the counts (tests only). */
export function resetForeignFailures(): void {
  count = 0;
  last = undefined;
  for (const k of Object.keys(byPart)) delete byPart[k];
}
