import { TFile, type App } from "obsidian";
import { linkTo } from "../note-actions";

/** Obsidian's drag manager is not in the public API; it is used only when it has the expected shape. */
interface DragManagerLike {
  dragFile(evt: DragEvent, file: TFile): unknown;
  onDragStart(evt: DragEvent, data: unknown): void;
}

function dragManagerOf(app: App): DragManagerLike | undefined {
  const dm = (app as unknown as { dragManager?: Partial<DragManagerLike> }).dragManager;
  return dm && typeof dm.dragFile === "function" && typeof dm.onDragStart === "function"
    ? (dm as DragManagerLike)
    : undefined;
}

/**
 * Starts dragging a note: through Obsidian's drag manager when available, so a drop anywhere behaves like a drag
 * from the file explorer; the plain-text link is always set too, so dropping into an editor writes `[[link]]`.
 */
export function startNoteDrag(app: App, evt: DragEvent, path: string): void {
  const link = linkTo(app, path);
  if (link === undefined) return;
  const file = app.vault.getAbstractFileByPath(path);
  const dm = dragManagerOf(app);
  if (dm && file instanceof TFile) dm.onDragStart(evt, dm.dragFile(evt, file));
  evt.dataTransfer?.setData("text/plain", link);
}
