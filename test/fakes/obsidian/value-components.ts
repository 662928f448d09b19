/** The base of setting controls: a `disabled` flag and chaining through `then`. */
export abstract class BaseComponent {
  disabled = false;

  then(cb: (component: this) => unknown): this {
    cb(this);
    return this;
  }

  setDisabled(disabled: boolean): this {
    this.disabled = disabled;
    return this;
  }
}

/** A control holding a value. `setValue` never reports back through `onChange`, except on toggles (see there). */
export abstract class ValueComponent<T> extends BaseComponent {
  registerOptionListener(listeners: Record<string, (value?: T) => T>, key: string): this {
    listeners[key] = (value?: T) => {
      if (value !== undefined) this.setValue(value);
      return this.getValue();
    };
    return this;
  }
  abstract getValue(): T;
  abstract setValue(value: T): this;
}

/** A text input or text area; `onChange` fires on every `input` event with the new text. */
export class AbstractTextComponent<E extends HTMLInputElement | HTMLTextAreaElement> extends ValueComponent<string> {
  private changeCallback: ((value: string) => unknown) | null = null;

  constructor(public inputEl: E) {
    super();
    inputEl.addEventListener("input", () => this.onChanged());
  }
  override setDisabled(disabled: boolean): this {
    super.setDisabled(disabled);
    this.inputEl.disabled = disabled;
    return this;
  }
  getValue(): string {
    return this.inputEl.value;
  }
  setValue(value: string): this {
    this.inputEl.value = value;
    return this;
  }
  setPlaceholder(placeholder: string): this {
    this.inputEl.setAttr("placeholder", placeholder);
    return this;
  }
  onChanged(): void {
    this.changeCallback?.(this.getValue());
  }
  onChange(callback: (value: string) => unknown): this {
    this.changeCallback = callback;
    return this;
  }
}

/** A one-line text input (`input[type=text]`). */
export class TextComponent extends AbstractTextComponent<HTMLInputElement> {
  constructor(containerEl: HTMLElement) {
    super(containerEl.createEl("input", { type: "text", attr: { spellcheck: "false" } }));
  }
}

/** A multi-line text input (`textarea`). */
export class TextAreaComponent extends AbstractTextComponent<HTMLTextAreaElement> {
  constructor(containerEl: HTMLElement) {
    super(containerEl.createEl("textarea", { attr: { spellcheck: "false" } }));
  }
}

/**
 * A switch (`div.checkbox-container`, `is-enabled` when on). A click flips it. As in Obsidian, `setValue` with a
 * different value also calls the `onChange` callback, so set the initial value before registering `onChange`.
 */
export class ToggleComponent extends ValueComponent<boolean> {
  toggleEl: HTMLElement;
  private on = false;
  private changeCallback: ((value: boolean) => unknown) | null = null;

  constructor(containerEl: HTMLElement) {
    super();
    this.toggleEl = containerEl.createDiv({ cls: "checkbox-container" });
    this.toggleEl.createEl("input", { type: "checkbox", attr: { tabindex: 0 } });
    this.toggleEl.addEventListener("click", () => this.onClick());
  }
  override setDisabled(disabled: boolean): this {
    super.setDisabled(disabled);
    this.toggleEl.toggleClass("is-disabled", disabled);
    return this;
  }
  getValue(): boolean {
    return this.on;
  }
  setValue(on: boolean): this {
    const changed = on !== this.on;
    this.on = on;
    this.toggleEl.toggleClass("is-enabled", on);
    if (changed) this.changeCallback?.(on);
    return this;
  }
  setTooltip(tooltip: string): this {
    this.toggleEl.setAttr("aria-label", tooltip);
    return this;
  }
  onClick(): void {
    if (!this.disabled) this.setValue(!this.on);
  }
  onChange(callback: (value: boolean) => unknown): this {
    this.changeCallback = callback;
    return this;
  }
}

/** A `select.dropdown`; `onChange` fires on the `change` event. */
export class DropdownComponent extends ValueComponent<string> {
  selectEl: HTMLSelectElement;
  private changeCallback: ((value: string) => unknown) | null = null;

  constructor(containerEl: HTMLElement) {
    super();
    this.selectEl = containerEl.createEl("select", { cls: "dropdown" });
    this.selectEl.addEventListener("change", () => this.changeCallback?.(this.getValue()));
  }
  override setDisabled(disabled: boolean): this {
    super.setDisabled(disabled);
    this.selectEl.disabled = disabled;
    return this;
  }
  addOption(value: string, display: string): this {
    this.selectEl.createEl("option", { value, text: display });
    return this;
  }
  addOptions(options: Record<string, string>): this {
    for (const [value, display] of Object.entries(options)) this.addOption(value, display);
    return this;
  }
  getValue(): string {
    return this.selectEl.value;
  }
  setValue(value: string): this {
    this.selectEl.value = value;
    return this;
  }
  onChange(callback: (value: string) => unknown): this {
    this.changeCallback = callback;
    return this;
  }
}
