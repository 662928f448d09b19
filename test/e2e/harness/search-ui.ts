import type { HarnessPage } from "./harness-page";
import { COMMANDS } from "./plugin-ui";

/** One row of the search modal, as drawn. */
export interface ResultRow {
  path: string;
  title: string;
  /** The heading path of the best chunk ("" for the part before the first heading). */
  heading: string;
  /** The excerpt's text, with highlighted words as plain text. */
  excerpt: string;
  /** The text of every `<mark>` in the excerpt, in order. */
  marks: string[];
  tags: string[];
  /** The "Explain" line, or `null` when it is off. */
  explain: string | null;
  selected: boolean;
}

/** The whole modal at one moment. */
export interface SearchView {
  open: boolean;
  input: string;
  rows: ResultRow[];
  /** The empty-state message, or `null` when there are rows. */
  empty: string | null;
  /** The status line above the results; `null` when hidden. */
  status: string | null;
  /** Whether the status line says work is still in progress ("Searching by meaning…"). */
  pending: boolean;
  /** The highlighted mode button: "hybrid", "keyword" or "semantic". */
  mode: string | null;
  explainOn: boolean;
  /**
   * Elements in the results other than the renderer's own (div, span, mark with a class or data-path; rows also with their
   * option role, id and aria-selected), as HTML:
   * must stay empty, since note text is untrusted.
   */
  foreignElements: string[];
}

/** Reads the search modal. */
export function searchView(h: HarnessPage): Promise<SearchView> {
  return h.page.evaluate(() => {
    const modal = document.querySelector(".hvs-search-modal");
    const text = (el: Element | null | undefined): string => el?.textContent ?? "";
    const rows = [...(modal?.querySelectorAll(".prompt-results .suggestion-item") ?? [])].map((el) => ({
      path: el.getAttribute("data-path") ?? "",
      title: text(el.querySelector(".hvs-result-title")),
      heading: text(el.querySelector(".hvs-result-heading")),
      excerpt: text(el.querySelector(".hvs-excerpt")),
      marks: [...el.querySelectorAll(".hvs-excerpt mark")].map((m) => text(m)),
      tags: [...el.querySelectorAll(".hvs-result-tag")].map((t) => text(t)),
      explain: el.querySelector(".hvs-explain")?.textContent ?? null,
      selected: el.classList.contains("is-selected"),
    }));
    const status = modal?.querySelector(".hvs-status-line");
    const tags = new Set(["DIV", "SPAN", "MARK"]);
    const attributes = new Set(["class", "data-path"]);
    // A row itself also carries its listbox option's role, id and selection state (fixed values, never note text).
    const rowAttributes = new Set([...attributes, "role", "id", "aria-selected"]);
    const allowed = (el: Element): Set<string> => (el.matches(".prompt-results > .suggestion-item") ? rowAttributes : attributes);
    const foreign = [...(modal?.querySelectorAll(".prompt-results *") ?? [])]
      .filter((el) => !tags.has(el.tagName) || el.getAttributeNames().some((name) => !allowed(el).has(name)))
      .map((el) => el.outerHTML.slice(0, 120));
    return {
      open: modal !== null,
      input: (modal?.querySelector<HTMLInputElement>(".prompt-input"))?.value ?? "",
      rows,
      empty: modal?.querySelector(".suggestion-empty")?.textContent ?? null,
      status: status && !status.classList.contains("hvs-hidden") ? text(status) : null,
      pending: status?.classList.contains("hvs-status-pending") === true && !status.classList.contains("hvs-hidden"),
      mode: modal?.querySelector(".hvs-mode-button.is-active")?.getAttribute("data-mode") ?? null,
      explainOn: modal?.querySelector(".hvs-explain-toggle")?.getAttribute("aria-pressed") === "true",
      foreignElements: foreign,
    };
  });
}

/** Runs "Search vault" and waits for the modal to show. */
export async function openSearch(h: HarnessPage): Promise<void> {
  await h.command(COMMANDS.search);
  await h.waitFor(async () => (await searchView(h)).open, { message: "the search modal to open" });
}

/** Types into the search box key by key, as a user does. */
export async function typeQuery(h: HarnessPage, query: string): Promise<void> {
  await h.page.locator(".hvs-search-modal .prompt-input").pressSequentially(query);
}

/** Replaces the query at once (select all, then type). */
export async function replaceQuery(h: HarnessPage, query: string): Promise<void> {
  const input = h.page.locator(".hvs-search-modal .prompt-input");
  await input.selectText();
  await input.pressSequentially(query);
}

/** Waits until the full search has answered the current input (no "Searching by meaning…"), and returns the view. */
export async function waitForFinal(h: HarnessPage, timeoutMs = 10_000): Promise<SearchView> {
  let view: SearchView | undefined;
  await h.waitFor(
    async () => {
      view = await searchView(h);
      return !view.pending && (view.rows.length > 0 || view.empty !== null);
    },
    { message: "the full search to answer", timeoutMs },
  );
  if (!view) throw new Error("unreachable: waitFor returned without a view");
  return view;
}

/** The path of the selected row, or `null`. */
export async function selectedPath(h: HarnessPage): Promise<string | null> {
  return (await searchView(h)).rows.find((r) => r.selected)?.path ?? null;
}
