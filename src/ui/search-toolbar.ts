import type { SearchMode } from "../core/types";

const MODES: readonly { mode: SearchMode; label: string; tip: string }[] = [
  { mode: "hybrid", label: "Hybrid", tip: "Words and meaning together (prefix h:)" },
  { mode: "keyword", label: "Keyword", tip: "Exact words only, no Ollama needed (prefix k:)" },
  { mode: "semantic", label: "Semantic", tip: "Meaning only (prefix s:)" },
];

/** What the toolbar reports back to the modal. */
export interface ToolbarHandlers {
  onMode(mode: SearchMode): void;
  onExplain(on: boolean): void;
}

/** The row above the results: the mode toggle, the "Explain" toggle and the status line. */
export class SearchToolbar {
  readonly el: HTMLElement;
  private readonly modeButtons = new Map<SearchMode, HTMLButtonElement>();
  private readonly explainButton: HTMLButtonElement;
  private readonly statusEl: HTMLElement;
  private explainOn = false;

  constructor(parent: HTMLElement, handlers: ToolbarHandlers) {
    this.el = parent.createDiv({ cls: "hvs-search-toolbar" });
    const row = this.el.createDiv({ cls: "hvs-search-controls" });
    const group = row.createDiv({ cls: "hvs-mode-toggle", attr: { role: "group", "aria-label": "Search mode" } });
    for (const { mode, label, tip } of MODES) {
      const button = group.createEl("button", { cls: "hvs-mode-button", text: label, attr: { "data-mode": mode, title: tip } });
      button.addEventListener("click", () => handlers.onMode(mode));
      // Keep the focus in the search box, so typing goes on after a click.
      button.addEventListener("mousedown", (evt) => evt.preventDefault());
      this.modeButtons.set(mode, button);
    }
    this.explainButton = row.createEl("button", {
      cls: "hvs-explain-toggle",
      text: "Explain",
      attr: { "aria-pressed": "false", title: "Show each result's rank in every list and its fused score" },
    });
    this.explainButton.addEventListener("mousedown", (evt) => evt.preventDefault());
    this.explainButton.addEventListener("click", () => {
      this.setExplain(!this.explainOn);
      handlers.onExplain(this.explainOn);
    });
    this.statusEl = this.el.createDiv({ cls: "hvs-status-line hvs-hidden", attr: { "aria-live": "polite" } });
  }

  /** Marks the mode the current query runs in (a prefix may override the toggle). */
  setMode(mode: SearchMode): void {
    for (const [m, button] of this.modeButtons) {
      button.toggleClass("is-active", m === mode);
      button.setAttr("aria-pressed", m === mode ? "true" : "false");
    }
  }

  setExplain(on: boolean): void {
    this.explainOn = on;
    this.explainButton.toggleClass("is-active", on);
    this.explainButton.setAttr("aria-pressed", on ? "true" : "false");
  }

  /** Shows a line, or hides the status line for undefined. `pending` styles it as work in progress. */
  setStatus(text: string | undefined, pending = false): void {
    this.statusEl.setText(text ?? "");
    this.statusEl.toggleClass("hvs-hidden", text === undefined);
    this.statusEl.toggleClass("hvs-status-pending", pending);
  }
}
