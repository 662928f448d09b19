import type * as O from "obsidian";
import type { App } from "./app";
import { debounce } from "./debounce";
import { Events } from "./events";
import { FileView, MarkdownView } from "./file-view";
import type { TFile } from "./files";
import { parseLinktext } from "./path";
import type { Shell } from "./shell";
import type { View } from "./view";
import { WorkspaceLeaf } from "./workspace-leaf";
import { WorkspaceRoot, WorkspaceSidedock, type WorkspaceSplit } from "./workspace-splits";
import { renderTabHeaders } from "./workspace-tabs";

/**
 * The workspace: a main area and two sidebars of leaves, the active leaf, and the events Obsidian fires when
 * they change (`active-leaf-change`, `file-open`, `layout-change`, `editor-change`). Popout windows and splits
 * are not modelled: every new main-area leaf is a new tab.
 */
export class Workspace extends Events {
  containerEl: HTMLElement;
  rootSplit: WorkspaceRoot;
  leftSplit: WorkspaceSidedock;
  rightSplit: WorkspaceSidedock;
  activeLeaf: WorkspaceLeaf | null = null;
  layoutReady = false;
  requestSaveLayout = debounce(async (): Promise<void> => undefined, 2000);
  /** Obsidian-private: the registered `hover-link` sources, by id. */
  hoverLinkSources: Record<string, O.HoverLinkSource> = {};
  private leaves: WorkspaceLeaf[] = [];
  private readonly visible = new Map<WorkspaceSplit, WorkspaceLeaf>();
  private recentMain: WorkspaceLeaf[] = [];
  private recentFiles: string[] = [];
  private lastActiveFile: TFile | null = null;
  private lastFileOpen: { leaf: WorkspaceLeaf; file: TFile | null } | null = null;
  private layoutCallbacks: (() => unknown)[] = [];

  constructor(
    private readonly app: App,
    shell: Shell,
  ) {
    super();
    this.containerEl = shell.workspaceEl;
    this.rootSplit = new WorkspaceRoot(shell.rootSplitEl);
    this.leftSplit = new WorkspaceSidedock(shell.leftSplitEl);
    this.rightSplit = new WorkspaceSidedock(shell.rightSplitEl);
  }

  /** The active Markdown view, which is what Obsidian exposes as the active editor; `null` otherwise. */
  get activeEditor(): MarkdownView | null {
    const view = this.activeLeaf?.view;
    return view instanceof MarkdownView ? view : null;
  }

  onLayoutReady(callback: () => unknown): void {
    if (this.layoutReady) callback();
    else this.layoutCallbacks.push(callback);
  }

  /** Fake-only: marks the layout ready and runs the queued `onLayoutReady` callbacks in order. */
  setLayoutReady(): void {
    this.layoutReady = true;
    const callbacks = this.layoutCallbacks;
    this.layoutCallbacks = [];
    for (const cb of callbacks) cb();
  }

  getLeaf(newLeaf?: O.PaneType | boolean): WorkspaceLeaf {
    if (newLeaf === undefined || newLeaf === false) {
      const recent = this.getMostRecentLeaf();
      if (recent && !recent.pinned) return recent;
    }
    return this.createLeaf(this.rootSplit);
  }
  getRightLeaf(_split: boolean): WorkspaceLeaf {
    return this.createLeaf(this.rightSplit);
  }
  getLeftLeaf(_split: boolean): WorkspaceLeaf {
    return this.createLeaf(this.leftSplit);
  }
  async ensureSideLeaf(
    type: string,
    side: O.Side,
    options?: { active?: boolean; split?: boolean; reveal?: boolean; state?: Record<string, unknown> },
  ): Promise<WorkspaceLeaf> {
    const split = side === "right" ? this.rightSplit : this.leftSplit;
    let leaf = this.leaves.find((l) => l.split === split && l.view.getViewType() === type);
    if (!leaf) {
      leaf = this.createLeaf(split);
      await leaf.setViewState({ type, state: options?.state, active: options?.active });
    }
    if (options?.reveal ?? true) await this.revealLeaf(leaf);
    return leaf;
  }
  getMostRecentLeaf(): WorkspaceLeaf | null {
    return this.recentMain[this.recentMain.length - 1] ?? this.leaves.find((l) => l.split === this.rootSplit) ?? null;
  }
  getLeafById(id: string): WorkspaceLeaf | null {
    return this.leaves.find((l) => l.id === id) ?? null;
  }
  getLeavesOfType(viewType: string): WorkspaceLeaf[] {
    return this.leaves.filter((l) => l.view.getViewType() === viewType);
  }
  detachLeavesOfType(viewType: string): void {
    for (const leaf of this.getLeavesOfType(viewType)) leaf.detach();
  }
  iterateAllLeaves(callback: (leaf: WorkspaceLeaf) => unknown): void {
    for (const leaf of [...this.leaves]) callback(leaf);
  }
  iterateRootLeaves(callback: (leaf: WorkspaceLeaf) => unknown): void {
    for (const leaf of this.leaves.filter((l) => l.split === this.rootSplit)) callback(leaf);
  }

  setActiveLeaf(leaf: WorkspaceLeaf, _params?: { focus?: boolean }): void {
    if (leaf !== this.activeLeaf) {
      this.activeLeaf?.containerEl.removeClass("mod-active");
      this.activeLeaf = leaf;
      leaf.containerEl.addClass("mod-active");
      if (leaf.split === this.rootSplit) this.recentMain = [...this.recentMain.filter((l) => l !== leaf), leaf];
      this.show(leaf);
      this.trigger("active-leaf-change", leaf);
    }
    this.announceFile(leaf);
  }
  async revealLeaf(leaf: WorkspaceLeaf): Promise<void> {
    leaf.split.expand();
    this.show(leaf);
  }

  getActiveViewOfType<T extends View>(type: abstract new (...args: never[]) => T): T | null {
    const view = this.activeLeaf?.view;
    return view instanceof type ? view : null;
  }
  getActiveFile(): TFile | null {
    const view = this.activeLeaf?.view;
    return view instanceof FileView ? view.file : this.lastActiveFile;
  }
  getLastOpenFiles(): string[] {
    return [...this.recentFiles];
  }

  async openLinkText(linktext: string, sourcePath: string, newLeaf?: O.PaneType | boolean, openViewState?: O.OpenViewState): Promise<void> {
    const { path, subpath } = parseLinktext(linktext);
    const existing = this.app.metadataCache.getFirstLinkpathDest(path, sourcePath);
    // Following an unresolved link creates the note, as in Obsidian.
    const file = existing ?? (await this.app.vault.create(/\.[^/]+$/.test(path) ? path : `${path}.md`, ""));
    const eState = subpath === "" ? openViewState?.eState : { ...openViewState?.eState, subpath };
    await this.getLeaf(newLeaf).openFile(file, { ...openViewState, eState });
  }

  updateOptions(): void {
    // No editors to reconfigure.
  }
  registerHoverLinkSource(id: string, info: O.HoverLinkSource): void {
    this.hoverLinkSources[id] = info;
  }
  unregisterHoverLinkSource(id: string): void {
    delete this.hoverLinkSources[id];
  }

  /** Fake-internal: a leaf's view or state changed. */
  onLeafUpdated(leaf: WorkspaceLeaf, activate: boolean): void {
    if (activate) this.setActiveLeaf(leaf);
    else if (leaf === this.activeLeaf) this.announceFile(leaf);
    if (!this.visible.has(leaf.split)) this.show(leaf);
    renderTabHeaders(this, leaf.split, this.visible.get(leaf.split) ?? null);
    this.trigger("layout-change");
  }

  /** Fake-internal: a leaf was detached. */
  onLeafDetached(leaf: WorkspaceLeaf): void {
    this.leaves = this.leaves.filter((l) => l !== leaf);
    this.recentMain = this.recentMain.filter((l) => l !== leaf);
    if (this.visible.get(leaf.split) === leaf) {
      this.visible.delete(leaf.split);
      const sibling = this.leaves.filter((l) => l.split === leaf.split).pop();
      if (sibling) this.show(sibling);
    }
    renderTabHeaders(this, leaf.split, this.visible.get(leaf.split) ?? null);
    if (this.activeLeaf === leaf) {
      this.activeLeaf = null;
      const next = this.getMostRecentLeaf();
      if (next) this.setActiveLeaf(next);
      else this.trigger("active-leaf-change", null);
    }
    this.trigger("layout-change");
  }

  /** Fake-internal: the leaves of one region, in creation order. */
  leavesIn(split: WorkspaceSplit): WorkspaceLeaf[] {
    return this.leaves.filter((l) => l.split === split);
  }

  private createLeaf(split: WorkspaceSplit): WorkspaceLeaf {
    const leaf = new WorkspaceLeaf(this.app, split);
    this.leaves.push(leaf);
    if (!this.visible.has(split)) this.show(leaf);
    else leaf.containerEl.hide();
    renderTabHeaders(this, split, this.visible.get(split) ?? null);
    this.trigger("layout-change");
    return leaf;
  }

  private show(leaf: WorkspaceLeaf): void {
    this.visible.set(leaf.split, leaf);
    for (const l of this.leavesIn(leaf.split)) l.containerEl.toggle(l === leaf);
    renderTabHeaders(this, leaf.split, leaf);
  }

  private announceFile(leaf: WorkspaceLeaf): void {
    const view = leaf.view;
    if (!(view instanceof FileView)) return;
    if (this.lastFileOpen?.leaf === leaf && this.lastFileOpen.file === view.file) return;
    this.lastFileOpen = { leaf, file: view.file };
    this.lastActiveFile = view.file;
    if (view.file) this.recentFiles = [view.file.path, ...this.recentFiles.filter((p) => p !== view.file?.path)].slice(0, 10);
    this.trigger("file-open", view.file);
  }
}
