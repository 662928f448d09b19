/**
 * SuggestModal only re-renders its list when the input changes, and its selection lives in a private "chooser".
 * Replacing the list when late results arrive needs both; each access is feature-checked, so a change inside
 * Obsidian degrades to a list that re-renders with the first row selected, never to an exception.
 */

interface ChooserLike {
  selectedItem: number;
  setSelectedItem(index: number, evt: Event | null): void;
}

interface SuggestInternals {
  chooser?: unknown;
  updateSuggestions?: unknown;
}

function chooserOf(modal: object): ChooserLike | undefined {
  const chooser = (modal as SuggestInternals).chooser;
  if (typeof chooser !== "object" || chooser === null) return undefined;
  const c = chooser as Partial<ChooserLike>;
  return typeof c.selectedItem === "number" && typeof c.setSelectedItem === "function" ? (c as ChooserLike) : undefined;
}

/** The selected row's index; 0 when it cannot be read. */
export function selectedIndex(modal: object): number {
  return chooserOf(modal)?.selectedItem ?? 0;
}

/** Selects a row without scrolling the list; does nothing when the chooser cannot be reached. */
export function selectIndex(modal: object, index: number): void {
  chooserOf(modal)?.setSelectedItem(index, null);
}

/**
 * Asks the modal to call getSuggestions again for the same input: through its own update method when present,
 * else through an input event, which is what typing does.
 */
export function rerunSuggestions(modal: object, inputEl: HTMLInputElement): void {
  const update = (modal as SuggestInternals).updateSuggestions;
  if (typeof update === "function") (update as () => void).call(modal);
  else inputEl.dispatchEvent(new Event("input"));
}
