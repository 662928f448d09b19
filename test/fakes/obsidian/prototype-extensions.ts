/**
 * The small Array/String/Math/Object extensions Obsidian adds globally. Installed only in the browser harness:
 * in Node they stay absent, so engine code that relies on them by accident fails its tests instead of the CLI.
 */
export function installPrototypeExtensions(win: typeof globalThis): void {
  const arrayMethods: Record<string, unknown> = {
    first(this: unknown[]) {
      return this[0];
    },
    last(this: unknown[]) {
      return this[this.length - 1];
    },
    contains(this: unknown[], target: unknown) {
      return this.includes(target);
    },
    remove(this: unknown[], target: unknown) {
      const index = this.indexOf(target);
      if (index >= 0) this.splice(index, 1);
    },
    unique(this: unknown[]) {
      return [...new Set(this)];
    },
  };
  addMissing(win.Array.prototype, arrayMethods);
  addMissing(win.String.prototype, {
    contains(this: string, target: string) {
      return this.includes(target);
    },
  });
  addMissing(win.Math, {
    clamp: (value: number, min: number, max: number) => Math.min(max, Math.max(min, value)),
    square: (value: number) => value * value,
  });
  addMissing(win.Object, {
    isEmpty: (object: Record<string, unknown>) => Object.keys(object).length === 0,
  });
}

function addMissing(target: object, methods: Record<string, unknown>): void {
  for (const [name, value] of Object.entries(methods)) {
    if (name in target) continue;
    Object.defineProperty(target, name, { value, configurable: true, writable: true, enumerable: false });
  }
}
