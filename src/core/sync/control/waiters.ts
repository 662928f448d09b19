/** Callers waiting for something to happen; `resolve` lets all current ones go. */
export class Waiters {
  private pending: (() => void)[] = [];

  wait(): Promise<void> {
    return new Promise((resolve) => this.pending.push(resolve));
  }

  resolve(): void {
    const all = this.pending;
    this.pending = [];
    for (const r of all) r();
  }
}
