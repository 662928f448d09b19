/**
 * The `k` best items in order, by `better` (true when its first argument ranks above its second). A bounded heap:
 * a common word scores tens of thousands of chunks, and sorting all of them to keep a page of results was a large
 * share of a keystroke's search time.
 */
export function topK<T>(items: readonly T[], k: number, better: (a: T, b: T) => boolean): T[] {
  if (k <= 0) return [];
  // The heap's root is the worst item kept, so a new item only has to beat it.
  const heap: T[] = [];
  const worse = (i: number, j: number): boolean => better(heap[j] as T, heap[i] as T);
  const swap = (i: number, j: number): void => {
    const t = heap[i] as T;
    heap[i] = heap[j] as T;
    heap[j] = t;
  };
  const siftDown = (start: number): void => {
    let i = start;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let w = i;
      if (l < heap.length && worse(l, w)) w = l;
      if (r < heap.length && worse(r, w)) w = r;
      if (w === i) return;
      swap(i, w);
      i = w;
    }
  };
  for (const item of items) {
    if (heap.length < k) {
      heap.push(item);
      let i = heap.length - 1;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!worse(i, parent)) break;
        swap(i, parent);
        i = parent;
      }
    } else if (better(item, heap[0] as T)) {
      heap[0] = item;
      siftDown(0);
    }
  }
  return heap.sort((a, b) => (better(a, b) ? -1 : better(b, a) ? 1 : 0));
}
