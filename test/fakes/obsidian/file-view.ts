import type * as O from "obsidian";
import { debounce } from "./debounce";
import { FakeEditor } from "./editor";
import { TFile } from "./files";
import { ItemView } from "./view";
import type { WorkspaceLeaf } from "./workspace-leaf";

/** A view showing one file; its state is `{ file: path }`. */
export abstract class FileView extends ItemView {
  allowNoFile = false;
  file: TFile | null = null;
  override navigation = true;

  getDisplayText(): string {
    return this.file?.basename ?? "No file";
  }
  override getState(): Record<string, unknown> {
    return this.file ? { file: this.file.path } : {};
  }
  override async setState(state: unknown, _result: O.ViewStateResult): Promise<void> {
    const path = (state as { file?: unknown } | null)?.file;
    const file = typeof path === "string" ? this.app.vault.getFileByPath(path) : null;
    if (!file || file === this.file) return;
    if (this.file) await this.onUnloadFile(this.file);
    this.file = file;
    await this.onLoadFile(file);
  }
  async onLoadFile(_file: TFile): Promise<void> {
    // Overridden by subclasses.
  }
  async onUnloadFile(_file: TFile): Promise<void> {
    // Overridden by subclasses.
  }
  async onRename(_file: TFile): Promise<void> {
    // Overridden by subclasses.
  }
  canAcceptExtension(_extension: string): boolean {
    return false;
  }
}

/**
 * A Markdown note in source mode with a `FakeEditor`. The text is shown read-only, one `div.cm-line` per line
 * (as plain text). Edits save to the vault 2 s after the last change, like Obsidian's `requestSave`.
 * Ephemeral state `{ line }` or `{ subpath: "#Heading" }` places the cursor there and scrolls to it.
 */
export class MarkdownView extends FileView {
  editor: FakeEditor;
  hoverPopover = null;
  requestSave: () => void;
  private readonly linesEl: HTMLElement;
  private loading = false;

  constructor(leaf: WorkspaceLeaf) {
    super(leaf);
    this.linesEl = this.contentEl.createDiv({ cls: "markdown-source-view cm-content" });
    const save = debounce(() => void this.save(), 2000, true);
    this.requestSave = () => void save();
    this.editor = new FakeEditor(() => {
      this.render();
      if (this.loading) return;
      this.app.workspace.trigger("editor-change", this.editor, this);
      this.requestSave();
    });
  }

  getViewType(): string {
    return "markdown";
  }
  getMode(): "source" | "preview" {
    return "source";
  }
  override canAcceptExtension(extension: string): boolean {
    return extension === "md";
  }
  get data(): string {
    return this.editor.getValue();
  }
  getViewData(): string {
    return this.editor.getValue();
  }
  setViewData(data: string, _clear: boolean): void {
    this.editor.setValue(data);
  }
  clear(): void {
    this.editor.setValue("");
  }
  override async onLoadFile(file: TFile): Promise<void> {
    const text = await this.app.vault.read(file);
    // Loading is not an edit: render without firing editor-change or scheduling a save.
    this.loading = true;
    try {
      this.editor.setValue(text);
    } finally {
      this.loading = false;
    }
  }
  async save(): Promise<void> {
    const file = this.file;
    if (file instanceof TFile && (await this.app.vault.read(file)) !== this.data) await this.app.vault.modify(file, this.data);
  }
  override getEphemeralState(): Record<string, unknown> {
    return { cursor: { from: this.editor.getCursor("from"), to: this.editor.getCursor("to") } };
  }
  override setEphemeralState(state: unknown): void {
    const { line, subpath } = (state ?? {}) as { line?: unknown; subpath?: unknown };
    const target = typeof line === "number" ? line : typeof subpath === "string" ? this.headingLine(subpath) : null;
    if (target === null) return;
    const pos = { line: target, ch: 0 };
    this.editor.setCursor(pos);
    this.editor.scrollIntoView({ from: pos, to: pos }, true);
  }

  private headingLine(subpath: string): number | null {
    if (!this.file) return null;
    const wanted = subpath.replace(/^#/, "").trim().toLowerCase();
    const headings = this.app.metadataCache.getFileCache(this.file)?.headings ?? [];
    return headings.find((h) => h.heading.trim().toLowerCase() === wanted)?.position.start.line ?? null;
  }

  private render(): void {
    this.linesEl.empty();
    for (const line of this.editor.getValue().split("\n")) this.linesEl.createDiv({ cls: "cm-line", text: line });
  }
}
