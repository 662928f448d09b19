import { messageText } from "../../core/errors/messages";
import { buildExcerpt } from "../../core/search/excerpt";
import type { RelatedEntry, RelatedResult } from "../../core/search/related-notes";
import { headingTrail, renderExcerpt } from "../search/excerpt-render";
import { formatPercent } from "../format";
import { isOllamaOutage } from "../search/search-status";

/** Why the list is empty or partial, in words; undefined when the list speaks for itself. */
export function relatedStatusMessage(result: RelatedResult): string | undefined {
  switch (result.status) {
    case "not-indexed":
      return "This note is not indexed yet. Its related notes appear once indexing reaches it.";
    case "excluded":
      return messageText("relatedExcluded");
    case "no-embeddings":
      return result.entries.length > 0
        ? "No embeddings for this note yet: showing notes that share words with its title and headings."
        : "No embeddings for this note yet, and no note shares words with its title and headings.";
    case "ok":
      return result.entries.length === 0 ? "No related notes found." : undefined;
  }
}

/**
 * The line the view keeps on top while the index service can't reach Ollama (its last error): related notes still
 * come from the embeddings the index holds (on a phone, those the computer made and synced), and only notes changed
 * since wait for theirs. Undefined when Ollama answers.
 */
export function relatedOutageMessage(lastError: { code: string; message: string } | undefined): string | undefined {
  if (!isOllamaOutage(lastError)) return undefined;
  return "Ollama isn't reachable: related notes come from the embeddings already in the index. Notes changed since get theirs once Ollama is back.";
}

/** Draws one related note: title and match, heading path and excerpt of the closest chunk, and its path. */
export function renderRelatedEntry(parent: HTMLElement, entry: RelatedEntry): HTMLElement {
  const item = parent.createDiv({ cls: "hvs-related-item", attr: { "data-path": entry.path, draggable: "true" } });
  const header = item.createDiv({ cls: "hvs-related-header" });
  header.createSpan({ cls: "hvs-related-title", text: entry.title });
  // The match, not the cosine of the closest pair: it follows the list's order, so a lower entry never shows more.
  header.createSpan({
    cls: "hvs-related-similarity",
    text: formatPercent(entry.match),
    attr: { title: "Match: how near the top of every list the note came (100% is first in all of them)" },
  });
  const trail = headingTrail(entry.best.headingPath);
  if (trail !== "") item.createDiv({ cls: "hvs-related-heading", text: trail });
  renderExcerpt(item, buildExcerpt(entry.best.text, { terms: [] }, 160));
  item.createDiv({ cls: "hvs-related-path", text: entry.path });
  return item;
}
