import { debounce, ItemView, type Debouncer, Keymap, Notice, type HoverParent, type HoverPopover, type Plugin, type WorkspaceLeaf } from "obsidian";
import { isExtraPath } from "../../core/sync/sources/extra-roots";
import type { RelatedEntry, RelatedResult } from "../../core/search/related-notes";
import type { PluginSettings } from "../../core/settings/plugin-settings";
import { openNote } from "../note-actions";
import type { CursorPort, IndexProgress, IndexStatusPort, RelatedPort, SettingsPort } from "../ports";
import { startNoteDrag } from "./related-drag";
import { relatedOutageMessage, relatedStatusMessage, renderRelatedEntry } from "./related-render";
import { RelatedToolbar } from "./related-toolbar";

export const RELATED_VIEW_TYPE = "hybrid-vault-search-related";

/** What the related-notes view runs on. */
export interface RelatedViewDeps {
  related: RelatedPort;
  status: IndexStatusPort;
  settings: SettingsPort;
  /** Quiet time after a note switch or an index update before the list is recomputed, in ms. Default 300. */
  debounceMs?: number;
  /** Opens a note of an extra folder (outside the vault) in the default app. Default: none (a notice says so). */
  openExtra?: (path: string) => void;
  /** The editors' cursor, for following the section under it; without it the list is always for the whole note. */
  cursor?: CursorPort;
  /** Time the cursor must rest in another section before the list follows it, in ms. Default 500. */
  cursorDebounceMs?: number;
}

/** The right-sidebar list of notes related to the active (or pinned) note. */
export class RelatedView extends ItemView implements HoverParent {
  hoverPopover: HoverPopover | null = null;
  private pinned: string | undefined;
  private paused = false;
  private shownPath: string | undefined;
  private shownStatus: RelatedResult["status"] | undefined;
  /** The list shows the line that Ollama can't be reached. */
  private shownOutage = false;
  private shownSection: RelatedResult["section"];
  private toolbar: RelatedToolbar | undefined;
  private listEl: HTMLElement | undefined;
  /** Not reset by each call, so a steady stream of progress reports still lets an update through. */
  private readonly schedule: Debouncer<[], void>;
  /** Reset by each move, so the list follows the cursor once it rests, not every line it passes. */
  private readonly followCursor: Debouncer<[], void>;
  /** The related port's one-off work is running (see `prepareFirst`). */
  private preparing = false;
  /** Set for the update that follows that work, which lists whatever it finds (see `update`). */
  private prepared = false;

  constructor(
    leaf: WorkspaceLeaf,
    private readonly deps: RelatedViewDeps,
  ) {
    super(leaf);
    this.schedule = debounce(() => this.update(), deps.debounceMs ?? 300, false);
    this.followCursor = debounce(() => this.update(), deps.cursorDebounceMs ?? 500, true);
  }

  getViewType(): string {
    return RELATED_VIEW_TYPE;
  }

  getDisplayText(): string {
    return "Related notes";
  }

  override getIcon(): string {
    return "sparkles";
  }

  override async onOpen(): Promise<void> {
    this.contentEl.empty();
    this.contentEl.addClass("hvs-related-view");
    this.toolbar = new RelatedToolbar(this.contentEl, {
      onPin: () => this.togglePin(),
      onPause: () => this.togglePause(),
      onHideLinked: (hide) => void this.saveRelated({ hideLinked: hide }),
      onFollowSection: (follow) => void this.saveRelated({ followSection: follow }),
    });
    this.listEl = this.contentEl.createDiv({ cls: "hvs-related-list" });
    this.registerEvent(this.app.workspace.on("active-leaf-change", () => this.schedule()));
    this.registerEvent(this.app.workspace.on("file-open", () => this.schedule()));
    this.registerEvent(this.app.vault.on("rename", (file, oldPath) => this.onRename(file.path, oldPath)));
    this.register(this.deps.status.onProgress((p) => this.onProgress(p)));
    if (this.deps.cursor) this.register(this.deps.cursor.onMove(() => this.onCursorMove()));
    this.update();
  }

  override async onClose(): Promise<void> {
    this.schedule.cancel();
    this.followCursor.cancel();
  }

  /** Recomputes the list now for the pinned or active note. Does nothing while paused. */
  update(): void {
    if (this.paused || !this.listEl || !this.toolbar) return;
    const path = this.pinned ?? this.app.workspace.getActiveFile()?.path;
    const s = this.deps.settings.get();
    this.toolbar.sync(this.toolbarState());
    this.listEl.empty();
    this.shownPath = path;
    this.shownSection = undefined;
    this.toolbar.setHidden(0);
    if (path === undefined || !path.endsWith(".md")) {
      this.shownStatus = undefined;
      this.toolbar.setTarget(undefined);
      this.listEl.createDiv({ cls: "hvs-related-empty", text: "Open a note to see the notes related to it." });
      return;
    }
    // The first list after a restart or a cold index would do its one-off work in one go (1.3 s at 50,000 notes):
    // say so and let it run in slices first. The update after it lists at once, whatever the work left.
    if (!this.prepared && this.deps.related.warm && this.deps.related.ready?.() === false) {
      this.shownStatus = undefined;
      this.toolbar.setTarget(path);
      this.listEl.createDiv({ cls: "hvs-related-empty", text: "Preparing related notes…" });
      this.prepareFirst();
      return;
    }
    const linked = s.related.hideLinked ? Object.keys(this.app.metadataCache.resolvedLinks[path] ?? {}).filter((p) => p !== path) : [];
    const line = this.sectionLine(path);
    const result = this.deps.related.related(path, {
      limit: s.related.limit,
      rrfK: s.search.rrfK,
      weights: { vector: s.search.weights.vector, bm25: s.search.weights.bm25 },
      excludeLinked: linked,
      ...(line === undefined ? {} : { section: { line } }),
    });
    this.shownStatus = result.status;
    this.shownSection = result.section;
    this.toolbar.setTarget(path, result.section?.headingPath);
    this.toolbar.setHidden(linked.length);
    const outage = relatedOutageMessage(this.deps.status.status().lastError);
    this.shownOutage = outage !== undefined;
    if (outage !== undefined) this.listEl.createDiv({ cls: "hvs-related-outage", text: outage });
    const message = relatedStatusMessage(result);
    if (message !== undefined) {
      this.listEl.createDiv({ cls: result.entries.length > 0 ? "hvs-related-notice" : "hvs-related-empty", text: message });
    }
    for (const entry of result.entries) this.wireEntry(renderRelatedEntry(this.listEl, entry), entry, path);
  }

  /** Runs the related port's one-off work once at a time, then updates the list. */
  private prepareFirst(): void {
    if (this.preparing || !this.deps.related.warm) return;
    this.preparing = true;
    void this.deps.related.warm().then(() => {
      this.preparing = false;
      this.prepared = true;
      try {
        this.update();
      } finally {
        this.prepared = false;
      }
    });
  }

  /** A note outside the vault is read-only here: it opens in the system's default app. */
  private openOutside(path: string): void {
    if (this.deps.openExtra) this.deps.openExtra(path);
    else new Notice(`${path} is outside the vault and can only be opened on desktop.`);
  }

  private wireEntry(item: HTMLElement, entry: RelatedEntry, sourcePath: string): void {
    item.addEventListener("click", (evt) => {
      if (isExtraPath(entry.path)) return this.openOutside(entry.path);
      const pane = Keymap.isModEvent(evt);
      void openNote(this.app, { path: entry.path, line: entry.best.startLine }, pane === true ? "tab" : pane);
    });
    item.addEventListener("auxclick", (evt) => {
      if (evt.button === 1 && isExtraPath(entry.path)) this.openOutside(entry.path);
      else if (evt.button === 1) void openNote(this.app, { path: entry.path, line: entry.best.startLine }, "tab");
    });
    item.addEventListener("mouseover", (event) => {
      this.app.workspace.trigger("hover-link", {
        event,
        source: RELATED_VIEW_TYPE,
        hoverParent: this,
        targetEl: item,
        linktext: entry.path,
        sourcePath,
      });
    });
    item.addEventListener("dragstart", (evt) => startNoteDrag(this.app, evt, entry.path));
  }

  /** The cursor's line when the list follows the section under it: only for the active note, not a pinned one. */
  private sectionLine(path: string): number | undefined {
    if (!this.deps.settings.get().related.followSection || this.pinned !== undefined) return undefined;
    return this.deps.cursor?.line(path);
  }

  /** A cursor move into another section of the shown note updates the list once the cursor rests there. */
  private onCursorMove(): void {
    if (this.paused || this.shownPath === undefined) return;
    const line = this.sectionLine(this.shownPath);
    if (line === undefined) return;
    const shown = this.shownSection;
    if (shown && line >= shown.startLine && line <= shown.endLine) return;
    this.followCursor();
  }

  private toolbarState() {
    const s = this.deps.settings.get();
    return { pinned: this.pinned !== undefined, paused: this.paused, hideLinked: s.related.hideLinked, followSection: s.related.followSection };
  }

  /** Index progress on the shown note, or the end of a run while the note still waited, refreshes the list. */
  private onProgress(p: IndexProgress): void {
    if (this.paused || this.shownPath === undefined) return;
    const waiting = this.shownStatus === "not-indexed" || this.shownStatus === "no-embeddings";
    const outageChanged = (relatedOutageMessage(p.lastError) !== undefined) !== this.shownOutage;
    if (p.currentFile === this.shownPath || (waiting && p.phase === "idle") || outageChanged) this.schedule();
  }

  private onRename(path: string, oldPath: string): void {
    if (this.pinned === oldPath) this.pinned = path;
    this.schedule();
  }

  private togglePin(): void {
    this.pinned = this.pinned === undefined ? this.shownPath : undefined;
    this.update();
  }

  private togglePause(): void {
    this.paused = !this.paused;
    this.toolbar?.sync(this.toolbarState());
    if (!this.paused) this.update();
  }

  private async saveRelated(change: Partial<PluginSettings["related"]>): Promise<void> {
    const s = this.deps.settings.get();
    await this.deps.settings.save({ ...s, related: { ...s.related, ...change } });
    this.update();
  }
}

/** Registers the view, and the plugin (under its own name) as a page-preview source; call once from onload. */
export function registerRelatedView(plugin: Plugin, deps: RelatedViewDeps): void {
  plugin.registerView(RELATED_VIEW_TYPE, (leaf) => new RelatedView(leaf, deps));
  plugin.registerHoverLinkSource(RELATED_VIEW_TYPE, { display: plugin.manifest.name, defaultMod: true });
}

/** Shows the view in the right sidebar, creating it there if it is not open yet. */
export async function activateRelatedView(plugin: Plugin): Promise<void> {
  const { workspace } = plugin.app;
  const leaf = workspace.getLeavesOfType(RELATED_VIEW_TYPE)[0] ?? workspace.getRightLeaf(false);
  if (!leaf) return;
  if (leaf.view.getViewType() !== RELATED_VIEW_TYPE) await leaf.setViewState({ type: RELATED_VIEW_TYPE, active: true });
  await workspace.revealLeaf(leaf);
}
