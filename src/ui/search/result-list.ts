import type { NoteResult } from "../../core/search/search-result";
import { type AfterPaint, DeferredRows } from "./deferred-rows";
import type { SearchChange, SearchState } from "./search-state";

/** Rows drawn in the same frame as the keystroke; the rest follow after it is painted. More than a tall list shows. */
const EAGER_ROWS = 10;

/** Gives every list its own row ids, for `aria-activedescendant`. */
let lists = 0;

/** What the list reports back: the pointer selected a row, or a row was clicked. */
export interface ResultListHandlers {
  /** The pointer moved over the row at `index`. */
  onHover(index: number): void;
  /** The row at `index` was clicked (or middle-clicked); `evt` carries the modifier keys. */
  onChoose(index: number, evt: MouseEvent): void;
}

/**
 * The result rows of the search modal, drawn from SearchState: a listbox of `.suggestion-item` options, the selected
 * one marked `is-selected` and `aria-selected`. It keeps no state of its own beyond the elements it drew.
 */
export class ResultList {
  private rows: HTMLElement[] = [];
  private shown = -1;
  /** Counts redraws: a redrawn row gets a new id, so a screen reader hears the new option even at the same place. */
  private generation = 0;
  private readonly idPrefix = `hvs-result-${++lists}-`;
  private readonly deferred: DeferredRows<NoteResult>;

  constructor(
    readonly el: HTMLElement,
    afterPaint: AfterPaint,
    draw: (result: NoteResult, el: HTMLElement) => void,
    private readonly handlers: ResultListHandlers,
  ) {
    el.id = `${this.idPrefix}list`;
    el.setAttr("role", "listbox");
    el.setAttr("aria-label", "Search results");
    this.deferred = new DeferredRows(EAGER_ROWS, afterPaint, draw);
  }

  /** The id of the selected row, for the search box's `aria-activedescendant`; undefined when there is none. */
  get selectedId(): string | undefined {
    return this.rows[this.shown]?.id;
  }

  show(state: SearchState, change: SearchChange): void {
    if (change.list !== "none") this.redraw(state, change.list === "new");
    this.mark(state.selected, change.reveal);
  }

  /** Drops rows still waiting to be drawn (the modal closed). */
  reset(): void {
    this.deferred.reset(false);
  }

  private redraw(state: SearchState, fresh: boolean): void {
    // Read and, for a new query, reset the scroll position before the rows change: touching it after would force
    // a layout inside the keystroke's handler instead of once in the frame.
    const scrollTop = this.el.scrollTop;
    if (fresh && scrollTop !== 0) this.el.scrollTop = 0;
    this.deferred.reset(fresh);
    this.el.empty();
    this.shown = -1;
    const ids = `${this.idPrefix}${++this.generation}-`;
    this.rows = state.results.map((result, i) => {
      const row = this.el.createDiv({ cls: "suggestion-item", attr: { role: "option", id: `${ids}${i}`, "aria-selected": "false" } });
      this.listen(row, i);
      this.deferred.render(result, row);
      return row;
    });
    if (this.rows.length === 0) {
      this.el.createDiv({ cls: "suggestion-empty", text: state.phase === "empty" ? "Type to search your notes." : "No matching notes." });
    }
    // The same query's list replaced in place stays where the reader was.
    if (!fresh && scrollTop !== 0) this.el.scrollTop = scrollTop;
  }

  /** A click chooses the row (a middle click too: it opens a new tab, as on a link); the pointer selects it. */
  private listen(row: HTMLElement, index: number): void {
    row.addEventListener("click", (evt) => this.handlers.onChoose(index, evt));
    row.addEventListener("auxclick", (evt) => {
      if (evt.button === 1) this.handlers.onChoose(index, evt);
    });
    row.addEventListener("mousemove", () => this.handlers.onHover(index));
  }

  private mark(index: number, reveal: boolean): void {
    if (index !== this.shown) {
      const old = this.rows[this.shown];
      old?.removeClass("is-selected");
      old?.setAttr("aria-selected", "false");
    }
    const row = this.rows[index];
    this.shown = row ? index : -1;
    if (!row) return;
    row.addClass("is-selected");
    row.setAttr("aria-selected", "true");
    if (reveal) row.scrollIntoView({ block: "nearest" });
  }
}
