import { findCodeSpans } from "./code-spans";
import { fenceCloses, fenceOpen, type FenceMarker } from "./markdown-syntax";

/** Where a line stands relative to code fences. */
export type FenceRole = "none" | "open" | "body" | "close";

/** A body line with `%%comments%%` and `<!-- comments -->` removed (code is left untouched). */
export interface MaskedLine {
  /** The line without comments; fence lines exactly as written. */
  text: string;
  /** Whether the line opens, continues or closes a code fence. */
  fence: FenceRole;
  /** Set on `open` lines: the fence that this line opens. */
  marker?: FenceMarker;
}

interface CommentState {
  /** The closing marker we are waiting for, or "" outside a comment. */
  closer: string;
}

/**
 * One pass over the body that finds code fences and removes comments. Both must be decided together: a fence inside a
 * comment is not a fence, and comment markers inside a fence or an inline code span are code. Lines before `from`
 * (the frontmatter) come back empty. A fence left open runs to the end of the file; so does an unclosed comment,
 * as in Obsidian.
 */
export function maskComments(lines: readonly string[], from: number): MaskedLine[] {
  const out: MaskedLine[] = new Array<MaskedLine>(lines.length);
  for (let i = 0; i < Math.min(from, lines.length); i++) out[i] = { text: "", fence: "none" };
  const state: CommentState = { closer: "" };
  let fence: FenceMarker | null = null;
  for (let i = from; i < lines.length; i++) {
    const line = lines[i] ?? "";
    if (fence !== null) {
      const closes = fenceCloses(line, fence);
      out[i] = { text: line, fence: closes ? "close" : "body" };
      if (closes) fence = null;
      continue;
    }
    const rawOpen = state.closer === "" ? fenceOpen(line) : null;
    const text = rawOpen === null ? stripComments(line, state) : line;
    const open = rawOpen ?? fenceOpen(text);
    if (open !== null) {
      // A comment marker in a fence's info string does not start a comment.
      state.closer = "";
      fence = open;
      out[i] = { text, fence: "open", marker: open };
    } else {
      out[i] = { text, fence: "none" };
    }
  }
  return out;
}

/** Removes the comment parts of one line, carrying an unclosed comment over to the next line through `state`. */
function stripComments(line: string, state: CommentState): string {
  let pos = 0;
  if (state.closer !== "") {
    const end = line.indexOf(state.closer);
    if (end < 0) return "";
    pos = end + state.closer.length;
    state.closer = "";
  }
  if (!line.includes("%%", pos) && !line.includes("<!--", pos)) return pos === 0 ? line : line.slice(pos);
  const spans = findCodeSpans(line);
  let span = 0;
  let kept = "";
  let segment = pos;
  for (let i = pos; i < line.length; i++) {
    while (span < spans.length && (spans[span]?.[1] ?? 0) <= i) span++;
    const current = spans[span];
    if (current !== undefined && current[0] <= i) {
      i = current[1] - 1;
      continue;
    }
    const opener = line.startsWith("%%", i) ? "%%" : line.startsWith("<!--", i) ? "<!--" : "";
    if (opener === "") continue;
    kept += line.slice(segment, i);
    const closer = opener === "%%" ? "%%" : "-->";
    const end = line.indexOf(closer, i + opener.length);
    if (end < 0) {
      state.closer = closer;
      return kept;
    }
    i = end + closer.length - 1;
    segment = end + closer.length;
  }
  return kept + line.slice(segment);
}
