/**
 * What was worked out from texts shown lately, by text, up to `maxChars` characters of text in all: the oldest text
 * goes first once more would be held. A text longer than the bound alone is not kept. For the search modal's
 * excerpts, whose texts are mostly the ones the key before showed; bounded by size rather than count, since a vault
 * of long chunks would otherwise hold megabytes of words for as long as the plugin runs.
 */
export class RecentTexts<V> {
  private readonly held = new Map<string, V>();
  private chars = 0;

  /** `maxChars`: the most characters of text held at once. */
  constructor(private readonly maxChars: number) {}

  /** The value kept for `text`, else `make(text)`'s, kept when the text fits the bound. */
  get(text: string, make: (text: string) => V): V {
    const found = this.held.get(text);
    if (found !== undefined) return found;
    const made = make(text);
    if (text.length > this.maxChars) return made;
    for (const old of this.held.keys()) {
      if (this.chars + text.length <= this.maxChars) break;
      this.held.delete(old);
      this.chars -= old.length;
    }
    this.held.set(text, made);
    this.chars += text.length;
    return made;
  }

  /** How many texts are held. */
  get size(): number {
    return this.held.size;
  }
}
