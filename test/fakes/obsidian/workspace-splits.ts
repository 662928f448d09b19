import { Events } from "./events";

/**
 * A region of the workspace (main area or a sidebar): a tab header row over the leaves' container. Only one
 * leaf of a region is visible at a time, like tabs.
 */
export class WorkspaceSplit extends Events {
  collapsed = false;
  /** Fake-only: the row of tab headers. */
  readonly tabHeaderEl: HTMLElement;
  /** Fake-only: where the leaves' elements live. */
  readonly leavesEl: HTMLElement;

  constructor(readonly containerEl: HTMLElement) {
    super();
    this.tabHeaderEl = containerEl.createDiv({ cls: "workspace-tab-header-container" });
    this.leavesEl = containerEl.createDiv({ cls: "workspace-tab-container" });
  }

  expand(): void {
    this.collapsed = false;
    this.containerEl.removeClass("is-collapsed");
  }

  collapse(): void {
    this.collapsed = true;
    this.containerEl.addClass("is-collapsed");
  }

  toggle(): void {
    if (this.collapsed) this.expand();
    else this.collapse();
  }
}

/** The main area. */
export class WorkspaceRoot extends WorkspaceSplit {}

/** A sidebar. */
export class WorkspaceSidedock extends WorkspaceSplit {}
