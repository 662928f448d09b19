import type * as O from "obsidian";
import { Platform } from "./platform";

type Physical = "Ctrl" | "Meta" | "Shift" | "Alt";

/** Maps Obsidian's modifier names to physical keys: `Mod` is Cmd on macOS and Ctrl elsewhere. */
function physical(modifier: O.Modifier): Physical {
  if (modifier === "Mod") return Platform.isMacOS ? "Meta" : "Ctrl";
  return modifier;
}

function pressed(evt: { ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }): Set<Physical> {
  const keys = new Set<Physical>();
  if (evt.ctrlKey) keys.add("Ctrl");
  if (evt.metaKey) keys.add("Meta");
  if (evt.shiftKey) keys.add("Shift");
  if (evt.altKey) keys.add("Alt");
  return keys;
}

/** The modifiers of an event in Obsidian's notation (`Mod` for the platform's command key), comma-joined. */
export function modifiersOf(evt: KeyboardEvent): string {
  const keys = pressed(evt);
  const mod = Platform.isMacOS ? "Meta" : "Ctrl";
  const names: string[] = [];
  if (keys.has(mod)) names.push("Mod");
  for (const key of ["Ctrl", "Meta", "Alt", "Shift"] as const) if (key !== mod && keys.has(key)) names.push(key);
  return names.join(",");
}

interface Handler extends O.KeymapEventHandler {
  wanted: Set<Physical> | null;
  func: O.KeymapEventListener;
}

/**
 * A set of key bindings. A key event goes to the first handler whose key matches (case-insensitively) and whose
 * modifiers are exactly those pressed (`null` modifiers match any); returning `false` prevents the default. When
 * nothing matches, the parent scope is asked.
 */
export class Scope {
  /** The registered handlers, in registration order (Obsidian's field name). */
  keys: Handler[] = [];

  constructor(public parent?: Scope) {}

  register(modifiers: O.Modifier[] | null, key: string | null, func: O.KeymapEventListener): O.KeymapEventHandler {
    const wanted = modifiers === null ? null : new Set(modifiers.map(physical));
    const handler: Handler = { scope: this, modifiers: modifiers?.join(",") ?? null, key, func, wanted };
    this.keys.push(handler);
    return handler;
  }

  unregister(handler: O.KeymapEventHandler): void {
    this.keys = this.keys.filter((h) => h !== handler);
  }

  /** Obsidian-internal: offers a key event to this scope, then to its parents. Returns whether one handled it. */
  handleKey(evt: KeyboardEvent): boolean {
    const keys = pressed(evt);
    for (const handler of this.keys) {
      if (handler.key !== null && handler.key.toLowerCase() !== evt.key.toLowerCase()) continue;
      if (handler.wanted !== null && !sameSet(handler.wanted, keys)) continue;
      const result: unknown = handler.func(evt, { modifiers: modifiersOf(evt), key: evt.key, vkey: evt.key });
      if (result === false) evt.preventDefault();
      return true;
    }
    return this.parent?.handleKey(evt) ?? false;
  }
}

function sameSet(a: Set<Physical>, b: Set<Physical>): boolean {
  return a.size === b.size && [...a].every((k) => b.has(k));
}
