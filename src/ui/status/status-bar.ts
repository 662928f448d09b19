import { Notice, type Plugin } from "obsidian";
import { inputsCutMessage } from "../../core/ollama/inputs-cut";
import type { IndexProgress, IndexStatusPort } from "../ports";
import { statusBarText } from "./status-text";

/** The status bar item: indexing progress, readiness or the error that matters. A click pauses or resumes. */
export class IndexStatusBar {
  private readonly unsubscribe: () => void;
  /** Cut chunks already told about in a notice: another notice comes only when more are cut. */
  private toldCut = 0;

  constructor(
    private readonly el: HTMLElement,
    private readonly status: IndexStatusPort,
  ) {
    el.addClass("hvs-status-bar", "mod-clickable");
    el.setAttr("data-tooltip-position", "top");
    el.addEventListener("click", () => this.toggle());
    this.unsubscribe = status.onProgress((p) => this.render(p));
    this.render(status.status());
  }

  render(p: IndexProgress): void {
    const t = statusBarText(p, this.status.paused);
    this.el.setText(t.text);
    this.el.setAttr("aria-label", t.tooltip);
    this.el.setAttr("data-state", t.state);
    this.tellCut(p);
  }

  dispose(): void {
    this.unsubscribe();
  }

  /** Once the index is idle, a notice says that chunks were cut to the model's input window (the tooltip keeps it). */
  private tellCut(p: IndexProgress): void {
    const cut = p.inputsCut;
    if (!cut || cut.count <= this.toldCut || p.phase !== "idle") return;
    this.toldCut = cut.count;
    new Notice(inputsCutMessage(cut), 15_000);
  }

  private toggle(): void {
    if (this.status.paused) this.status.resume();
    else this.status.pause();
    this.render(this.status.status());
  }
}

/** Adds the status bar item to the plugin; it unsubscribes when the plugin unloads. */
export function addIndexStatusBar(plugin: Plugin, status: IndexStatusPort): IndexStatusBar {
  const bar = new IndexStatusBar(plugin.addStatusBarItem(), status);
  plugin.register(() => bar.dispose());
  return bar;
}
