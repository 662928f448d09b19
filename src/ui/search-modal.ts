import { Keymap, Platform, SuggestModal, type App } from "obsidian";
import { highlightTermsOf, type HighlightTerms } from "../core/search/excerpt";
import type { NoteResult } from "../core/search/search-result";
import type { PluginSettings } from "../core/settings/plugin-settings";
import type { SearchMode } from "../core/types";
import { type AfterPaint, DeferredRows, windowAfterPaint } from "./deferred-rows";
import { ExcerptCache } from "./excerpt-cache";
import { explainLine } from "./explain-format";
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
  /** Schedules drawing the rows below the first screenful after the next paint. Default: the window's frames. */
  afterPaint?: AfterPaint;
}

/** Rows drawn in the same frame as the keystroke; the rest follow after it is painted. More than a tall list shows. */
const EAGER_ROWS = 10;

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
  private readonly rows: DeferredRows<NoteResult>;
  private readonly excerpts = new ExcerptCache();
  /** Set while the list is redrawn in place (late results, a toggle), which must not change its height. */
  private redrawing = false;

  constructor(
    app: App,
    private readonly deps: SearchModalDeps,
  ) {
    super(app);
    this.session = new SearchSession(deps.search, deps.timers ?? windowTimers, {
      debounceMs: deps.debounceMs ?? 150,
      limit: () => deps.settings().search.limit,
      onFinal: (final) => this.showFinal(final),
    });
    this.rows = new DeferredRows(EAGER_ROWS, deps.afterPaint ?? windowAfterPaint, (result, el) =>
      renderResult(el, result, { highlight: this.highlight, explain: this.explain, excerpts: this.excerpts }),
    );
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
    this.rows.reset(false);
    this.session.cancel();
    super.onClose();
  }

  getSuggestions(input: string): NoteResult[] {
    const state = this.session.input(input, this.mode);
    if (state !== this.state) this.highlight = state ? highlightTermsOf(state.response.query, state.prefixLast) : { terms: [] };
    this.state = state;
    this.rows.reset(!this.redrawing);
    this.emptyStateText = this.state ? "No matching notes." : "Type to search your notes.";
    this.updateChrome();
    const results = this.state?.response.results ?? [];
    this.shown = results.map((r) => r.path);
    return results;
  }

  renderSuggestion(result: NoteResult, el: HTMLElement): void {
    this.rows.render(result, el);
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

  /** Late results: the list is redrawn only if a row would look different; the status line changes either way. */
  private showFinal(final: SessionState): void {
    const shown = this.state?.response.results;
    if (!this.showing || !shown || rowsKey(shown, this.explain) !== rowsKey(final.response.results, this.explain)) {
      this.refresh();
      return;
    }
    this.state = final;
    this.highlight = highlightTermsOf(final.response.query, final.prefixLast);
    this.updateChrome();
  }

  /** Re-renders the list for the same input, keeping the selection and the scroll position. */
  private refresh(): void {
    if (!this.showing) return;
    const oldKeys = this.shown;
    const oldIndex = selectedIndex(this);
    const scrollTop = this.resultContainerEl.scrollTop;
    this.redrawing = true;
    try {
      rerunSuggestions(this, this.inputEl);
    } finally {
      this.redrawing = false;
    }
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

/** What a list of rows shows, as one string: the note, its best chunk and, when shown, the explanation. */
function rowsKey(results: readonly NoteResult[], explain: boolean): string {
  return results.map((r) => `${r.path}\u0000${r.best.id}\u0000${explain ? explainLine(r.explain) : ""}`).join("\u0001");
}
