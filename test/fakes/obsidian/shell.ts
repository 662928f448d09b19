import { bareElement } from "./dom-create";

/** One notice as tests see it. */
export interface NoticeRecord {
  /** The message text at the time of reading (a DocumentFragment message is read as its text). */
  message: string;
  /** Whether the notice is still on screen. */
  visible: boolean;
}

/**
 * The DOM frame of a fake app, shaped like Obsidian's: an app container with the workspace (left ribbon, left
 * sidebar, main area, right sidebar) and the status bar; modals and notices attach to `body`.
 */
export interface Shell {
  /** Where modals and the notice container attach: `document.body` in the browser, an inert element in Node. */
  body: HTMLElement;
  appContainerEl: HTMLElement;
  workspaceEl: HTMLElement;
  ribbonEl: HTMLElement;
  leftSplitEl: HTMLElement;
  rootSplitEl: HTMLElement;
  rightSplitEl: HTMLElement;
  statusBarEl: HTMLElement;
  noticeContainerEl: HTMLElement;
  /** Every notice shown since the shell was made, oldest first. */
  notices: NoticeRecord[];
}

let current: Shell | null = null;

/** Builds a shell inside `mount` (by default `document.body` in the browser, a fresh inert body in Node). */
export function createShell(mount?: HTMLElement): Shell {
  const body = mount ?? (typeof globalThis.document === "undefined" ? bareElement("body") : globalThis.document.body);
  const appContainerEl = body.createDiv({ cls: "app-container" });
  const main = appContainerEl.createDiv({ cls: "horizontal-main-container" });
  const workspaceEl = main.createDiv({ cls: "workspace" });
  const shell: Shell = {
    body,
    appContainerEl,
    workspaceEl,
    ribbonEl: workspaceEl.createDiv({ cls: "workspace-ribbon side-dock-ribbon mod-left" }),
    leftSplitEl: workspaceEl.createDiv({ cls: "workspace-split mod-horizontal mod-sidedock mod-left-split" }),
    rootSplitEl: workspaceEl.createDiv({ cls: "workspace-split mod-vertical mod-root" }),
    rightSplitEl: workspaceEl.createDiv({ cls: "workspace-split mod-horizontal mod-sidedock mod-right-split" }),
    statusBarEl: appContainerEl.createDiv({ cls: "status-bar" }),
    noticeContainerEl: body.createDiv({ cls: "notice-container" }),
    notices: [],
  };
  current = shell;
  return shell;
}

/** The shell of the most recently created app; a detached default one if none was made yet. */
export function currentShell(): Shell {
  return current ?? createShell();
}

/** Fake-only: removes the shell's elements from their mount point and forgets it. */
export function disposeShell(shell: Shell): void {
  shell.appContainerEl.detach();
  shell.noticeContainerEl.detach();
  for (const modal of Array.from(shell.body.querySelectorAll(".modal-container"))) modal.detach();
  if (current === shell) current = null;
}
