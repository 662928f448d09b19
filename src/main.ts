import { Plugin } from "obsidian";

export default class HybridVaultSearch extends Plugin {
  override async onload(): Promise<void> {
    await Promise.resolve();
  }
}
