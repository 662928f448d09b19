import type * as O from "obsidian";
import type { App } from "./app";

/**
 * Obsidian's private `app.commands`: the command registry and the logic that runs a command, honouring the
 * precedence `editorCheckCallback` > `editorCallback` > `checkCallback` > `callback`. Editor callbacks only run
 * while a Markdown view is active.
 */
export class Commands {
  commands: Record<string, O.Command> = {};

  constructor(private readonly app: App) {}

  addCommand(command: O.Command): void {
    this.commands[command.id] = command;
  }

  removeCommand(id: string): void {
    delete this.commands[id];
  }

  findCommand(id: string): O.Command | undefined {
    return this.commands[id];
  }

  listCommands(): O.Command[] {
    return Object.values(this.commands);
  }

  /** Runs a command as the command palette would; returns whether it ran. */
  executeCommandById(id: string): boolean {
    const command = this.commands[id];
    return command ? this.executeCommand(command) : false;
  }

  executeCommand(command: O.Command): boolean {
    const view = this.app.workspace.activeEditor;
    // The fake editor covers the Editor subset the fake supports; plugins receive it under Obsidian's types.
    const editor = view?.editor as unknown as O.Editor | undefined;
    const info = view as unknown as O.MarkdownView;
    if (command.editorCheckCallback) {
      if (!editor || command.editorCheckCallback(true, editor, info) !== true) return false;
      command.editorCheckCallback(false, editor, info);
      return true;
    }
    if (command.editorCallback) {
      if (!editor) return false;
      void command.editorCallback(editor, info);
      return true;
    }
    if (command.checkCallback) {
      if (command.checkCallback(true) !== true) return false;
      command.checkCallback(false);
      return true;
    }
    if (command.callback) {
      void command.callback();
      return true;
    }
    return false;
  }
}
