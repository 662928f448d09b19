import type { App } from "./app";
import { bareElement } from "./dom-create";
import { Scope } from "./scope";
import { currentShell } from "./shell";

/**
 * A dialog: `div.modal-container > div.modal-bg + div.modal` holding a close button, `titleEl` and `contentEl`.
 * `open` attaches it to the body, makes its scope the active key scope and calls `onOpen`; Escape, the close
 * button and a click on the dimmed background call `close`, which detaches it, pops the scope and calls
 * `onClose`.
 */
export class Modal {
  app: App;
  scope: Scope;
  containerEl: HTMLElement;
  modalEl: HTMLElement;
  titleEl: HTMLElement;
  contentEl: HTMLElement;
  shouldRestoreSelection = true;
  private isOpen = false;

  constructor(app: App) {
    this.app = app;
    this.scope = new Scope(app.scope);
    this.scope.register([], "Escape", () => {
      this.close();
      return false;
    });
    this.containerEl = bareElement("div");
    this.containerEl.addClasses(["modal-container", "mod-dim"]);
    this.containerEl.createDiv({ cls: "modal-bg" }).addEventListener("click", () => this.close());
    this.modalEl = this.containerEl.createDiv({ cls: "modal" });
    const closeButton = this.modalEl.createDiv({ cls: "modal-close-button", attr: { "aria-label": "Close" } });
    closeButton.addEventListener("click", () => this.close());
    this.titleEl = this.modalEl.createDiv({ cls: "modal-header" }).createDiv({ cls: "modal-title" });
    this.contentEl = this.modalEl.createDiv({ cls: "modal-content" });
  }

  open(): void {
    if (this.isOpen) return;
    this.isOpen = true;
    currentShell().body.appendChild(this.containerEl);
    this.app.keymap.pushScope(this.scope);
    this.onOpen();
  }

  close(): void {
    if (!this.isOpen) return;
    this.isOpen = false;
    this.containerEl.detach();
    this.app.keymap.popScope(this.scope);
    this.onClose();
  }

  onOpen(): void {
    // Overridden by subclasses.
  }

  onClose(): void {
    // Overridden by subclasses.
  }

  setTitle(title: string): this {
    this.titleEl.setText(title);
    return this;
  }

  setContent(content: string | DocumentFragment): this {
    this.contentEl.setText(content);
    return this;
  }
}
