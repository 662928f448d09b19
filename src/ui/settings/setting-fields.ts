import type { Setting } from "obsidian";
import type { Result } from "../../core/result";
import { parseNumberInput, type NumberLimit } from "../../core/settings/setting-limits";

/** How a typed value is read, shown and kept. */
export interface FieldSpec<T> {
  /** The stored value. */
  get(): T;
  /** Shows a stored value in the input. */
  format(value: T): string;
  /** Reads what was typed; an error message refuses the value. */
  parse(text: string): Result<T, string>;
  /** Keeps a valid value; may decline (e.g. the user cancelled a rebuild), which restores the stored value. */
  commit(value: T): Promise<boolean>;
  /**
   * "input": kept on every keystroke; "change": kept when the field loses focus or Enter is pressed, for
   * values whose every intermediate state would cost work (exclusions, chunking, the URL).
   */
  when: "input" | "change";
}

/** The message line under a setting's description, created on first use. */
export function errorLine(setting: Setting): HTMLElement {
  const existing = setting.infoEl.querySelector<HTMLElement>(".hvs-setting-error");
  return existing ?? setting.infoEl.createDiv({ cls: "hvs-setting-error hvs-hidden", attr: { role: "alert" } });
}

/** Shows or clears a setting's message; the input is marked invalid while there is one. */
export function showFieldError(setting: Setting, input: HTMLElement, message: string | undefined): void {
  const line = errorLine(setting);
  line.setText(message ?? "");
  line.toggleClass("hvs-hidden", message === undefined);
  input.toggleClass("hvs-invalid", message !== undefined);
}

/**
 * Wires a text input or text area: every keystroke is validated and a bad value gets a message instead of being
 * stored; valid values are kept as `spec.when` says.
 */
export function bindField<T>(setting: Setting, input: HTMLInputElement | HTMLTextAreaElement, spec: FieldSpec<T>): void {
  input.value = spec.format(spec.get());
  const check = (): Result<T, string> => {
    const parsed = spec.parse(input.value);
    showFieldError(setting, input, parsed.ok ? undefined : parsed.error);
    return parsed;
  };
  const keep = async () => {
    const parsed = check();
    if (!parsed.ok) return;
    const kept = await spec.commit(parsed.value);
    if (!kept) input.value = spec.format(spec.get());
  };
  input.addEventListener("input", () => {
    if (spec.when === "input") void keep();
    else check();
  });
  if (spec.when === "change") input.addEventListener("change", () => void keep());
}

/** A number field within `limit`, kept on every keystroke unless `when` says otherwise. */
export function numberField(
  setting: Setting,
  limit: NumberLimit,
  get: () => number,
  commit: (value: number) => Promise<boolean>,
  when: FieldSpec<number>["when"] = "input",
): void {
  setting.addText((text) => {
    text.inputEl.type = "number";
    text.inputEl.addClass("hvs-number-input");
    text.inputEl.min = String(limit.min);
    text.inputEl.max = String(limit.max);
    text.inputEl.step = limit.integer ? "1" : "any";
    bindField(setting, text.inputEl, { get, format: String, parse: (s) => parseNumberInput(s, limit), commit, when });
  });
}
