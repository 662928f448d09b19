/**
 * Items `0…n-1` in the order `better` gives, worked out only as far as asked: a heap over all of them is built once
 * (linear), then each further item costs one pop. A list read deeper and deeper until enough of its hits pass a
 * filter (an exclusion that drops most of the best notes) used to sort every vector of the vault; it now orders only
 * what it reads. `better` must be a strict total order (the vector lists break equal scores by a unique key), so
 * the order is the one a full sort gives.
 */
export class LazyOrder {
  private readonly heap: number[];
  /** The best items so far, best first. */
  private readonly done: number[] = [];

  constructor(
    n: number,
    private readonly better: (a: number, b: number) => boolean,
  ) {
    this.heap = Array.from({ length: n }, (_, i) => i);
    for (let i = (n >> 1) - 1; i >= 0; i--) this.sift(i);
  }

  /** The best `count` items (fewer when there are fewer), best first. */
  first(count: number): number[] {
    const heap = this.heap;
    while (this.done.length < count && heap.length > 0) {
      this.done.push(heap[0]!);
      const last = heap.pop()!;
      if (heap.length > 0) {
        heap[0] = last;
        this.sift(0);
      }
    }
    return this.done.slice(0, Math.max(0, count));
  }

  private sift(from: number): void {
    const heap = this.heap;
    const n = heap.length;
    const item = heap[from]!;
    let i = from;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= n) break;
      const r = l + 1;
      const child = r < n && this.better(heap[r]!, heap[l]!) ? r : l;
      if (!this.better(heap[child]!, item)) break;
      heap[i] = heap[child]!;
      i = child;
    }
    heap[i] = item;
  }
}
