/**
 * Timing probes that run inside the benchmark page (each exported function is handed to `page.evaluate`, so it
 * must not use anything from this module's scope). Times are `performance.now()` milliseconds; an event's
 * `timeStamp` is on the same clock. "paint" is taken in a task posted from the next animation frame, that is after
 * that frame's style, layout and paint.
 */

/** One keystroke in the search box. */
export interface KeySample {
  key: string;
  /** When the browser created the keydown event. */
  t0: number;
  /** When the input event reached the page (after the keydown's own handlers and the browser's edit of the box). */
  input: number;
  /** When the result list had changed (a MutationObserver callback after the input handler rendered). */
  dom: number;
  /** After the next frame was painted. */
  paint: number;
  /** Rows in the list after the keystroke. */
  rows: number;
  /** Time spent in the engine's keyword search for this keystroke (the rest is event handling and drawing). */
  search: number;
}

/** One update of the related view. */
export interface RelatedSample {
  /** The note the view shows after the update. */
  path: string;
  /** When the note switch was started (`openFile` called), or NaN for updates not caused by a switch. */
  switchStart: number;
  /** The update's own work: computing the neighbours and drawing the list (synchronous). */
  start: number;
  end: number;
  paint: number;
  rows: number;
  /** Time spent computing the neighbours (the rest of the update is drawing). */
  compute: number;
}

/** The probes' state in the page. */
export interface ProbeState {
  keys: KeySample[];
  related: RelatedSample[];
  /** Every status bar text while the probes ran, to see whether indexing work overlapped the measurements. */
  status: { t: number; text: string }[];
  pendingKey: { key: string; t0: number; input: number } | null;
  switchStart: number;
  /** Engine time accumulated since the last keydown. */
  searchMs: number;
  /** Wraps `owner[name]` so the time spent in it is passed to `add`; for the breakdowns only. */
  time(owner: Record<string, unknown>, name: string, add: (ms: number) => void): void;
}

declare global {
  interface Window {
    __hvsBench?: ProbeState;
  }
}

/** Installs the state, the keydown listener and the status bar watcher. Call once per page. */
export function installProbes(): void {
  const time: ProbeState["time"] = (owner, name, add) => {
    const original = owner[name];
    if (typeof original !== "function") throw new Error(`No method ${name} to time.`);
    owner[name] = (...args: unknown[]) => {
      const start = performance.now();
      try {
        return (original as (...a: unknown[]) => unknown).apply(owner, args);
      } finally {
        add(performance.now() - start);
      }
    };
  };
  const state: ProbeState = { keys: [], related: [], status: [], pendingKey: null, switchStart: Number.NaN, searchMs: 0, time };
  window.__hvsBench = state;
  // The plugin's engine is private to it; reaching it here only splits the measured time, it changes nothing.
  const plugin = window.__harness?.plugin as { session?: { engine?: Record<string, unknown> } } | null;
  const engine = plugin?.session?.engine;
  if (!engine) throw new Error("The plugin's search engine is not where the probes expect it.");
  time(engine, "searchKeyword", (ms) => (state.searchMs += ms));
  document.addEventListener(
    "keydown",
    (e) => {
      // Characters only: Escape closes the modal and must not leave a sample waiting.
      if (e.key.length === 1 && e.target instanceof HTMLInputElement && e.target.matches(".hvs-search-modal .prompt-input")) {
        state.pendingKey = { key: e.key, t0: e.timeStamp, input: Number.NaN };
        state.searchMs = 0;
      }
    },
    true,
  );
  document.addEventListener(
    "input",
    (e) => {
      if (state.pendingKey && e.target instanceof HTMLInputElement && e.target.matches(".hvs-search-modal .prompt-input")) {
        state.pendingKey.input = performance.now();
      }
    },
    true,
  );
  const bar = document.querySelector(".hvs-status-bar");
  if (bar) {
    new MutationObserver(() => state.status.push({ t: performance.now(), text: bar.textContent ?? "" })).observe(bar, {
      childList: true,
      characterData: true,
      subtree: true,
    });
  }
}

/** Watches the open search modal's result list: the first change after each keydown completes its sample. */
export function watchSearchResults(): void {
  const state = window.__hvsBench;
  const results = document.querySelector(".hvs-search-modal .prompt-results");
  if (!state || !results) throw new Error("Install the probes and open the search modal first.");
  new MutationObserver(() => {
    const pending = state.pendingKey;
    if (!pending) return;
    state.pendingKey = null;
    const dom = performance.now();
    const rows = results.querySelectorAll(".suggestion-item").length;
    const search = state.searchMs;
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => state.keys.push({ ...pending, dom, paint: performance.now(), rows, search });
      channel.port2.postMessage(null);
    });
  }).observe(results, { childList: true });
}

/** Wraps the open related view's `update` to time each run. */
export function watchRelatedView(): void {
  const state = window.__hvsBench;
  const leaf = window.__harness?.testApp?.fake.workspace.getLeavesOfType("hybrid-vault-search-related")[0];
  const view = leaf?.view as unknown as { update?: () => void; contentEl: HTMLElement; deps?: { related?: Record<string, unknown> } } | undefined;
  const update = view?.update;
  const port = view?.deps?.related;
  if (!state || !view || !port || typeof update !== "function") throw new Error("Install the probes and open the related view first.");
  let compute = 0;
  state.time(port, "related", (ms) => (compute += ms));
  view.update = () => {
    compute = 0;
    const start = performance.now();
    update.call(view);
    const end = performance.now();
    const path = view.contentEl.querySelector(".hvs-related-target")?.getAttribute("title") ?? "";
    const rows = view.contentEl.querySelectorAll(".hvs-related-item").length;
    const switchStart = state.switchStart;
    state.switchStart = Number.NaN;
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      const computed = compute;
      channel.port1.onmessage = () => state.related.push({ path, switchStart, start, end, paint: performance.now(), rows, compute: computed });
      channel.port2.postMessage(null);
    });
  };
}

/**
 * Resolves once the related view's port has done its one-off work (`RelatedPort.warm`), at once for a port without
 * it (an older checkout's).
 */
export async function relatedWarmed(): Promise<void> {
  const leaf = window.__harness?.testApp?.fake.workspace.getLeavesOfType("hybrid-vault-search-related")[0];
  const view = leaf?.view as unknown as { deps?: { related?: { warm?: () => Promise<void> } } } | undefined;
  await view?.deps?.related?.warm?.();
}

/** Starts a note switch the way a click in the file list does, and notes when it started. */
export function switchNote(path: string): void {
  const state = window.__hvsBench;
  if (!state) throw new Error("Install the probes first.");
  state.switchStart = performance.now();
  void window.__harness?.openFile(path);
}
