import type { Workspace } from "./workspace";
import type { WorkspaceLeaf } from "./workspace-leaf";
import type { WorkspaceSplit } from "./workspace-splits";

/**
 * Redraws a region's tab headers (one per leaf, `is-active` on the visible one; a click reveals and activates)
 * and the title in each view's header.
 */
export function renderTabHeaders(workspace: Workspace, split: WorkspaceSplit, visible: WorkspaceLeaf | null): void {
  split.tabHeaderEl.empty();
  for (const leaf of workspace.leavesIn(split)) {
    const header = split.tabHeaderEl.createDiv({
      cls: "workspace-tab-header",
      attr: { "aria-label": leaf.getDisplayText(), "data-type": leaf.view.getViewType() },
    });
    header.toggleClass("is-active", leaf === visible);
    header.createDiv({ cls: "workspace-tab-header-inner-title", text: leaf.getDisplayText() });
    leaf.view.containerEl.querySelector(".view-header-title")?.setText(leaf.getDisplayText());
    header.addEventListener("click", () => {
      void workspace.revealLeaf(leaf);
      workspace.setActiveLeaf(leaf);
    });
  }
}
