import { buildExcerpt, type Excerpt, type HighlightTerms } from "../../core/search/excerpt";

/**
 * Excerpts for one highlight, by chunk text. The rows drawn after the paint and the late (fused) results mostly
 * show chunks the keystroke's rows already showed, with the same words highlighted: they reuse those excerpts
 * instead of matching the whole chunk again. A different highlight or length starts afresh, so it holds one
 * list's worth at most.
 */
export class ExcerptCache {
  private key = "";
  private readonly byText = new Map<string, Excerpt>();

  get(text: string, highlight: HighlightTerms, maxChars: number): Excerpt {
    const key = JSON.stringify([maxChars, highlight.terms, highlight.phrases ?? [], highlight.prefix ?? null]);
    if (key !== this.key) {
      this.byText.clear();
      this.key = key;
    }
    let excerpt = this.byText.get(text);
    if (!excerpt) {
      excerpt = buildExcerpt(text, highlight, maxChars);
      this.byText.set(text, excerpt);
    }
    return excerpt;
  }
}
