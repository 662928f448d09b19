/** What the related view's toolbar reports back. */
export interface RelatedToolbarHandlers {
  onPin(): void;
  onPause(): void;
  onHideLinked(hide: boolean): void;
  onFollowSection(follow: boolean): void;
}

/** The toggles' current state. */
export interface RelatedToolbarState {
  pinned: boolean;
  paused: boolean;
  hideLinked: boolean;
  followSection: boolean;
}

/** The related view's header: which note (or section) the list is for; pin, pause, hide-linked and section toggles. */
export class RelatedToolbar {
  private readonly targetEl: HTMLElement;
  private readonly pinButton: HTMLButtonElement;
  private readonly pauseButton: HTMLButtonElement;
  private readonly hideLinked: HTMLInputElement;
  private readonly followSection: HTMLInputElement;
  private readonly hiddenEl: HTMLElement;

  constructor(parent: HTMLElement, handlers: RelatedToolbarHandlers) {
    const bar = parent.createDiv({ cls: "hvs-related-toolbar" });
    this.targetEl = bar.createDiv({ cls: "hvs-related-target" });
    const controls = bar.createDiv({ cls: "hvs-related-controls" });
    this.pinButton = controls.createEl("button", { cls: "hvs-related-pin", text: "Pin" });
    this.pinButton.addEventListener("click", () => handlers.onPin());
    this.pauseButton = controls.createEl("button", { cls: "hvs-related-pause", text: "Pause" });
    this.pauseButton.addEventListener("click", () => handlers.onPause());
    const label = controls.createEl("label", { cls: "hvs-related-hide-linked" });
    this.hideLinked = label.createEl("input", { type: "checkbox" });
    label.appendText(" Hide linked");
    label.setAttr("title", "Leave out notes this note already links to");
    this.hideLinked.addEventListener("change", () => handlers.onHideLinked(this.hideLinked.checked));
    const section = controls.createEl("label", { cls: "hvs-related-follow-section" });
    this.followSection = section.createEl("input", { type: "checkbox" });
    section.appendText(" Section");
    section.setAttr("title", "Notes related to the section under the cursor, following it, instead of the whole note");
    this.followSection.addEventListener("change", () => handlers.onFollowSection(this.followSection.checked));
    this.hiddenEl = bar.createDiv({ cls: "hvs-related-hidden" });
  }

  /** Says how many linked notes the list leaves out (nothing when none). */
  setHidden(count: number): void {
    this.hiddenEl.setText(count === 0 ? "" : count === 1 ? "1 linked note hidden" : `${count} linked notes hidden`);
  }

  /** Names the note the list is for; undefined when there is none. */
  setTarget(path: string | undefined, section?: readonly string[]): void {
    const heading = section && section.length > 1 ? ` › ${section[section.length - 1] ?? ""}` : "";
    this.targetEl.setText(path === undefined ? "" : `Related to ${basename(path)}${heading}`);
    this.targetEl.setAttr("title", path ?? null);
  }

  sync(state: RelatedToolbarState): void {
    this.pinButton.setText(state.pinned ? "Unpin" : "Pin");
    this.pinButton.setAttr("aria-pressed", state.pinned ? "true" : "false");
    this.pinButton.setAttr("title", state.pinned ? "Follow the active note again" : "Keep showing this note's related notes");
    this.pauseButton.setText(state.paused ? "Resume" : "Pause");
    this.pauseButton.setAttr("aria-pressed", state.paused ? "true" : "false");
    this.pauseButton.setAttr("title", state.paused ? "Update the list again" : "Stop updating the list");
    this.hideLinked.checked = state.hideLinked;
    this.followSection.checked = state.followSection;
  }
}

function basename(path: string): string {
  const file = path.slice(path.lastIndexOf("/") + 1);
  return file.endsWith(".md") ? file.slice(0, -3) : file;
}
