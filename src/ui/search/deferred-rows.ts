/** Runs `fn` once the next frame has been painted. */
export type AfterPaint = (fn: () => void) => void;

/** The browser's: a task posted from the next animation frame runs after that frame's paint. */
export const windowAfterPaint: AfterPaint = (fn) => {
  window.requestAnimationFrame(() => window.setTimeout(fn, 0));
};

/**
 * Draws the first rows of a list at once and the rest after the next paint. A keystroke redraws the whole result
 * list, but only its first rows are in view: building, laying out and painting the others first would delay the
 * rows the user is looking at. Rows still waiting when a new list starts are dropped with it.
 */
export class DeferredRows<T> {
  private waiting: { value: T; el: HTMLElement }[] = [];
  private drawn = 0;
  private lazy = false;
  private scheduled = false;

  constructor(
    /** Rows drawn at once; enough to fill a tall screen's list. */
    private readonly eager: number,
    private readonly afterPaint: AfterPaint,
    private readonly draw: (value: T, el: HTMLElement) => void,
  ) {}

  /** A new list starts. With `lazy` false (a list replaced in place, whose scroll position must hold) every row is drawn at once. */
  reset(lazy: boolean): void {
    this.waiting = [];
    this.drawn = 0;
    this.lazy = lazy;
  }

  /** Draws the row now, or after the next paint when the list already has its eager rows. */
  render(value: T, el: HTMLElement): void {
    if (!this.lazy || this.drawn < this.eager) {
      this.drawn++;
      this.draw(value, el);
      return;
    }
    this.waiting.push({ value, el });
    if (this.scheduled) return;
    this.scheduled = true;
    this.afterPaint(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  /** Draws every waiting row now. */
  flush(): void {
    const rows = this.waiting;
    this.waiting = [];
    for (const { value, el } of rows) this.draw(value, el);
  }
}
