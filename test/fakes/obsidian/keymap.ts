import type * as O from "obsidian";
import { Platform } from "./platform";
import type { Scope } from "./scope";

type ModifierEvent = Pick<MouseEvent, "ctrlKey" | "metaKey" | "shiftKey" | "altKey">;

/** The scope stack: key events go to the most recently pushed scope, falling back to the app's root scope. */
export class Keymap {
  private readonly stack: Scope[] = [];

  constructor(private readonly root: Scope) {}

  static isModifier(evt: ModifierEvent, modifier: O.Modifier): boolean {
    switch (modifier) {
      case "Mod":
        return Platform.isMacOS ? evt.metaKey : evt.ctrlKey;
      case "Ctrl":
        return evt.ctrlKey;
      case "Meta":
        return evt.metaKey;
      case "Shift":
        return evt.shiftKey;
      case "Alt":
        return evt.altKey;
    }
  }

  /** `'window'` for Mod+Alt+Shift, `'split'` for Mod+Alt, `'tab'` for Mod or a middle click, else `false`. */
  static isModEvent(evt?: ModifierEvent | null): O.PaneType | boolean {
    if (!evt) return false;
    const mod = Keymap.isModifier(evt, "Mod");
    const middleClick = "button" in evt && evt.button === 1 && "clientX" in evt;
    if (mod && evt.altKey && evt.shiftKey) return "window";
    if (mod && evt.altKey) return "split";
    return mod || middleClick ? "tab" : false;
  }

  pushScope(scope: Scope): void {
    this.popScope(scope);
    this.stack.push(scope);
  }

  popScope(scope: Scope): void {
    const index = this.stack.indexOf(scope);
    if (index >= 0) this.stack.splice(index, 1);
  }

  /** Fake-only: the scope that receives key events now. */
  activeScope(): Scope {
    return this.stack[this.stack.length - 1] ?? this.root;
  }

  /** Obsidian-internal: routes a keydown to the active scope. */
  onKeyEvent(evt: KeyboardEvent): boolean {
    if (evt.isComposing) return false;
    return this.activeScope().handleKey(evt);
  }
}
