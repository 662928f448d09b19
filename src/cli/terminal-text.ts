/**
 * Characters from notes that a terminal would act on instead of showing: C0 controls (ESC starts colour and cursor
 * sequences, BEL rings, CR overwrites the line) and DEL, C1 controls (U+009B is a one-byte CSI on some terminals),
 * and the bidirectional overrides and isolates that can make a line read differently from what it holds.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE_OR_BREAK = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** Text from a note, safe to print: every unsafe character becomes U+FFFD; `keepLines` keeps "\n" and "\t". */
export function terminalSafe(text: string, keepLines = false): string {
  return text.replace(keepLines ? UNSAFE : UNSAFE_OR_BREAK, "\uFFFD");
}

/**
 * A JSON text safe to print: unsafe characters that `JSON.stringify` leaves raw (DEL, C1, bidi) written as \u
 * escapes, which parse back to the same string.
 */
export function terminalSafeJson(json: string): string {
  return json.replace(UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
