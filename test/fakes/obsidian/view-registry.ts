import type { View } from "./view";
import type { WorkspaceLeaf } from "./workspace-leaf";

/** Makes the view for a leaf. */
export type ViewCreator = (leaf: WorkspaceLeaf) => View;

/** Obsidian's private `app.viewRegistry`: view types and which type opens which file extension. */
export class ViewRegistry {
  viewByType: Record<string, ViewCreator> = {};
  typeByExtension: Record<string, string> = {};

  registerView(type: string, creator: ViewCreator): void {
    if (type in this.viewByType) throw new Error(`Attempting to register an existing view type "${type}"`);
    this.viewByType[type] = creator;
  }

  unregisterView(type: string): void {
    delete this.viewByType[type];
  }

  registerExtensions(extensions: string[], type: string): void {
    for (const ext of extensions) {
      if (ext in this.typeByExtension) throw new Error(`Attempting to register an existing file extension "${ext}"`);
      this.typeByExtension[ext] = type;
    }
  }

  unregisterExtensions(extensions: string[]): void {
    for (const ext of extensions) delete this.typeByExtension[ext];
  }

  getTypeByExtension(extension: string): string | undefined {
    return this.typeByExtension[extension];
  }

  getViewCreatorByType(type: string): ViewCreator | undefined {
    return this.viewByType[type];
  }
}
