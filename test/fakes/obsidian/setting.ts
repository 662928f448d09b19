import type * as O from "obsidian";
import { ButtonComponent, ExtraButtonComponent } from "./button-components";
import { setTooltip } from "./icons";
import { SliderComponent } from "./slider-component";
import {
  type BaseComponent,
  DropdownComponent,
  TextAreaComponent,
  TextComponent,
  ToggleComponent,
} from "./value-components";

/**
 * One row of a settings page: `div.setting-item` with `infoEl` (`nameEl`, `descEl`) and `controlEl`. Each
 * `add…` method appends a control to `controlEl`, records it in `components` and passes it to the callback.
 */
export class Setting {
  settingEl: HTMLElement;
  infoEl: HTMLElement;
  nameEl: HTMLElement;
  descEl: HTMLElement;
  controlEl: HTMLElement;
  components: BaseComponent[] = [];

  constructor(containerEl: HTMLElement) {
    this.settingEl = containerEl.createDiv({ cls: "setting-item" });
    this.infoEl = this.settingEl.createDiv({ cls: "setting-item-info" });
    this.nameEl = this.infoEl.createDiv({ cls: "setting-item-name" });
    this.descEl = this.infoEl.createDiv({ cls: "setting-item-description" });
    this.controlEl = this.settingEl.createDiv({ cls: "setting-item-control" });
  }

  setName(name: string | DocumentFragment): this {
    this.nameEl.setText(name);
    return this;
  }
  setDesc(desc: string | DocumentFragment): this {
    this.descEl.setText(desc);
    return this;
  }
  setClass(cls: string): this {
    this.settingEl.addClass(cls);
    return this;
  }
  setTooltip(tooltip: string, options?: O.TooltipOptions): this {
    setTooltip(this.nameEl, tooltip, options);
    return this;
  }
  setHeading(): this {
    this.settingEl.addClass("setting-item-heading");
    return this;
  }
  setDisabled(disabled: boolean): this {
    this.settingEl.toggleClass("is-disabled", disabled);
    for (const component of this.components) component.setDisabled(disabled);
    return this;
  }

  addButton(cb: (component: ButtonComponent) => unknown): this {
    return this.add(new ButtonComponent(this.controlEl), cb);
  }
  addExtraButton(cb: (component: ExtraButtonComponent) => unknown): this {
    return this.add(new ExtraButtonComponent(this.controlEl), cb);
  }
  addToggle(cb: (component: ToggleComponent) => unknown): this {
    return this.add(new ToggleComponent(this.controlEl), cb);
  }
  addText(cb: (component: TextComponent) => unknown): this {
    return this.add(new TextComponent(this.controlEl), cb);
  }
  addTextArea(cb: (component: TextAreaComponent) => unknown): this {
    return this.add(new TextAreaComponent(this.controlEl), cb);
  }
  addDropdown(cb: (component: DropdownComponent) => unknown): this {
    return this.add(new DropdownComponent(this.controlEl), cb);
  }
  addSlider(cb: (component: SliderComponent) => unknown): this {
    return this.add(new SliderComponent(this.controlEl), cb);
  }

  then(cb: (setting: this) => unknown): this {
    cb(this);
    return this;
  }
  clear(): this {
    this.controlEl.empty();
    this.components = [];
    return this;
  }

  private add<C extends BaseComponent>(component: C, cb: (component: C) => unknown): this {
    this.components.push(component);
    cb(component);
    return this;
  }
}
