/**
 * The e2e page's runtime: Obsidian's stand-in plus the boot sequence. It installs the DOM helpers, offers
 * `require("obsidian")` to the plugin bundle, builds a fake app over the served vault, loads the plugin and
 * finishes start-up, then exposes controls at `window.__harness`.
 */
import type * as O from "obsidian";
import * as obsidian from "../../fakes/obsidian";
import { createTestApp, installDomHelpers, setRequestTransport, TEST_CONFIG_DIR } from "../../fakes/obsidian";
import type { HarnessApi, HoverLinkRecord, PageConfig, PluginFactory } from "./harness-api";
import { relayTransport } from "./relay-transport";

type PluginClass = new (app: O.App, manifest: O.PluginManifest) => object;

installDomHelpers(window);
setRequestTransport(relayTransport);

function requireShim(id: string): unknown {
  if (id === "obsidian") return obsidian;
  throw new Error(`The e2e page provides only "obsidian", but the plugin bundle requires "${id}".`);
}
Object.defineProperty(window, "require", { value: requireShim, configurable: true });

let defineFactory: (factory: PluginFactory) => void = () => undefined;
const factoryReady = new Promise<PluginFactory>((resolve) => (defineFactory = resolve));
window.__harnessDefinePlugin = (factory) => defineFactory(factory);

const describe = (error: unknown): string => (error instanceof Error ? (error.stack ?? error.message) : String(error));

function booted(): { config: PageConfig; testApp: NonNullable<HarnessApi["testApp"]> } {
  if (!api.config || !api.testApp) throw new Error("The harness page has not booted yet.");
  return { config: api.config, testApp: api.testApp };
}

const api: HarnessApi = {
  state: "booting",
  error: null,
  config: null,
  testApp: null,
  plugin: null,
  async start() {
    const { config, testApp } = booted();
    const factory = await factoryReady;
    const module = { exports: {} as unknown };
    factory(module, module.exports, requireShim);
    const exported = module.exports as { default?: unknown };
    const pluginClass = (exported.default ?? exported) as PluginClass;
    api.plugin = await testApp.loadPlugin(pluginClass, config.manifest);
    await testApp.startup();
    api.state = "ready";
  },
  executeCommand: (id) => booted().testApp.fake.commands.executeCommandById(id),
  commandIds: () => Object.keys(booted().testApp.fake.commands.commands),
  openSettings(tabId) {
    const { config, testApp } = booted();
    testApp.fake.setting.open();
    testApp.fake.setting.openTabById(tabId ?? config.manifest.id);
  },
  closeSettings: () => booted().testApp.fake.setting.close(),
  async openFile(path, newLeaf) {
    await booted().testApp.openFile(path, newLeaf);
  },
  activeFile: () => booted().testApp.fake.workspace.getActiveFile()?.path ?? null,
  async readFile(path) {
    return booted().testApp.fake.vault.adapter.read(path);
  },
  notices: () => booted().testApp.notices(),
  hoverLinks: () =>
    booted().testApp.hoverLinks.map((raw): HoverLinkRecord => {
      const info = raw as Partial<HoverLinkRecord>;
      return { source: String(info.source), linktext: String(info.linktext), sourcePath: String(info.sourcePath) };
    }),
  idle: () => booted().testApp.idle(),
};
window.__harness = api;

async function boot(): Promise<void> {
  const token = new URLSearchParams(window.location.search).get("page") ?? "";
  const response = await globalThis.fetch(`/harness/config.json?page=${encodeURIComponent(token)}`);
  if (!response.ok) throw new Error(`The harness server has no page "${token}" (status ${response.status}).`);
  const config = (await response.json()) as PageConfig;
  api.config = config;
  const files = { ...config.vault };
  if (config.pluginData !== null) {
    files[`${TEST_CONFIG_DIR}/plugins/${config.manifest.id}/data.json`] = JSON.stringify(config.pluginData, null, 2);
  }
  api.testApp = createTestApp(files);
  if (config.autostart) await api.start();
  else api.state = "waiting";
}

boot().catch((error: unknown) => {
  api.state = "failed";
  api.error = describe(error);
  console.error(`The e2e harness failed to boot: ${api.error}`);
});
