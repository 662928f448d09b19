import type * as O from "obsidian";

/** The handle `Events.on` returns; it remembers its emitter so `Component.registerEvent` can detach it. */
export interface EventRef extends O.EventRef {
  /** The emitter the handler is attached to. */
  e: Events;
  /** The event name. */
  name: string;
  /** The handler. */
  fn: (...data: unknown[]) => unknown;
  /** The `this` the handler runs with; `undefined` unless given to `on`. */
  ctx?: unknown;
}

/**
 * Obsidian's event emitter. Handlers run in registration order on a snapshot of the list, so handlers added or
 * removed during a trigger take effect from the next trigger; a throwing handler is logged with `console.error`
 * and does not stop the others, as in Obsidian.
 */
export class Events {
  private readonly handlers = new Map<string, EventRef[]>();

  on(name: string, callback: (...data: never[]) => unknown, ctx?: unknown): EventRef {
    const ref: EventRef = { e: this, name, fn: callback as (...data: unknown[]) => unknown, ctx };
    const list = this.handlers.get(name) ?? [];
    list.push(ref);
    this.handlers.set(name, list);
    return ref;
  }

  off(name: string, callback: (...data: never[]) => unknown): void {
    const list = this.handlers.get(name);
    if (!list) return;
    this.handlers.set(
      name,
      list.filter((ref) => ref.fn !== callback),
    );
  }

  offref(ref: O.EventRef): void {
    const own = ref as EventRef;
    const list = this.handlers.get(own.name);
    if (!list) return;
    this.handlers.set(
      own.name,
      list.filter((r) => r !== own),
    );
  }

  trigger(name: string, ...data: unknown[]): void {
    for (const ref of [...(this.handlers.get(name) ?? [])]) this.tryTrigger(ref, data);
  }

  tryTrigger(evt: O.EventRef, args: unknown[]): void {
    const ref = evt as EventRef;
    try {
      ref.fn.apply(ref.ctx, args);
    } catch (error) {
      console.error(error);
    }
  }
}
