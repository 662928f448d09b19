import type { TFile } from "./files";

/** What Obsidian's drag manager describes a dragged file with. */
export interface FileDragData {
  source: string;
  type: "file";
  icon: string;
  title: string;
  file: TFile;
}

/**
 * Obsidian's private `app.dragManager`, reduced to what plugins call: `dragFile` describes a file drag and
 * `onDragStart` makes it the current drag (`draggable`), which ends with the document's `dragend`.
 */
export class DragManager {
  /** The drag in progress, or `null`. */
  draggable: FileDragData | null = null;

  dragFile(_evt: DragEvent, file: TFile): FileDragData {
    return { source: "app", type: "file", icon: "lucide-file", title: file.basename, file };
  }

  onDragStart(evt: DragEvent, data: FileDragData): void {
    this.draggable = data;
    evt.target?.addEventListener("dragend", () => (this.draggable = null), { once: true });
  }
}
