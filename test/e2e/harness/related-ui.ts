import type { HarnessPage } from "./harness-page";

/** One entry of the related-notes view, as drawn. */
export interface RelatedRow {
  path: string;
  title: string;
  /** The match shown, e.g. "87%" (it never rises down the list), or "" when none is shown. */
  similarity: string;
  heading: string;
  excerpt: string;
}

/** The related-notes view at one moment. */
export interface RelatedViewState {
  /** Whether the view is open in the right sidebar. */
  open: boolean;
  /** "Related to <note>", or "" when no note is shown. */
  target: string;
  rows: RelatedRow[];
  /** The empty-state or notice line, or `null`. */
  message: string | null;
  /** Elements in the list other than the renderer's own (div and span with class, data-path, draggable, title). */
  foreignElements: string[];
  /** The whole list's text, as the user reads it. */
  text: string;
}

/** Reads the related-notes view. */
export function relatedView(h: HarnessPage): Promise<RelatedViewState> {
  return h.page.evaluate(() => {
    const view = document.querySelector(".mod-right-split .hvs-related-view");
    const text = (el: Element | null | undefined): string => el?.textContent ?? "";
    const list = view?.querySelector(".hvs-related-list");
    const rows = [...(list?.querySelectorAll(".hvs-related-item") ?? [])].map((el) => ({
      path: el.getAttribute("data-path") ?? "",
      title: text(el.querySelector(".hvs-related-title")),
      similarity: text(el.querySelector(".hvs-related-similarity")),
      heading: text(el.querySelector(".hvs-related-heading")),
      excerpt: text(el.querySelector(".hvs-excerpt")),
    }));
    const tags = new Set(["DIV", "SPAN", "MARK"]);
    const attributes = new Set(["class", "data-path", "draggable", "title"]);
    const foreign = [...(list?.querySelectorAll("*") ?? [])]
      .filter((el) => !tags.has(el.tagName) || el.getAttributeNames().some((name) => !attributes.has(name)))
      .map((el) => el.outerHTML.slice(0, 120));
    const message = list?.querySelector(".hvs-related-empty, .hvs-related-notice");
    return {
      open: view !== null,
      target: text(view?.querySelector(".hvs-related-target")),
      rows,
      message: message ? text(message) : null,
      foreignElements: foreign,
      text: text(list),
    };
  });
}

/** Waits until the view shows the note `title` with at least one entry, and returns it. */
export async function waitForRelated(h: HarnessPage, title: string, timeoutMs = 10_000): Promise<RelatedViewState> {
  let state: RelatedViewState | undefined;
  await h.waitFor(
    async () => {
      state = await relatedView(h);
      return state.target === `Related to ${title}` && state.rows.length > 0;
    },
    { message: `related notes for "${title}"`, timeoutMs },
  );
  if (!state) throw new Error("unreachable: waitFor returned without a state");
  return state;
}
