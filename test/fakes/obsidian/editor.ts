import type * as O from "obsidian";

const before = (a: O.EditorPosition, b: O.EditorPosition): boolean => a.line < b.line || (a.line === b.line && a.ch < b.ch);

/**
 * A plain-text stand-in for Obsidian's `Editor` (the subset a search plugin needs): text access, one selection,
 * edits, and scrolling. Scrolls are not performed but recorded in `scrollHistory`.
 */
export class FakeEditor {
  /** Fake-only: every range `scrollIntoView` was asked to show, oldest first. */
  scrollHistory: { range: O.EditorRange; center: boolean }[] = [];
  private text = "";
  private anchor: O.EditorPosition = { line: 0, ch: 0 };
  private head: O.EditorPosition = { line: 0, ch: 0 };
  private focused = false;

  /** @param onChange called after every edit, as CodeMirror's update listeners are. */
  constructor(private readonly onChange: () => void = () => undefined) {}

  getDoc(): this {
    return this;
  }
  refresh(): void {
    // Nothing is laid out.
  }
  getValue(): string {
    return this.text;
  }
  setValue(content: string): void {
    this.text = content;
    this.setCursor(this.clamp(this.head));
    this.onChange();
  }
  getLine(line: number): string {
    return this.text.split("\n")[line] ?? "";
  }
  setLine(n: number, text: string): void {
    this.replaceRange(text, { line: n, ch: 0 }, { line: n, ch: this.getLine(n).length });
  }
  lineCount(): number {
    return this.text.split("\n").length;
  }
  lastLine(): number {
    return this.lineCount() - 1;
  }
  getRange(from: O.EditorPosition, to: O.EditorPosition): string {
    return this.text.slice(this.posToOffset(from), this.posToOffset(to));
  }
  getSelection(): string {
    return this.getRange(this.getCursor("from"), this.getCursor("to"));
  }
  somethingSelected(): boolean {
    return this.getSelection() !== "";
  }
  replaceSelection(replacement: string): void {
    const from = this.getCursor("from");
    this.replaceRange(replacement, from, this.getCursor("to"));
    this.setCursor(this.offsetToPos(this.posToOffset(from) + replacement.length));
  }
  replaceRange(replacement: string, from: O.EditorPosition, to: O.EditorPosition = from): void {
    const start = this.posToOffset(from);
    const end = this.posToOffset(to);
    const delta = replacement.length - (end - start);
    // Offsets after the edit move with the text, inside it collapse to its start; a caret exactly at an
    // insertion point stays before the inserted text.
    const map = (offset: number): number => {
      if (offset < start || (offset === start && start === end)) return offset;
      return offset < end ? start : offset + delta;
    };
    const anchor = map(this.posToOffset(this.anchor));
    const head = map(this.posToOffset(this.head));
    this.text = this.text.slice(0, start) + replacement + this.text.slice(end);
    this.anchor = this.offsetToPos(anchor);
    this.head = this.offsetToPos(head);
    this.onChange();
  }
  getCursor(which: "from" | "to" | "head" | "anchor" = "head"): O.EditorPosition {
    const [from, to] = before(this.head, this.anchor) ? [this.head, this.anchor] : [this.anchor, this.head];
    return { ...{ from, to, head: this.head, anchor: this.anchor }[which] };
  }
  listSelections(): O.EditorSelection[] {
    return [{ anchor: { ...this.anchor }, head: { ...this.head } }];
  }
  setCursor(pos: O.EditorPosition | number, ch?: number): void {
    const target = typeof pos === "number" ? { line: pos, ch: ch ?? 0 } : pos;
    this.setSelection(target, target);
  }
  setSelection(anchor: O.EditorPosition, head: O.EditorPosition = anchor): void {
    this.anchor = this.clamp(anchor);
    this.head = this.clamp(head);
  }
  setSelections(ranges: O.EditorSelectionOrCaret[], main = 0): void {
    const range = ranges[main] ?? ranges[0];
    if (range) this.setSelection(range.anchor, range.head ?? range.anchor);
  }
  focus(): void {
    this.focused = true;
  }
  blur(): void {
    this.focused = false;
  }
  hasFocus(): boolean {
    return this.focused;
  }
  getScrollInfo(): { top: number; left: number } {
    return { top: 0, left: 0 };
  }
  scrollTo(): void {
    // Nothing is laid out.
  }
  scrollIntoView(range: O.EditorRange, center = false): void {
    this.scrollHistory.push({ range: { from: { ...range.from }, to: { ...range.to } }, center });
  }
  wordAt(pos: O.EditorPosition): O.EditorRange | null {
    const line = this.getLine(pos.line);
    let start = pos.ch;
    let end = pos.ch;
    while (start > 0 && /\w/.test(line[start - 1] ?? "")) start--;
    while (end < line.length && /\w/.test(line[end] ?? "")) end++;
    return start === end ? null : { from: { line: pos.line, ch: start }, to: { line: pos.line, ch: end } };
  }
  posToOffset(pos: O.EditorPosition): number {
    const p = this.clamp(pos);
    const lines = this.text.split("\n");
    let offset = 0;
    for (let i = 0; i < p.line; i++) offset += (lines[i] ?? "").length + 1;
    return offset + p.ch;
  }
  offsetToPos(offset: number): O.EditorPosition {
    const clamped = Math.max(0, Math.min(offset, this.text.length));
    const before = this.text.slice(0, clamped).split("\n");
    return { line: before.length - 1, ch: (before[before.length - 1] ?? "").length };
  }

  private clamp(pos: O.EditorPosition): O.EditorPosition {
    const lines = this.text.split("\n");
    const line = Math.max(0, Math.min(pos.line, lines.length - 1));
    return { line, ch: Math.max(0, Math.min(pos.ch, (lines[line] ?? "").length)) };
  }
}
