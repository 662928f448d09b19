/**
 * A stand-in for Obsidian's runtime module, for vitest (aliased as `obsidian`) and for the browser e2e page.
 * It implements the parts of the API this plugin uses, with Obsidian's names, signatures and behaviour, over
 * an in-memory vault. Names marked "fake-only" in their docs are test controls that Obsidian does not have.
 */

// The API, under Obsidian's names.
export { apiVersion, requireApiVersion } from "./obsidian/api-version";
export { App } from "./obsidian/app";
export { ButtonComponent, ExtraButtonComponent } from "./obsidian/button-components";
export { Component } from "./obsidian/component";
export { debounce } from "./obsidian/debounce";
export { Events, type EventRef } from "./obsidian/events";
export { FileManager } from "./obsidian/file-manager";
export { FileSystemAdapter } from "./obsidian/file-system-adapter";
export { FileView, MarkdownView } from "./obsidian/file-view";
export { TAbstractFile, TFile, TFolder } from "./obsidian/files";
export {
  getFrontMatterInfo,
  parseFrontMatterAliases,
  parseFrontMatterTags,
} from "./obsidian/frontmatter";
export { setIcon, setTooltip } from "./obsidian/icons";
export { Keymap } from "./obsidian/keymap";
export { getAllTags } from "./obsidian/markdown-metadata";
export { MetadataCache } from "./obsidian/metadata-cache";
export { Modal } from "./obsidian/modal";
export { Notice } from "./obsidian/notice";
export { getLinkpath, normalizePath, parseLinktext } from "./obsidian/path";
export { Platform } from "./obsidian/platform";
export { Plugin } from "./obsidian/plugin";
export { requestUrl } from "./obsidian/request-url";
export { Scope } from "./obsidian/scope";
export { Setting } from "./obsidian/setting";
export { PluginSettingTab, SettingTab } from "./obsidian/setting-tab";
export { SliderComponent } from "./obsidian/slider-component";
export { SuggestModal } from "./obsidian/suggest-modal";
export {
  AbstractTextComponent,
  BaseComponent,
  DropdownComponent,
  TextAreaComponent,
  TextComponent,
  ToggleComponent,
  ValueComponent,
} from "./obsidian/value-components";
export { Vault } from "./obsidian/vault";
export { ItemView, View } from "./obsidian/view";
export { Workspace } from "./obsidian/workspace";
export { WorkspaceLeaf } from "./obsidian/workspace-leaf";
export { WorkspaceRoot, WorkspaceSidedock, WorkspaceSplit } from "./obsidian/workspace-splits";

// Fake-only: test controls and the pieces behind Obsidian's private APIs.
export { Commands } from "./obsidian/commands";
export { whenLoaded, isLoaded } from "./obsidian/component";
export { InMemoryAdapter } from "./obsidian/data-adapter";
export { DragManager, type FileDragData } from "./obsidian/drag-manager";
export { installDomHelpers } from "./obsidian/dom-helpers";
export { FakeEditor } from "./obsidian/editor";
export { setPlatform } from "./obsidian/platform";
export { RequestUrlError, setRequestTransport, type RequestTransport } from "./obsidian/request-url";
export { SettingsModal } from "./obsidian/settings-modal";
export { currentShell, type NoticeRecord, type Shell } from "./obsidian/shell";
export { Chooser } from "./obsidian/suggest-chooser";
export { createTestApp, TEST_CONFIG_DIR, type TestApp, type TestAppOptions } from "./obsidian/test-app";
export { EmptyView } from "./obsidian/view";
export { ViewRegistry, type ViewCreator } from "./obsidian/view-registry";
