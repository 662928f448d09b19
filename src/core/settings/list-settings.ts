export { normalizeFolder } from "../shared/vault-folder";

/** A tag as the index stores it: lower case, without `#` or a trailing `/`. */
export function normalizeTag(raw: string): string {
  return raw
    .trim()
    .replace(/^#+/, "")
    .replace(/\/+$/, "")
    .toLowerCase();
}

/** A glob pattern, trimmed. */
export function normalizeGlob(raw: string): string {
  return raw.trim();
}

/** Splits what the user typed into a list: one item a line, or items separated by commas. */
export function splitListInput(text: string): string[] {
  return text
    .split(/[\n,]/)
    .map((s) => s.trim())
    .filter((s) => s !== "");
}

/** Normalises each item, then drops empty ones and repeats (first one kept). */
export function normalizeList(items: readonly string[], normalize: (s: string) => string): string[] {
  const out: string[] = [];
  for (const item of items) {
    const n = normalize(item);
    if (n !== "" && !out.includes(n)) out.push(n);
  }
  return out;
}
