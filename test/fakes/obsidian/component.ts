import type * as O from "obsidian";
import type { EventRef } from "./events";

const pendingLoads = new WeakMap<Component, Promise<unknown>>();

/**
 * Obsidian's lifecycle unit. `load` runs `onload` then loads the children; `unload` unloads the children (last
 * first), runs the registered cleanups (last first), then `onunload`. Both are idempotent.
 */
export class Component {
  // Named as in Obsidian, where some code inspects them.
  private _loaded = false;
  private _children: Component[] = [];
  private _events: (() => unknown)[] = [];

  load(): void {
    if (this._loaded) return;
    this._loaded = true;
    // Plugin.onload may be async; Obsidian waits for it, so the fake keeps the promise for `whenLoaded`.
    const result: unknown = this.onload();
    if (result instanceof Promise) pendingLoads.set(this, result);
    for (const child of [...this._children]) child.load();
  }

  onload(): void {
    // Overridden by subclasses.
  }

  unload(): void {
    if (!this._loaded) return;
    this._loaded = false;
    while (this._children.length > 0) this._children.pop()?.unload();
    while (this._events.length > 0) this._events.pop()?.();
    this.onunload();
  }

  onunload(): void {
    // Overridden by subclasses.
  }

  addChild<T extends Component>(component: T): T {
    this._children.push(component);
    if (this._loaded) component.load();
    return component;
  }

  removeChild<T extends Component>(component: T): T {
    const index = this._children.indexOf(component);
    if (index >= 0) {
      this._children.splice(index, 1);
      component.unload();
    }
    return component;
  }

  register(cb: () => unknown): void {
    this._events.push(cb);
  }

  registerEvent(eventRef: O.EventRef): void {
    const ref = eventRef as EventRef;
    this.register(() => ref.e.offref(ref));
  }

  registerDomEvent(
    el: Window | Document | HTMLElement,
    type: string,
    callback: (this: HTMLElement, ev: Event) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void {
    el.addEventListener(type, callback, options);
    this.register(() => el.removeEventListener(type, callback, options));
  }

  registerInterval(id: number): number {
    this.register(() => clearInterval(id));
    return id;
  }
}

/** Fake-only: resolves when the component's (possibly async) `onload` has finished, rejecting if it failed. */
export async function whenLoaded(component: Component): Promise<void> {
  await pendingLoads.get(component);
}

/** Fake-only: whether the component is currently loaded. */
export function isLoaded(component: Component): boolean {
  return (component as unknown as { _loaded: boolean })._loaded;
}
