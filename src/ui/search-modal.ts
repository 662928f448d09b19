import { Keymap, Platform, SuggestModal, type App } from "obsidian";
import { highlightTermsOf, type HighlightTerms } from "../core/search/excerpt";
import type { NoteResult } from "../core/search/search-result";
import type { PluginSettings } from "../core/settings/plugin-settings";
import type { SearchMode } from "../core/types";
import { insertLinkAtCursor, openNote } from "./note-actions";
import type { SearchPort } from "./ports";
import { parseModePrefix } from "./query-mode";
import { renderResult } from "./result-render";
import { SearchSession, type SessionState, type Timers } from "./search-session";
import { searchStatusLine } from "./search-status";
import { SearchToolbar } from "./search-toolbar";
import { keptSelection } from "./selection-keeper";
import { rerunSuggestions, selectedIndex, selectIndex } from "./suggest-internals";

/** What the search modal runs on. */
export interface SearchModalDeps {
  search: SearchPort;
  /** The current settings (Ollama URL for the status line, number of results). */
  settings: () => PluginSettings;
  /** Pause before the full search starts, in ms. Default 150. */
  debounceMs?: number;
  /** Timers for that pause. Default: the window's. */
  timers?: Timers;
}

const windowTimers: Timers = {
  setTimeout: (fn, ms) => window.setTimeout(fn, ms),
  clearTimeout: (id) => window.clearTimeout(id),
};

/**
 * "Search vault": keyword results on every keystroke, replaced in place by the fused results once the query
 * embedding (and HyDE) arrive. The selected row stays on the same note, or at the same place, when they do.
 */
export class SearchModal extends SuggestModal<NoteResult> {
  private readonly session: SearchSession;
  private readonly toolbar: SearchToolbar;
  private mode: SearchMode = "hybrid";
  private explain = false;
  private state: SessionState | undefined;
  /** What the rows highlight, worked out once per answer rather than once per row. */
  private highlight: HighlightTerms = { terms: [] };
  private shown: string[] = [];
  private ollamaDownLine: string | undefined;
  private showing = false;

  constructor(
    app: App,
    private readonly deps: SearchModalDeps,
  ) {
    super(app);
    this.session = new SearchSession(deps.search, deps.timers ?? windowTimers, {
      debounceMs: deps.debounceMs ?? 150,
      limit: () => deps.settings().search.limit,
      onFinal: () => this.refresh(),
    });
    this.modalEl.addClass("hvs-search-modal");
    this.setPlaceholder("Search notes by words and meaning…");
    const mod = Platform.isMacOS ? "⌘" : "Ctrl";
    this.setInstructions([
      { command: "↑↓", purpose: "to navigate" },
      { command: "↵", purpose: "to open" },
      { command: `${mod} ↵`, purpose: "to open in a new tab" },
      { command: "Shift ↵", purpose: "to insert a link" },
      { command: "k: s: h:", purpose: "keyword, semantic or hybrid" },
      { command: "Esc", purpose: "to dismiss" },
    ]);
    const parent = this.resultContainerEl.parentElement ?? this.modalEl;
    this.toolbar = new SearchToolbar(parent, {
      onMode: (m) => this.setMode(m),
      onExplain: (on) => {
        this.explain = on;
        this.refresh();
      },
    });
    parent.insertBefore(this.toolbar.el, this.resultContainerEl);
    this.toolbar.setMode(this.mode);
    this.scope.register(["Mod"], "Enter", (evt) => this.choose(evt));
    this.scope.register(["Shift"], "Enter", (evt) => this.choose(evt));
  }

  override onOpen(): void {
    super.onOpen();
    this.showing = true;
    this.limit = this.deps.settings().search.limit;
  }

  override onClose(): void {
    this.showing = false;
    this.session.cancel();
    super.onClose();
  }

  getSuggestions(input: string): NoteResult[] {
    const state = this.session.input(input, this.mode);
    if (state !== this.state) this.highlight = state ? highlightTermsOf(state.response.query, state.prefixLast) : { terms: [] };
    this.state = state;
    this.emptyStateText = this.state ? "No matching notes." : "Type to search your notes.";
    this.updateChrome();
    const results = this.state?.response.results ?? [];
    this.shown = results.map((r) => r.path);
    return results;
  }

  renderSuggestion(result: NoteResult, el: HTMLElement): void {
    renderResult(el, result, { highlight: this.highlight, explain: this.explain });
  }

  onChooseSuggestion(result: NoteResult, evt: MouseEvent | KeyboardEvent): void {
    const pane = Keymap.isModEvent(evt);
    if (evt.shiftKey && !pane) {
      insertLinkAtCursor(this.app, result.path);
      return;
    }
    void openNote(this.app, { path: result.path, line: result.best.startLine }, pane === true ? "tab" : pane);
  }

  private choose(evt: KeyboardEvent): false {
    this.selectActiveSuggestion(evt);
    return false;
  }

  private setMode(mode: SearchMode): void {
    this.mode = mode;
    // A click on the toggle overrides a typed prefix, so the prefix goes.
    const typed = parseModePrefix(this.inputEl.value, mode);
    if (typed.prefixed) this.inputEl.value = typed.query;
    this.toolbar.setMode(mode);
    this.refresh();
    this.inputEl.focus();
  }

  /** Re-renders the list for the same input, keeping the selection and the scroll position. */
  private refresh(): void {
    if (!this.showing) return;
    const oldKeys = this.shown;
    const oldIndex = selectedIndex(this);
    const scrollTop = this.resultContainerEl.scrollTop;
    rerunSuggestions(this, this.inputEl);
    selectIndex(this, keptSelection(oldKeys, oldIndex, this.shown));
    this.resultContainerEl.scrollTop = scrollTop;
  }

  private updateChrome(): void {
    const state = this.state;
    this.toolbar.setMode(state?.mode ?? this.mode);
    if (!state || state.mode === "keyword") {
      this.toolbar.setStatus(undefined);
      return;
    }
    if (state.phase === "final") {
      const line = searchStatusLine(state.response, this.deps.settings().ollamaUrl);
      this.ollamaDownLine = line?.startsWith("Keyword results only") ? line : undefined;
      this.toolbar.setStatus(line);
      return;
    }
    // While the full search runs, a known outage stays on screen instead of flickering away on every keystroke.
    this.toolbar.setStatus(this.ollamaDownLine ?? "Searching by meaning…", this.ollamaDownLine === undefined);
  }
}
