import { estimateTokens } from "../text/token-estimate";
import type { Chunk, ChunkedNote, NoteMeta } from "../types";
import { blockText, type BlockText } from "./block-text";
import { blockUnits } from "./block-units";
import { resolveChunkOptions, type ChunkOptions } from "./chunk-options";
import { packGroups, type ChunkDraft } from "./chunk-packer";
import { maskComments } from "./comment-mask";
import { readFrontmatter } from "./frontmatter";
import type { InlineSink } from "./inline-cleanup";
import { scanBlocks } from "./markdown-blocks";
import type { NoteWarning } from "./frontmatter";
import { groupSections } from "./sections";
import { isBlank, splitLines } from "./markdown-syntax";

export type { NoteWarning, NoteWarningCode } from "./frontmatter";

/** A chunked note plus what went wrong while reading it (for now: frontmatter problems). */
export interface ChunkReport {
  note: ChunkedNote;
  /** Problems that did not stop the note from being indexed; empty for a clean note. */
  warnings: NoteWarning[];
}

/**
 * Splits a markdown note into heading-aware chunks and reads its metadata. Never throws for any input text:
 * unreadable frontmatter is reported in `warnings` and the body is still chunked. Deterministic.
 */
export function chunkNoteWithWarnings(path: string, markdown: string, options?: Partial<ChunkOptions>): ChunkReport {
  const { maxTokens, overlapRatio } = resolveChunkOptions(options);
  const overlapTokens = Math.floor(maxTokens * overlapRatio);
  // Long lines are cut into pieces this small so a chunk border and its overlap can fall inside them.
  const granularity = Math.max(2, Math.floor(Math.min(maxTokens / 8, overlapTokens > 0 ? overlapTokens : maxTokens)));

  const lines = splitLines(markdown);
  const front = readFrontmatter(lines);
  const masked = maskComments(lines, front.bodyStart);
  const sink: InlineSink = { links: [], tags: [] };
  const texts: BlockText[] = scanBlocks(masked, front.bodyStart).map((b) => blockText(b, masked, sink));

  const firstH1 = texts.find((t) => t.block.kind === "heading" && t.block.level === 1)?.display;
  const title = front.title ?? (firstH1 !== undefined && firstH1 !== "" ? firstH1 : fileTitle(path));
  const groups = groupSections(texts, title, (bt) => blockUnits(bt, granularity, maxTokens));
  const drafts = packGroups(groups, maxTokens, overlapTokens);
  if (drafts.length === 0) drafts.push(titleDraft(title, lines));

  const meta: NoteMeta = {
    title,
    aliases: front.aliases,
    tags: [...new Set([...front.tags, ...sink.tags])],
    links: [...new Set(sink.links)],
    ...(front.language !== undefined ? { language: front.language } : {}),
    ...(front.created !== undefined ? { created: front.created } : {}),
    ...(front.supersededBy !== undefined ? { supersededBy: front.supersededBy } : {}),
    ...(front.status !== undefined ? { status: front.status } : {}),
  };
  const chunks = drafts.map((d, ordinal): Chunk => ({
    id: `${path}#${ordinal}`,
    path,
    ordinal,
    headingPath: d.headingPath,
    text: d.text,
    startLine: d.startLine,
    endLine: d.endLine,
    tokens: estimateTokens(d.text),
  }));
  return { note: { path, meta, chunks }, warnings: front.warnings };
}

/** `chunkNoteWithWarnings` without the warnings. */
export function chunkNote(path: string, markdown: string, options?: Partial<ChunkOptions>): ChunkedNote {
  return chunkNoteWithWarnings(path, markdown, options).note;
}

/** File name without folders and without a `.md` extension. */
export function fileTitle(path: string): string {
  const name = path.slice(path.lastIndexOf("/") + 1);
  return name.toLowerCase().endsWith(".md") ? name.slice(0, -3) : name;
}

/** A note with no indexable text is still findable by its title. */
function titleDraft(title: string, lines: readonly string[]): ChunkDraft {
  let last = lines.length - 1;
  while (last > 0 && isBlank(lines[last] ?? "")) last--;
  return { headingPath: [title], text: title, startLine: 0, endLine: Math.max(0, last) };
}
