import type * as O from "obsidian";

const FENCE = /^---[ \t]*(\r?\n|$)/;

/** Obsidian's `getFrontMatterInfo`: where the leading `---` block is, and its text. */
export function getFrontMatterInfo(content: string): O.FrontMatterInfo {
  const none: O.FrontMatterInfo = { exists: false, frontmatter: "", from: 0, to: 0, contentStart: 0 };
  const open = FENCE.exec(content);
  if (!open) return none;
  const from = open[0].length;
  const end = /^---[ \t]*(\r?\n|$)/m.exec(content.slice(from));
  if (!end) return none;
  const to = from + end.index;
  return { exists: true, frontmatter: content.slice(from, to), from, to, contentStart: to + end[0].length };
}

/**
 * A YAML subset, enough for note properties: `key: scalar`, quoted strings, numbers, booleans, null,
 * inline lists `[a, b]` and block lists of `- item`. Nested maps are not understood and are skipped.
 */
export function parseFrontmatterYaml(yaml: string): O.FrontMatterCache {
  const result: O.FrontMatterCache = {};
  let listKey: string | null = null;
  for (const line of yaml.split(/\r?\n/)) {
    if (line.trim() === "" || line.trimStart().startsWith("#")) continue;
    const item = /^\s*-\s*(.*)$/.exec(line);
    if (item && listKey !== null) {
      const list = result[listKey] as unknown[];
      list.push(parseScalar(item[1] ?? ""));
      continue;
    }
    const pair = /^([^\s:#][^:]*):(?:\s+(.*))?$/.exec(line);
    if (!pair || /^\s/.test(line)) continue;
    const key = (pair[1] ?? "").trim();
    const raw = (pair[2] ?? "").trim();
    listKey = null;
    if (raw === "") {
      result[key] = [];
      listKey = key;
    } else if (raw.startsWith("[") && raw.endsWith("]")) {
      result[key] = splitInline(raw.slice(1, -1)).map(parseScalar);
    } else {
      result[key] = parseScalar(raw);
    }
  }
  // A key with neither a value nor list items is YAML null, not an empty list.
  for (const [key, value] of Object.entries(result)) if (Array.isArray(value) && value.length === 0) result[key] = null;
  return result;
}

function splitInline(body: string): string[] {
  return body.trim() === "" ? [] : body.split(",").map((part) => part.trim());
}

function parseScalar(raw: string): unknown {
  const text = raw.trim();
  const quoted = /^(["'])(.*)\1$/.exec(text);
  if (quoted) return quoted[2];
  if (text === "" || text === "null" || text === "~") return null;
  if (text === "true" || text === "false") return text === "true";
  if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  return text;
}

function stringList(value: unknown): string[] {
  if (typeof value === "string") return value.split(/[,\s]+/).filter((s) => s !== "");
  if (Array.isArray(value)) return value.filter((v): v is string | number => typeof v === "string" || typeof v === "number").map(String);
  return [];
}

/** Obsidian's `parseFrontMatterTags`: the `tags`/`tag` property as `#tag` strings, or `null` when absent. */
export function parseFrontMatterTags(frontmatter: O.FrontMatterCache | null): string[] | null {
  if (!frontmatter) return null;
  const tags = [...stringList(frontmatter.tags), ...stringList(frontmatter.tag)];
  return tags.length === 0 ? null : tags.map((t) => (t.startsWith("#") ? t : `#${t}`));
}

/** Obsidian's `parseFrontMatterAliases`: the `aliases`/`alias` property as strings, or `null` when absent. */
export function parseFrontMatterAliases(frontmatter: O.FrontMatterCache | null): string[] | null {
  if (!frontmatter) return null;
  const value: unknown = frontmatter.aliases ?? frontmatter.alias;
  const aliases = typeof value === "string" ? value.split(",").map((a) => a.trim()).filter((a) => a !== "") : stringList(value);
  return aliases.length === 0 ? null : aliases;
}
