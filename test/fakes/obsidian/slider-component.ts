import { ValueComponent } from "./value-components";

/**
 * An `input[type=range].slider`. `onChange` fires on `change` (release), or on every `input` after
 * `setInstant(true)`.
 */
export class SliderComponent extends ValueComponent<number> {
  sliderEl: HTMLInputElement;
  private instant = false;
  private changeCallback: ((value: number) => unknown) | null = null;

  constructor(containerEl: HTMLElement) {
    super();
    this.sliderEl = containerEl.createEl("input", { type: "range", cls: "slider" });
    this.sliderEl.addEventListener("input", () => {
      if (this.instant) this.changeCallback?.(this.getValue());
    });
    this.sliderEl.addEventListener("change", () => {
      if (!this.instant) this.changeCallback?.(this.getValue());
    });
  }
  override setDisabled(disabled: boolean): this {
    super.setDisabled(disabled);
    this.sliderEl.disabled = disabled;
    return this;
  }
  setInstant(instant: boolean): this {
    this.instant = instant;
    return this;
  }
  setLimits(min: number, max: number, step: number | "any"): this {
    this.sliderEl.setAttrs({ min, max, step });
    return this;
  }
  getValue(): number {
    return Number(this.sliderEl.value);
  }
  setValue(value: number): this {
    this.sliderEl.value = String(value);
    return this;
  }
  getValuePretty(): string {
    return String(this.getValue());
  }
  setDynamicTooltip(): this {
    this.sliderEl.addEventListener("input", () => this.showTooltip());
    return this;
  }
  showTooltip(): void {
    this.sliderEl.setAttr("aria-label", this.getValuePretty());
  }
  onChange(callback: (value: number) => unknown): this {
    this.changeCallback = callback;
    return this;
  }
}
