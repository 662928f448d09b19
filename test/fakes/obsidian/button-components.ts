import type * as O from "obsidian";
import { setIcon, setTooltip } from "./icons";
import { BaseComponent } from "./value-components";

/** A `button`; `setCta` adds `mod-cta`, `setWarning` adds `mod-warning`. */
export class ButtonComponent extends BaseComponent {
  buttonEl: HTMLButtonElement;

  constructor(containerEl: HTMLElement) {
    super();
    this.buttonEl = containerEl.createEl("button");
  }
  override setDisabled(disabled: boolean): this {
    super.setDisabled(disabled);
    this.buttonEl.disabled = disabled;
    return this;
  }
  setCta(): this {
    this.buttonEl.addClass("mod-cta");
    return this;
  }
  removeCta(): this {
    this.buttonEl.removeClass("mod-cta");
    return this;
  }
  setWarning(): this {
    this.buttonEl.addClass("mod-warning");
    return this;
  }
  setTooltip(tooltip: string, options?: O.TooltipOptions): this {
    setTooltip(this.buttonEl, tooltip, options);
    return this;
  }
  setButtonText(name: string): this {
    this.buttonEl.setText(name);
    return this;
  }
  setIcon(icon: O.IconName): this {
    this.buttonEl.empty();
    setIcon(this.buttonEl, icon);
    return this;
  }
  setClass(cls: string): this {
    this.buttonEl.addClass(cls);
    return this;
  }
  onClick(callback: (evt: MouseEvent) => unknown): this {
    this.buttonEl.addEventListener("click", (evt) => callback(evt));
    return this;
  }
}

/** The small icon button at the end of a setting (`div.clickable-icon.extra-setting-button`). */
export class ExtraButtonComponent extends BaseComponent {
  extraSettingsEl: HTMLElement;

  constructor(containerEl: HTMLElement) {
    super();
    this.extraSettingsEl = containerEl.createDiv({ cls: "clickable-icon extra-setting-button" });
    this.setIcon("gear");
  }
  override setDisabled(disabled: boolean): this {
    super.setDisabled(disabled);
    this.extraSettingsEl.toggleClass("is-disabled", disabled);
    return this;
  }
  setTooltip(tooltip: string, options?: O.TooltipOptions): this {
    setTooltip(this.extraSettingsEl, tooltip, options);
    return this;
  }
  setIcon(icon: O.IconName): this {
    setIcon(this.extraSettingsEl, icon);
    return this;
  }
  onClick(callback: () => unknown): this {
    this.extraSettingsEl.addEventListener("click", () => {
      if (!this.disabled) callback();
    });
    return this;
  }
}
