import type * as O from "obsidian";
import type { App } from "./app";
import { Modal } from "./modal";
import { Chooser } from "./suggest-chooser";

/**
 * Obsidian's `SuggestModal`: a prompt with `inputEl`, `resultContainerEl` and optional instructions. Every
 * input event (and `open`) runs `getSuggestions`; a returned promise is rendered when it settles, unless the
 * input has changed meanwhile. ArrowUp/ArrowDown move the selection, Enter chooses it (`selectSuggestion`
 * closes the modal, then calls `onChooseSuggestion`). Extra keys go through `this.scope.register`.
 */
export abstract class SuggestModal<T> extends Modal {
  /** How many suggestions are rendered; 0 renders all. Default 100. */
  limit = 100;
  /** Shown when `getSuggestions` returns nothing. */
  emptyStateText = "No results found.";
  inputEl: HTMLInputElement;
  resultContainerEl: HTMLElement;
  /** Obsidian-private, but plugins use it to read or move the selection. */
  chooser: Chooser<T>;
  private readonly instructionsEl: HTMLElement;

  constructor(app: App) {
    super(app);
    this.modalEl.empty();
    this.modalEl.addClass("prompt");
    const inputContainer = this.modalEl.createDiv({ cls: "prompt-input-container" });
    this.inputEl = inputContainer.createEl("input", { cls: "prompt-input", type: "text", attr: { enterkeyhint: "done" } });
    this.resultContainerEl = this.modalEl.createDiv({ cls: "prompt-results" });
    this.instructionsEl = this.modalEl.createDiv({ cls: "prompt-instructions" });
    this.chooser = new Chooser<T>(this, this.resultContainerEl);
    this.inputEl.addEventListener("input", () => this.onInput());
    this.scope.register([], "ArrowUp", (evt) => {
      this.chooser.moveUp(evt);
      return false;
    });
    this.scope.register([], "ArrowDown", (evt) => {
      this.chooser.moveDown(evt);
      return false;
    });
    this.scope.register([], "Enter", (evt) => {
      this.selectActiveSuggestion(evt);
      return false;
    });
  }

  override open(): void {
    super.open();
    this.inputEl.focus();
    this.onInput();
  }

  setPlaceholder(placeholder: string): void {
    this.inputEl.setAttr("placeholder", placeholder);
  }

  setInstructions(instructions: O.Instruction[]): void {
    this.instructionsEl.empty();
    for (const { command, purpose } of instructions) {
      const el = this.instructionsEl.createDiv({ cls: "prompt-instruction" });
      el.createSpan({ cls: "prompt-instruction-command", text: command });
      el.createSpan({ text: purpose });
    }
  }

  /** Obsidian-private: re-runs `getSuggestions` for the current input. */
  onInput(): void {
    this.updateSuggestions();
  }

  /** Obsidian-private, widely used to refresh the list: runs `getSuggestions` and renders the result. */
  updateSuggestions(): void {
    const query = this.inputEl.value;
    const result = this.getSuggestions(query);
    if (!(result instanceof Promise)) {
      this.render(result);
      return;
    }
    void result.then((items) => {
      if (this.inputEl.value === query) this.render(items);
    });
  }

  onNoSuggestion(): void {
    this.chooser.setSuggestions(null);
    this.chooser.addMessage(this.emptyStateText);
  }

  selectSuggestion(value: T, evt: MouseEvent | KeyboardEvent): void {
    this.close();
    this.onChooseSuggestion(value, evt);
  }

  selectActiveSuggestion(evt: MouseEvent | KeyboardEvent): void {
    this.chooser.useSelectedItem(evt);
  }

  abstract getSuggestions(query: string): T[] | Promise<T[]>;
  abstract renderSuggestion(value: T, el: HTMLElement): void;
  abstract onChooseSuggestion(item: T, evt: MouseEvent | KeyboardEvent): void;

  private render(items: T[]): void {
    const shown = this.limit > 0 ? items.slice(0, this.limit) : items;
    if (shown.length === 0) this.onNoSuggestion();
    else this.chooser.setSuggestions(shown);
  }
}
