import { Modal, Setting, type App } from "obsidian";

/** What to ask. */
export interface ConfirmRequest {
  title: string;
  /** Paragraphs explaining what happens. */
  lines: readonly string[];
  /** Text of the button that goes ahead. */
  confirmText: string;
}

/** A yes-or-no question; Escape or closing the modal counts as no. */
class ConfirmModal extends Modal {
  private answered = false;

  constructor(
    app: App,
    private readonly request: ConfirmRequest,
    private readonly resolve: (yes: boolean) => void,
  ) {
    super(app);
  }

  override onOpen(): void {
    this.modalEl.addClass("hvs-confirm-modal");
    this.setTitle(this.request.title);
    for (const line of this.request.lines) this.contentEl.createEl("p", { text: line });
    new Setting(this.contentEl)
      .addButton((b) => b.setButtonText("Cancel").onClick(() => this.answer(false)))
      .addButton((b) =>
        b
          .setButtonText(this.request.confirmText)
          .setCta()
          .onClick(() => this.answer(true)),
      );
  }

  override onClose(): void {
    this.contentEl.empty();
    if (!this.answered) this.resolve(false);
  }

  private answer(yes: boolean): void {
    this.answered = true;
    this.resolve(yes);
    this.close();
  }
}

/** Asks the user to confirm; resolves true only for the confirm button. */
export function confirmAction(app: App, request: ConfirmRequest): Promise<boolean> {
  return new Promise((resolve) => new ConfirmModal(app, request, resolve).open());
}
