/** What the chooser needs from its owner (Obsidian's `ISuggestOwner`). */
export interface SuggestOwner<T> {
  renderSuggestion(value: T, el: HTMLElement): void;
  selectSuggestion(value: T, evt: MouseEvent | KeyboardEvent): void;
}

/**
 * Obsidian's private `Chooser` behind `SuggestModal` (plugins reach it as `modal.chooser`): it renders
 * `div.suggestion-item`s, keeps one marked `is-selected` (wrapping at both ends), selects on mouse move and
 * chooses on click or through `useSelectedItem`. Each new list selects its first item.
 */
export class Chooser<T> {
  values: T[] | null = null;
  suggestions: HTMLElement[] = [];
  selectedItem = 0;

  constructor(
    private readonly owner: SuggestOwner<T>,
    readonly containerEl: HTMLElement,
  ) {
    containerEl.on("click", ".suggestion-item", (evt, el) => {
      this.setSelectedItem(this.suggestions.indexOf(el), evt);
      this.useSelectedItem(evt);
    });
    containerEl.on("mousemove", ".suggestion-item", (evt, el) => {
      this.setSelectedItem(this.suggestions.indexOf(el), evt);
    });
  }

  setSuggestions(values: T[] | null): void {
    this.containerEl.empty();
    this.values = values;
    this.suggestions = (values ?? []).map((value) => {
      const el = this.containerEl.createDiv({ cls: "suggestion-item" });
      this.owner.renderSuggestion(value, el);
      return el;
    });
    this.selectedItem = 0;
    this.suggestions[0]?.addClass("is-selected");
  }

  addMessage(text: string): void {
    this.containerEl.createDiv({ cls: "suggestion-empty", text });
  }

  setSelectedItem(index: number, evt: MouseEvent | KeyboardEvent | null): void {
    const count = this.suggestions.length;
    if (count === 0) return;
    const next = ((index % count) + count) % count;
    this.suggestions[this.selectedItem]?.removeClass("is-selected");
    this.selectedItem = next;
    const el = this.suggestions[next];
    el?.addClass("is-selected");
    // Keyboard moves keep the selection in view; mouse moves must not scroll under the pointer.
    if (evt !== null && "key" in evt) el?.scrollIntoView({ block: "nearest" });
  }

  moveUp(evt: KeyboardEvent): void {
    this.setSelectedItem(this.selectedItem - 1, evt);
  }

  moveDown(evt: KeyboardEvent): void {
    this.setSelectedItem(this.selectedItem + 1, evt);
  }

  useSelectedItem(evt: MouseEvent | KeyboardEvent): boolean {
    const value = this.values?.[this.selectedItem];
    if (value === undefined) return false;
    this.owner.selectSuggestion(value, evt);
    return true;
  }
}
