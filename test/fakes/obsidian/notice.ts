import { currentShell, type NoticeRecord } from "./shell";

/** How long a notice stays when no duration is given, in milliseconds. */
const DEFAULT_DURATION_MS = 5000;

/**
 * A toast in the notice container. It hides itself after `duration` ms (never for 0) or when clicked. Every
 * notice is also recorded on the app's shell so tests can read what the user was told.
 */
export class Notice {
  /** Obsidian deprecates this alias of `messageEl`; kept for older code. */
  noticeEl: HTMLElement;
  containerEl: HTMLElement;
  messageEl: HTMLElement;
  private readonly record: NoticeRecord = { message: "", visible: true };

  constructor(message: string | DocumentFragment, duration?: number) {
    const shell = currentShell();
    this.containerEl = shell.noticeContainerEl.createDiv({ cls: "notice" });
    this.messageEl = this.containerEl.createDiv({ cls: "notice-message" });
    this.noticeEl = this.messageEl;
    this.containerEl.addEventListener("click", () => this.hide());
    shell.notices.push(this.record);
    this.setMessage(message);
    const ms = duration ?? DEFAULT_DURATION_MS;
    if (ms > 0) setTimeout(() => this.hide(), ms);
  }

  setMessage(message: string | DocumentFragment): this {
    this.messageEl.setText(message);
    this.record.message = this.messageEl.getText();
    return this;
  }

  hide(): void {
    this.containerEl.detach();
    this.record.visible = false;
  }
}
