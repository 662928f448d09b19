import type * as O from "obsidian";
import type { App } from "./app";
import { Events } from "./events";
import type { TFile } from "./files";
import { EmptyView, type View } from "./view";
import type { WorkspaceSplit } from "./workspace-splits";

let nextId = 1;

/**
 * A tab holding one view. `setViewState` swaps the view when the type changes (closing the old one, then
 * loading and opening the new one), applies the state and ephemeral state, and can make the leaf active.
 */
export class WorkspaceLeaf extends Events {
  app: App;
  view: View;
  containerEl: HTMLElement;
  pinned = false;
  /** Obsidian-internal: a unique id. */
  id = String(nextId++);
  /** Fake-only: the region the leaf lives in. */
  readonly split: WorkspaceSplit;
  private detached = false;

  constructor(app: App, split: WorkspaceSplit) {
    super();
    this.app = app;
    this.split = split;
    this.containerEl = split.leavesEl.createDiv({ cls: "workspace-leaf" });
    this.view = new EmptyView(this);
    this.mount(this.view);
  }

  get isDeferred(): boolean {
    return false;
  }

  async loadIfDeferred(): Promise<void> {
    // Leaves are never deferred in the fake.
  }

  getRoot(): WorkspaceSplit {
    return this.split;
  }

  async setViewState(viewState: O.ViewState, eState?: unknown): Promise<void> {
    if (this.view.getViewType() !== viewState.type) {
      const creator = this.app.viewRegistry.getViewCreatorByType(viewState.type);
      await this.replaceView(creator ? creator(this) : new EmptyView(this));
    }
    await this.view.setState(viewState.state ?? {}, { history: false });
    if (viewState.pinned !== undefined) this.setPinned(viewState.pinned);
    if (eState !== undefined) this.view.setEphemeralState(eState);
    this.app.workspace.onLeafUpdated(this, viewState.active ?? false);
  }

  getViewState(): O.ViewState {
    return { type: this.view.getViewType(), state: this.view.getState(), pinned: this.pinned };
  }

  async open(view: View): Promise<View> {
    await this.replaceView(view);
    this.app.workspace.onLeafUpdated(this, false);
    return view;
  }

  async openFile(file: TFile, openState?: O.OpenViewState): Promise<void> {
    const type = this.app.viewRegistry.getTypeByExtension(file.extension) ?? "empty";
    const state = { ...openState?.state, file: file.path };
    await this.setViewState({ type, state, active: openState?.active ?? true }, openState?.eState);
  }

  getEphemeralState(): unknown {
    return this.view.getEphemeralState();
  }
  setEphemeralState(state: unknown): void {
    this.view.setEphemeralState(state);
  }
  getIcon(): O.IconName {
    return this.view.getIcon();
  }
  getDisplayText(): string {
    return this.view.getDisplayText();
  }
  onResize(): void {
    this.view.onResize();
  }

  setPinned(pinned: boolean): void {
    if (this.pinned === pinned) return;
    this.pinned = pinned;
    this.trigger("pinned-change", pinned);
  }
  togglePinned(): void {
    this.setPinned(!this.pinned);
  }

  detach(): void {
    if (this.detached) return;
    this.detached = true;
    const view = this.view;
    void view.onClose();
    view.unload();
    this.containerEl.detach();
    this.app.workspace.onLeafDetached(this);
  }

  private mount(view: View): void {
    this.view = view;
    this.containerEl.appendChild(view.containerEl);
    view.containerEl.setAttr("data-type", view.getViewType());
    view.load();
  }

  private async replaceView(next: View): Promise<void> {
    const old = this.view;
    await old.onClose();
    old.unload();
    old.containerEl.detach();
    this.mount(next);
    await next.onOpen();
  }
}
