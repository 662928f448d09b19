/**
 * A tolerant reader for the slice of YAML that Obsidian properties use: `key: scalar`, quoted strings, inline
 * `[a, b]` lists and block `- item` lists. Nested maps and flow maps are recognised and skipped. It never throws: a
 * line it cannot read is reported as a problem and the remaining keys are still read.
 */

/** A property value; `null` for values we do not read (empty, nested map, `~`). */
export type YamlValue = string | string[] | null;

/** A line that could not be read. */
export interface YamlProblem {
  /** Index into the lines given to the parser. */
  index: number;
  /** What is wrong, in a few words, e.g. "expected `name: value`". */
  message: string;
}

export interface YamlDocument {
  /** Keys as written (quotes removed), in file order; a repeated key keeps its last value. */
  values: Map<string, YamlValue>;
  /** Lines that could not be read; empty for well-formed input. */
  problems: YamlProblem[];
}

interface Parsed {
  value: YamlValue;
  next: number;
  problem?: string;
}

const QUOTED_KEY_LINE = /^("(?:[^"\\]|\\.)*"|'(?:[^']|'')*')[ \t]*:(?:[ \t]+(.*))?$/;
/** The colon that ends a plain key: the first one followed by a space, a tab or the line end. */
const KEY_COLON = /:(?=[ \t]|$)/;
const BLOCK_SCALAR = /^[|>][+-]?\d?[+-]?$/;
const LIST_ITEM = /^\s*-(?:\s+(.*))?$/;

export function parseYamlSubset(lines: readonly string[]): YamlDocument {
  const values = new Map<string, YamlValue>();
  const problems: YamlProblem[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] ?? "";
    if (isIgnorable(line)) {
      i++;
      continue;
    }
    const entry = splitKeyLine(line);
    if (entry === null) {
      problems.push({ index: i, message: "expected `name: value`" });
      i++;
      continue;
    }
    const { key, rest } = entry;
    if (values.has(key)) problems.push({ index: i, message: `the property "${key}" appears twice` });
    const parsed = parseValue(lines, i, rest);
    if (parsed.problem !== undefined) problems.push({ index: i, message: parsed.problem });
    values.set(key, parsed.value);
    i = parsed.next;
  }
  return { values, problems };
}

/** `key: value`, `key:` or `"quoted key": value`; null for anything else (including `- item` without a key). */
function splitKeyLine(line: string): { key: string; rest: string } | null {
  if (/^\s/.test(line)) return null;
  if (line.startsWith('"') || line.startsWith("'")) {
    const m = QUOTED_KEY_LINE.exec(line);
    return m === null ? null : { key: unquote(m[1] ?? "").text, rest: (m[2] ?? "").trim() };
  }
  const colon = line.search(KEY_COLON);
  const key = colon < 0 ? "" : line.slice(0, colon).trim();
  if (key === "" || key === "-" || key.startsWith("- ") || key.startsWith("?")) return null;
  return { key, rest: line.slice(colon + 1).trim() };
}

function isIgnorable(line: string): boolean {
  const t = line.trim();
  return t === "" || t.startsWith("#");
}

/** Lines after `index` that belong to the value: indented, blank, or (for lists) `- item` at column 0. */
function childrenEnd(lines: readonly string[], index: number, allowItems: boolean): number {
  let j = index + 1;
  while (j < lines.length) {
    const line = lines[j] ?? "";
    if (!(isIgnorable(line) || /^\s/.test(line) || (allowItems && LIST_ITEM.test(line)))) break;
    j++;
  }
  return j;
}

function parseValue(lines: readonly string[], index: number, rest: string): Parsed {
  if (rest === "" || rest.startsWith("#")) return parseBlockChildren(lines, index);
  if (rest.startsWith("[")) return parseFlowValue(lines, index, rest);
  if (rest.startsWith("{")) return { value: null, next: childrenEnd(lines, index, false) };
  const next = childrenEnd(lines, index, false);
  const more = lines.slice(index + 1, next).map((l) => l.trim());
  if (BLOCK_SCALAR.test(rest)) {
    const text = more.join(rest.startsWith("|") ? "\n" : " ").trim();
    return { value: text === "" ? null : text, next };
  }
  const scalar = parseScalar([rest, ...more.filter((l) => l !== "" && !l.startsWith("#"))].join(" "));
  return { value: scalar.text, next, ...(scalar.ok ? {} : { problem: "a quoted value is not closed" }) };
}

function parseBlockChildren(lines: readonly string[], index: number): Parsed {
  const next = childrenEnd(lines, index, true);
  const items: string[] = [];
  let itemIndent = -1;
  for (let j = index + 1; j < next; j++) {
    const line = lines[j] ?? "";
    if (isIgnorable(line)) continue;
    const indent = line.length - line.trimStart().length;
    const item = LIST_ITEM.exec(line);
    // The first child decides: a `- item` starts a list at its indent; anything else is a nested map we skip.
    if (itemIndent < 0) {
      if (item === null) break;
      itemIndent = indent;
    }
    if (item === null || indent !== itemIndent) continue;
    const text = parseScalar(item[1] ?? "").text;
    if (text !== null) items.push(text);
  }
  return { value: items.length > 0 ? items : null, next };
}

function parseFlowValue(lines: readonly string[], index: number, rest: string): Parsed {
  let text = rest;
  let next = index + 1;
  let list = parseFlowList(text);
  // A flow list may continue on indented lines until its closing bracket.
  while (!list.closed && next < lines.length && /^\s/.test(lines[next] ?? "")) {
    text += " " + (lines[next] ?? "").trim();
    next++;
    list = parseFlowList(text);
  }
  return { value: list.items, next, ...(list.closed ? {} : { problem: "a `[` list is not closed with `]`" }) };
}

/** Items of `[a, "b, c", 'd']`; nested brackets stay inside one item. */
function parseFlowList(text: string): { items: string[]; closed: boolean } {
  const items: string[] = [];
  let depth = 0;
  let quote = "";
  let start = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote !== "") {
      if (c === "\\" && quote === '"') i++;
      else if (c === quote) quote = "";
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else if (c === "[" || c === "{") depth++;
    else if (c === "]" || c === "}") depth--;
    if ((c === "," && depth === 1) || depth === 0) {
      const item = parseScalar(text.slice(start, i).trim()).text;
      if (item !== null) items.push(item);
      start = i + 1;
      if (depth === 0) return { items, closed: true };
    }
  }
  const last = parseScalar(text.slice(start).trim()).text;
  if (last !== null) items.push(last);
  return { items, closed: false };
}

/** A single scalar: quoted (with escapes) or plain (up to a ` #` comment). `text` is null for empty and `~`/null. */
function parseScalar(raw: string): { text: string | null; ok: boolean } {
  if (raw.startsWith('"') || raw.startsWith("'")) return unquote(raw);
  const plain = raw.replace(/(^|\s)#.*$/, "").trim();
  if (plain === "" || plain === "~" || /^null$/i.test(plain)) return { text: null, ok: true };
  return { text: plain, ok: true };
}

function unquote(raw: string): { text: string; ok: boolean } {
  const q = raw[0];
  if (q !== '"' && q !== "'") return { text: raw.trim(), ok: true };
  let out = "";
  for (let i = 1; i < raw.length; i++) {
    const c = raw[i] ?? "";
    if (q === "'" && c === "'") {
      if (raw[i + 1] !== "'") return { text: out, ok: true };
      out += "'";
      i++;
    } else if (q === '"' && c === '"') {
      return { text: out, ok: true };
    } else if (q === '"' && c === "\\") {
      const e = raw[++i] ?? "";
      out += e === "n" ? "\n" : e === "t" ? "\t" : e;
    } else {
      out += c;
    }
  }
  return { text: out, ok: false };
}
