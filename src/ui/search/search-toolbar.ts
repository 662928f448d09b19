import type { SearchMode } from "../../core/types";
import type { SearchState } from "./search-state";
import type { StatusLine } from "./search-status";

const MODES: readonly { mode: SearchMode; label: string; tip: string }[] = [
  { mode: "hybrid", label: "Hybrid", tip: "Words and meaning together (prefix h:)" },
  { mode: "keyword", label: "Keyword", tip: "Exact words only, no Ollama needed (prefix k:)" },
  { mode: "semantic", label: "Semantic", tip: "Meaning only (prefix s:)" },
];

/** What the toolbar reports back to the modal. */
export interface ToolbarHandlers {
  /** A mode button was clicked. */
  onMode(mode: SearchMode): void;
  /** The Explain toggle was clicked; `on` is the state it asks for. */
  onExplain(on: boolean): void;
  /** The "Show superseded" toggle was clicked; `on` is the state it asks for. */
  onSuperseded(on: boolean): void;
  /** A suggested query ("did you mean") was clicked. */
  onSuggestion(query: string): void;
}

/** The row above the results: the mode toggle, the "Explain" toggle and the status lines, drawn from SearchState. */
export class SearchToolbar {
  readonly el: HTMLElement;
  private readonly modeButtons = new Map<SearchMode, HTMLButtonElement>();
  private readonly explainButton: HTMLButtonElement;
  private readonly supersededButton: HTMLButtonElement;
  private supersededOn = false;
  private readonly statusEl: HTMLElement;
  private explainOn = false;
  /** The mode drawn as active; none until the first state. */
  private mode: SearchMode | undefined;
  /** The status lines drawn, as one string, so a keystroke that keeps them touches nothing. */
  private statusKey = "";

  constructor(
    parent: HTMLElement,
    private readonly handlers: ToolbarHandlers,
  ) {
    this.el = parent.createDiv({ cls: "hvs-search-toolbar" });
    const row = this.el.createDiv({ cls: "hvs-search-controls" });
    const group = row.createDiv({ cls: "hvs-mode-toggle", attr: { role: "group", "aria-label": "Search mode" } });
    for (const { mode, label, tip } of MODES) {
      const button = group.createEl("button", { cls: "hvs-mode-button", text: label, attr: { "data-mode": mode, title: tip } });
      button.addEventListener("click", () => handlers.onMode(mode));
      keepFocus(button);
      this.modeButtons.set(mode, button);
    }
    this.explainButton = row.createEl("button", {
      cls: "hvs-explain-toggle",
      text: "Explain",
      attr: { "aria-pressed": "false", title: "Show each result's rank in every list and its fused score" },
    });
    keepFocus(this.explainButton);
    this.explainButton.addEventListener("click", () => handlers.onExplain(!this.explainOn));
    this.supersededButton = row.createEl("button", {
      cls: "hvs-superseded-toggle",
      text: "Show superseded",
      attr: { "aria-pressed": "false", title: "Also show notes marked superseded (superseded_by, or a status such as archived)" },
    });
    keepFocus(this.supersededButton);
    this.supersededButton.addEventListener("click", () => handlers.onSuperseded(!this.supersededOn));
    this.statusEl = this.el.createDiv({ cls: "hvs-status-line hvs-hidden", attr: { "aria-live": "polite" } });
  }

  /** Draws what changed since the last state; a keystroke that keeps the mode and the status touches nothing. */
  show(state: SearchState): void {
    if (state.mode !== this.mode) {
      this.mode = state.mode;
      for (const [mode, button] of this.modeButtons) {
        button.toggleClass("is-active", mode === state.mode);
        button.setAttr("aria-pressed", mode === state.mode ? "true" : "false");
      }
    }
    if (state.explain !== this.explainOn) {
      this.explainOn = state.explain;
      this.explainButton.toggleClass("is-active", state.explain);
      this.explainButton.setAttr("aria-pressed", state.explain ? "true" : "false");
    }
    if (state.includeSuperseded !== this.supersededOn) {
      this.supersededOn = state.includeSuperseded;
      this.supersededButton.toggleClass("is-active", state.includeSuperseded);
      this.supersededButton.setAttr("aria-pressed", state.includeSuperseded ? "true" : "false");
    }
    this.showStatus(state.status, state.phase === "keyword" || state.phase === "reranking");
  }

  /** One line per status line; `pending` marks the area while the full search still runs. */
  private showStatus(lines: readonly StatusLine[], pending: boolean): void {
    const key = JSON.stringify([lines, pending]);
    if (key === this.statusKey) return;
    this.statusKey = key;
    this.statusEl.empty();
    this.statusEl.toggleClass("hvs-hidden", lines.length === 0);
    this.statusEl.toggleClass("hvs-status-pending", pending);
    for (const line of lines) {
      const cls = line.pending === true ? "hvs-status-item is-pending" : "hvs-status-item";
      const suggestion = line.suggestion;
      if (suggestion === undefined) {
        this.statusEl.createDiv({ cls, text: line.text });
        continue;
      }
      const button = this.statusEl.createEl("button", { cls: `${cls} hvs-suggestion`, text: line.text, attr: { title: `Search for ${suggestion}` } });
      keepFocus(button);
      button.addEventListener("click", () => this.handlers.onSuggestion(suggestion));
    }
  }
}

/** Keeps the focus in the search box when a button is clicked, so typing goes on after the click. */
function keepFocus(button: HTMLElement): void {
  button.addEventListener("mousedown", (evt) => evt.preventDefault());
}
