import { buildExcerpt, type HighlightTerms } from "../../core/search/excerpt";
import type { NoteResult } from "../../core/search/search-result";
import { isExtraPath } from "../../core/sync/sources/extra-roots";
import type { ExcerptCache } from "./excerpt-cache";
import { explainLine } from "./explain-format";
import { headingTrail, renderExcerpt } from "./excerpt-render";

/** How one search result is drawn. */
export interface ResultRenderOptions {
  /** What to highlight in the excerpt. */
  highlight: HighlightTerms;
  /** Show the ranks and fused score. */
  explain: boolean;
  /** Excerpt length in characters. Default 180. */
  excerptChars?: number;
  /** Where excerpts are kept for reuse by later rows. Default: each row builds its own. */
  excerpts?: ExcerptCache;
  /** Opens the successor a superseded note names; without it the successor is named but not a link. */
  onSuccessor?: (path: string) => void;
}

/** Fills a suggestion row: title and heading path, excerpt with highlights, path and tags, and the explanation. */
export function renderResult(el: HTMLElement, result: NoteResult, opts: ResultRenderOptions): void {
  el.addClass("hvs-result");
  el.setAttr("data-path", result.path);
  const header = el.createDiv({ cls: "hvs-result-header" });
  header.createSpan({ cls: "hvs-result-title", text: result.title });
  const trail = headingTrail(result.best.headingPath);
  if (trail !== "") header.createSpan({ cls: "hvs-result-heading", text: trail });
  const chars = opts.excerptChars ?? 180;
  const text = result.best.text;
  renderExcerpt(el, opts.excerpts ? opts.excerpts.get(text, opts.highlight, chars) : buildExcerpt(text, opts.highlight, chars));
  const meta = el.createDiv({ cls: "hvs-result-meta" });
  meta.createSpan({ cls: "hvs-result-path", text: result.path });
  if (isExtraPath(result.path)) {
    el.addClass("hvs-result-extra");
    meta.createSpan({ cls: "hvs-result-readonly", text: "Read-only, outside the vault", attr: { title: "Opens in the default app" } });
  }
  for (const tag of result.tags) meta.createSpan({ cls: "hvs-result-tag", text: `#${tag}` });
  if (result.superseded === true) renderSuperseded(el, result, opts.onSuccessor);
  if (opts.explain) el.createDiv({ cls: "hvs-explain", text: explainLine(result.explain, result.rerank) });
}

/** "Superseded by <successor>": a link when the successor is a note of the vault, else its name as written. */
function renderSuperseded(el: HTMLElement, result: NoteResult, open: ((path: string) => void) | undefined): void {
  const line = el.createDiv({ cls: "hvs-result-superseded" });
  if (result.supersededBy === undefined) {
    line.setText("Superseded");
    return;
  }
  line.createSpan({ text: "Superseded by " });
  const target = result.successorPath;
  if (target === undefined || !open) {
    line.createSpan({ cls: "hvs-successor is-unresolved", text: result.supersededBy });
    return;
  }
  const link = line.createEl("a", { cls: "hvs-successor internal-link", text: result.supersededBy, attr: { href: "#", "data-path": target, title: target } });
  // The row chooses its own note on a click: the link opens the successor instead.
  link.addEventListener("click", (evt) => {
    evt.preventDefault();
    evt.stopPropagation();
    open(target);
  });
  link.addEventListener("mousedown", (evt) => evt.preventDefault());
}
