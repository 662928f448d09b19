import type * as O from "obsidian";

/**
 * Obsidian's `debounce`. Without `resetTimer` the call runs `timeout` ms after the first call of a burst, with the
 * arguments of the latest call; with `resetTimer` every call restarts the wait. `cancel` drops a pending call,
 * `run` performs it now.
 */
export function debounce<T extends unknown[], V>(
  cb: (...args: [...T]) => V,
  timeout = 0,
  resetTimer = false,
): O.Debouncer<T, V> {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pendingArgs: T | null = null;

  const fire = (): V | undefined => {
    timer = null;
    const args = pendingArgs;
    pendingArgs = null;
    return args === null ? undefined : cb(...args);
  };

  const debounced = ((...args: T) => {
    pendingArgs = args;
    if (timer !== null && resetTimer) {
      clearTimeout(timer);
      timer = null;
    }
    timer ??= setTimeout(fire, timeout);
    return debounced;
  }) as O.Debouncer<T, V>;

  debounced.cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    pendingArgs = null;
    return debounced;
  };

  debounced.run = () => {
    if (timer === null) return undefined;
    clearTimeout(timer);
    return fire();
  };

  return debounced;
}
