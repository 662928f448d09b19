import type * as O from "obsidian";
import { getFrontMatterInfo, parseFrontMatterTags, parseFrontmatterYaml } from "./frontmatter";

/**
 * A small Markdown scanner producing the parts of `CachedMetadata` the fake supports: frontmatter and its
 * position, headings, inline tags, links and embeds (wiki and Markdown style). Fenced code and inline code are
 * skipped. Sections, list items, blocks and footnotes are not produced.
 */
export function parseMarkdownMetadata(text: string): O.CachedMetadata {
  const cache: O.CachedMetadata = {};
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === "\n") lineStarts.push(i + 1);
  const loc = (offset: number): O.Loc => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((lineStarts[mid] ?? 0) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo, col: offset - (lineStarts[lo] ?? 0), offset };
  };
  const pos = (start: number, end: number): O.Pos => ({ start: loc(start), end: loc(end) });

  const fm = getFrontMatterInfo(text);
  let bodyStart = 0;
  if (fm.exists) {
    cache.frontmatter = parseFrontmatterYaml(fm.frontmatter);
    cache.frontmatterPosition = pos(0, fm.contentStart - (text.slice(0, fm.contentStart).endsWith("\n") ? 1 : 0));
    bodyStart = fm.contentStart;
  }

  const headings: O.HeadingCache[] = [];
  const tags: O.TagCache[] = [];
  const links: O.LinkCache[] = [];
  const embeds: O.EmbedCache[] = [];
  let fence: string | null = null;
  for (let line = loc(bodyStart).line; line < lineStarts.length; line++) {
    const start = lineStarts[line] ?? 0;
    const raw = text.slice(start, (lineStarts[line + 1] ?? text.length + 1) - 1).replace(/\r$/, "");
    const fenceMark = /^\s*(`{3,}|~{3,})/.exec(raw)?.[1];
    if (fenceMark !== undefined && (fence === null || fenceMark.startsWith(fence))) {
      fence = fence === null ? fenceMark : null;
      continue;
    }
    if (fence !== null) continue;
    const masked = raw.replace(/`[^`]*`/g, (code) => " ".repeat(code.length));
    const level = /^(#{1,6})[ \t]/.exec(masked)?.[1]?.length;
    if (level !== undefined) {
      const title = raw.slice(level).trim().replace(/[ \t]+#+$/, "");
      headings.push({ heading: title, level, position: pos(start, start + raw.length) });
    }
    for (const m of masked.matchAll(/(^|\s)(#[\p{L}\p{N}_/-]+)/gu)) {
      const tag = m[2] ?? "";
      if (/^#[\d]+$/.test(tag)) continue;
      const at = start + (m.index ?? 0) + (m[1]?.length ?? 0);
      tags.push({ tag, position: pos(at, at + tag.length) });
    }
    for (const m of masked.matchAll(/(!?)\[\[([^\]|]*)(?:\|([^\]]*))?\]\]/g)) {
      const at = start + (m.index ?? 0);
      const target = m[2] ?? "";
      const displayText = m[3] ?? target.replace("#", " > ");
      const ref = { link: target, original: m[0], displayText, position: pos(at, at + m[0].length) };
      (m[1] === "!" ? embeds : links).push(ref);
    }
    for (const m of masked.matchAll(/(!?)\[([^\]]*)\]\(([^)\s]+)\)/g)) {
      const target = m[3] ?? "";
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
      const at = start + (m.index ?? 0);
      const displayText = m[2] ?? "";
      const ref = { link: safeDecode(target), original: m[0], displayText, position: pos(at, at + m[0].length) };
      (m[1] === "!" ? embeds : links).push(ref);
    }
  }
  if (headings.length > 0) cache.headings = headings;
  if (tags.length > 0) cache.tags = tags;
  if (links.length > 0) cache.links = links;
  if (embeds.length > 0) cache.embeds = embeds;
  return cache;
}

function safeDecode(uri: string): string {
  try {
    return decodeURI(uri);
  } catch {
    return uri;
  }
}

/** Obsidian's `getAllTags`: frontmatter tags then inline tags, each as `#tag`; `null` when there are none. */
export function getAllTags(cache: O.CachedMetadata): string[] | null {
  const all = [...(parseFrontMatterTags(cache.frontmatter ?? null) ?? []), ...(cache.tags ?? []).map((t) => t.tag)];
  return all.length === 0 ? null : all;
}
