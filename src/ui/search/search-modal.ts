import { Keymap, Modal, Notice, Platform, type App } from "obsidian";
import { isExtraPath } from "../../core/sync/sources/extra-roots";
import type { NoteResult } from "../../core/search/search-result";
import type { PluginSettings } from "../../core/settings/plugin-settings";
import { type AfterPaint, windowAfterPaint } from "./deferred-rows";
import { ExcerptCache } from "./excerpt-cache";
import { type Timers, windowTimers } from "./full-search";
import { insertLinkAtCursor, openNote } from "../note-actions";
import type { SearchPort } from "../ports";
import { ResultList } from "./result-list";
import { renderResult } from "./result-render";
import type { SearchChange, SearchState } from "./search-state";
import { SearchStore } from "./search-store";
import { SearchToolbar } from "./search-toolbar";

/** What the search modal runs on. */
export interface SearchModalDeps {
  /** The engine the modal searches with. Required. */
  search: SearchPort;
  /** The current settings (Ollama URL for the status line, number of results). */
  settings: () => PluginSettings;
  /** Pause before the full search starts, in ms. Default 150. */
  debounceMs?: number;
  /** Timers for that pause. Default: the window's. */
  timers?: Timers;
  /** Schedules drawing the rows below the first screenful after the next paint. Default: the window's frames. */
  afterPaint?: AfterPaint;
  /**
   * Opens a note of an extra folder (`.extra/…`, outside the vault) in the system's default app. Default: none,
   * and choosing such a note says it can't be opened here.
   */
  openExtra?: (path: string) => void;
}

/** The keys the footer lists, in the words of Obsidian's own prompts. */
function instructions(): { command: string; purpose: string }[] {
  return [
    { command: "↑↓", purpose: "to navigate" },
    { command: "↵", purpose: "to open" },
    { command: `${Platform.isMacOS ? "⌘" : "Ctrl"} ↵`, purpose: "to open in a new tab" },
    { command: "Shift ↵", purpose: "to insert a link" },
    { command: "k: s: h: r:", purpose: "keyword, semantic, hybrid or reranked" },
    { command: "Esc", purpose: "to dismiss" },
  ];
}

/**
 * "Search vault": keyword results on every keystroke, replaced in place by the fused results once the query
 * embedding (and HyDE) arrive. A SearchStore owns every bit of state; this class turns DOM and key events into
 * store events and draws each state the store pushes.
 */
export class SearchModal extends Modal {
  readonly inputEl: HTMLInputElement;
  readonly resultContainerEl: HTMLElement;
  private readonly store: SearchStore;
  private readonly toolbar: SearchToolbar;
  private readonly list: ResultList;
  private readonly excerpts = new ExcerptCache();
  private unsubscribe: (() => void) | undefined;
  /** The input of the state drawn last: the box is written only when the store changed it (a toggle, a suggestion). */
  private drawnInput = "";

  constructor(
    app: App,
    private readonly deps: SearchModalDeps,
  ) {
    super(app);
    this.store = new SearchStore({
      search: deps.search,
      timers: deps.timers ?? windowTimers,
      debounceMs: deps.debounceMs ?? 150,
      limit: () => deps.settings().search.limit,
      ollamaUrl: () => deps.settings().ollamaUrl,
      rerankEnabled: () => deps.settings().rerank.enabled,
    });
    // The same frame as Obsidian's own prompts, so themes style it like the quick switcher.
    this.modalEl.empty();
    this.modalEl.addClasses(["prompt", "hvs-search-modal"]);
    this.inputEl = this.modalEl.createDiv({ cls: "prompt-input-container" }).createEl("input", {
      cls: "prompt-input",
      type: "text",
      attr: { placeholder: "Search notes by words and meaning…", enterkeyhint: "done", role: "combobox", "aria-label": "Search notes" },
    });
    this.toolbar = new SearchToolbar(this.modalEl, {
      onMode: (mode) => {
        this.store.setMode(mode);
        this.inputEl.focus();
      },
      onExplain: (on) => this.store.setExplain(on),
      onSuperseded: (on) => {
        this.store.setIncludeSuperseded(on);
        this.inputEl.focus();
      },
      onSuggestion: (query) => {
        this.store.runSuggestion(query);
        this.inputEl.focus();
      },
    });
    const state = () => this.store.state;
    this.list = new ResultList(
      this.modalEl.createDiv({ cls: "prompt-results" }),
      deps.afterPaint ?? windowAfterPaint,
      (result, el) =>
        renderResult(el, result, {
          highlight: state().highlight,
          explain: state().explain,
          excerpts: this.excerpts,
          onSuccessor: (path) => {
            this.close();
            void openNote(this.app, { path }, false);
          },
        }),
      { onHover: (index) => this.store.select(index), onChoose: (index, evt) => this.choose(state().results[index], evt) },
    );
    this.resultContainerEl = this.list.el;
    this.inputEl.setAttr("aria-controls", this.resultContainerEl.id);
    this.inputEl.setAttr("aria-autocomplete", "list");
    this.inputEl.setAttr("aria-expanded", "true");
    const footer = this.modalEl.createDiv({ cls: "prompt-instructions" });
    for (const { command, purpose } of instructions()) {
      const el = footer.createDiv({ cls: "prompt-instruction" });
      el.createSpan({ cls: "prompt-instruction-command", text: command });
      el.createSpan({ text: purpose });
    }
    // While an input method composes (pinyin, kana, Hangul jamo), the box holds letters that are not the query yet:
    // searching them, and embedding them when the user pauses to pick a candidate, would be wasted. The committed
    // text is searched when the composition ends.
    this.inputEl.addEventListener("input", (evt) => {
      if (!(evt as Partial<InputEvent>).isComposing) this.store.input(this.inputEl.value);
    });
    this.inputEl.addEventListener("compositionend", () => this.store.input(this.inputEl.value));
    this.register([], "ArrowUp", () => this.store.move(-1));
    this.register([], "ArrowDown", () => this.store.move(1));
    for (const mods of [[], ["Mod"], ["Shift"]] as const) this.register([...mods], "Enter", (evt) => this.choose(this.store.selectedResult, evt));
  }

  override onOpen(): void {
    this.unsubscribe = this.store.subscribe((state, change) => this.draw(state, change));
    this.draw(this.store.state, { list: "new", reveal: false });
    this.inputEl.focus();
  }

  override onClose(): void {
    this.unsubscribe?.();
    this.store.close();
    this.list.reset();
  }

  private register(mods: ("Mod" | "Shift")[], key: string, run: (evt: KeyboardEvent) => void): void {
    this.scope.register(mods, key, (evt) => {
      run(evt);
      return false;
    });
  }

  private draw(state: SearchState, change: SearchChange): void {
    // Never while the user's own edit is newer than the store's, as it is while an input method composes.
    if (state.input !== this.drawnInput && this.inputEl.value !== state.input) this.inputEl.value = state.input;
    this.drawnInput = state.input;
    this.toolbar.show(state);
    this.list.show(state, change);
    const active = this.list.selectedId;
    if (active === (this.inputEl.getAttr("aria-activedescendant") ?? undefined)) return;
    if (active === undefined) this.inputEl.removeAttribute("aria-activedescendant");
    else this.inputEl.setAttr("aria-activedescendant", active);
  }

  /** Closes the modal, then opens the note at its passage (Mod: in a new tab) or, with Shift, links it at the cursor. */
  private choose(result: NoteResult | undefined, evt: MouseEvent | KeyboardEvent): void {
    if (!result) return;
    this.close();
    // Outside the vault: read-only, no link to insert; it opens in the system's default app.
    if (isExtraPath(result.path)) {
      if (this.deps.openExtra) this.deps.openExtra(result.path);
      else new Notice(`${result.path} is outside the vault and can only be opened on desktop.`);
      return;
    }
    const pane = Keymap.isModEvent(evt);
    if (evt.shiftKey && !pane) {
      insertLinkAtCursor(this.app, result.path);
      return;
    }
    void openNote(this.app, { path: result.path, line: result.best.startLine }, pane === true ? "tab" : pane);
  }
}
