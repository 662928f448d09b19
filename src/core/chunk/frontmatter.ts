import { parseYamlSubset, type YamlValue } from "./yaml-subset";
import { messageText } from "../errors/messages";
import { readSignals, type FrontmatterSignals } from "./frontmatter-signals";
import type { NoteWarningCode } from "../errors/error-table";

/** What the chunker takes from a note's YAML frontmatter. */
export interface Frontmatter extends FrontmatterSignals {
  /** `title` property, when it is a non-empty string. */
  title?: string;
  /** `aliases` and `alias`, as written; a plain string is split at commas (Obsidian's older format). */
  aliases: string[];
  /** `tags` and `tag`, lower-cased, without `#`; plain strings are split at commas and spaces. */
  tags: string[];
  /** `lang` or `language` property, when it is a non-empty string. */
  language?: string;
  /** First line after the frontmatter block (0 when there is none). */
  bodyStart: number;
  warnings: NoteWarning[];
}

const FENCE = "---";

/**
 * Reads the frontmatter block: a first line `---` up to the next `---` line, as Obsidian does. An unclosed block is
 * not frontmatter (Obsidian renders it as text), so the whole file stays body and a warning says so. Lines inside a
 * closed block that cannot be read are warned about; properties on readable lines are still used.
 */
export function readFrontmatter(lines: readonly string[]): Frontmatter {
  const none: Frontmatter = { aliases: [], tags: [], bodyStart: 0, warnings: [] };
  if (lines.length === 0 || (lines[0] ?? "").trimEnd() !== FENCE) return none;
  let close = 1;
  while (close < lines.length && (lines[close] ?? "").trimEnd() !== FENCE) close++;
  if (close >= lines.length) {
    none.warnings.push({
      code: "FRONTMATTER_UNCLOSED",
      line: 0,
      message: messageText("frontmatterUnclosed"),
    });
    return none;
  }
  const doc = parseYamlSubset(lines.slice(1, close));
  const warnings: NoteWarning[] = doc.problems.map((p) => ({
    code: "FRONTMATTER_INVALID",
    line: p.index + 1,
    message: messageText("frontmatterInvalid", { line: p.index + 2, problem: p.message }),
  }));
  const get = (name: string): YamlValue => {
    for (const [key, value] of doc.values) if (key.toLowerCase() === name) return value;
    return null;
  };
  const title = get("title");
  const language = get("lang") ?? get("language");
  return {
    ...readSignals(get),
    ...(typeof title === "string" && title.trim() !== "" ? { title: title.trim() } : {}),
    ...(typeof language === "string" && language.trim() !== "" ? { language: language.trim() } : {}),
    aliases: unique([...asList(get("aliases"), /,/, false), ...asList(get("alias"), /,/, false)]),
    tags: unique(
      [...asList(get("tags"), /[\s,]+/, true), ...asList(get("tag"), /[\s,]+/, true)].map(normalizeTag).filter((t) => t !== ""),
    ),
    bodyStart: close + 1,
    warnings,
  };
}

/** Tag as stored in NoteMeta: no leading `#`, lower case. */
export function normalizeTag(tag: string): string {
  return tag.trim().replace(/^#+/, "").toLowerCase();
}

/** A string is split at `separator`; list items are split too only when `splitItems` (a tag can't hold a space). */
function asList(value: YamlValue, separator: RegExp, splitItems: boolean): string[] {
  if (value === null) return [];
  const items =
    typeof value === "string"
      ? value.split(separator)
      : splitItems
        ? value.flatMap((v) => v.split(separator))
        : value;
  return items.map((s) => s.trim()).filter((s) => s !== "");
}

function unique(items: string[]): string[] {
  return [...new Set(items)];
}

/** Why a note was indexed differently from what its author probably intended (codes listed in error-table.ts). */
export type { NoteWarningCode };

/** Something wrong with a note that did not stop it from being indexed; the UI may list these. */
export interface NoteWarning {
  /** Stable code, for the UI and tests. */
  code: NoteWarningCode;
  /** 0-based line in the original file. */
  line: number;
  /** Says what is wrong and what the user can do about it. */
  message: string;
}
