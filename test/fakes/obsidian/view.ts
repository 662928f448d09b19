import type * as O from "obsidian";
import type { App } from "./app";
import { Component } from "./component";
import { bareElement } from "./dom-create";
import { setIcon } from "./icons";
import type { Scope } from "./scope";
import type { WorkspaceLeaf } from "./workspace-leaf";

/**
 * The content of a leaf. `containerEl` is `div.workspace-leaf-content` whose children are the header
 * (`children[0]`, with title and actions) and the content (`children[1]`, `div.view-content`).
 */
export abstract class View extends Component {
  app: App;
  icon: O.IconName = "";
  navigation = false;
  leaf: WorkspaceLeaf;
  containerEl: HTMLElement;
  scope: Scope | null = null;

  constructor(leaf: WorkspaceLeaf) {
    super();
    this.leaf = leaf;
    this.app = leaf.app;
    this.containerEl = bareElement("div");
    this.containerEl.addClass("workspace-leaf-content");
    const header = this.containerEl.createDiv({ cls: "view-header" });
    header.createDiv({ cls: "view-header-title-container" }).createDiv({ cls: "view-header-title" });
    header.createDiv({ cls: "view-actions" });
    this.containerEl.createDiv({ cls: "view-content" });
  }

  /** Protected in Obsidian's typings; public here because the fake leaf calls it. */
  async onOpen(): Promise<void> {
    // Overridden by subclasses.
  }
  /** Protected in Obsidian's typings; public here because the fake leaf calls it. */
  async onClose(): Promise<void> {
    // Overridden by subclasses.
  }
  abstract getViewType(): string;
  abstract getDisplayText(): string;
  getState(): Record<string, unknown> {
    return {};
  }
  async setState(_state: unknown, _result: O.ViewStateResult): Promise<void> {
    // Views without state ignore it.
  }
  getEphemeralState(): Record<string, unknown> {
    return {};
  }
  setEphemeralState(_state: unknown): void {
    // Views without ephemeral state ignore it.
  }
  getIcon(): O.IconName {
    return this.icon;
  }
  onResize(): void {
    // Nothing is laid out in the fake.
  }
  onPaneMenu(_menu: unknown, _source: string): void {
    // The fake has no pane menus.
  }
}

/** A view with a `contentEl` (the container's second child) and header actions. */
export abstract class ItemView extends View {
  contentEl: HTMLElement;

  constructor(leaf: WorkspaceLeaf) {
    super(leaf);
    this.contentEl = this.containerEl.children[1] as HTMLElement;
  }

  addAction(icon: O.IconName, title: string, callback: (evt: MouseEvent) => unknown): HTMLElement {
    const actions = this.containerEl.querySelector(".view-actions");
    const el = (actions as HTMLElement).createEl("a", { cls: "clickable-icon view-action", attr: { "aria-label": title } });
    setIcon(el, icon);
    el.addEventListener("click", (evt) => callback(evt));
    return el;
  }
}

/** The placeholder view of a leaf with nothing open (type `empty`). */
export class EmptyView extends ItemView {
  getViewType(): string {
    return "empty";
  }
  getDisplayText(): string {
    return "New tab";
  }
}
