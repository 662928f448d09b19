import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import type * as O from "obsidian";
import { onTestFinished } from "vitest";
import { type FakeOllama, startFakeOllama } from "../../fakes/fake-ollama";
import { type LaunchedBrowser, launchChromium } from "./browser";
import { bundlePlugin, bundleRuntime } from "./bundle";
import { HarnessPage } from "./harness-page";
import { repoPath } from "./paths";
import { type HarnessServer, type PageOptions, startHarnessServer } from "./server";
import { readVaultFolder } from "./vault-fixture";

/** What the harness runs. Paths are relative to the repository root. */
export interface HarnessOptions {
  /**
   * The plugin: a built bundle (`{ mainJs }`, CommonJS as `npm run build` writes it) or a TypeScript entry
   * bundled the same way (`{ entry }`). Default: `{ mainJs: "main.js" }`, the real plugin.
   */
  plugin?: { mainJs: string } | { entry: string };
  /** The manifest: a path or the object. Default: "manifest.json". */
  manifest?: string | O.PluginManifest;
  /** The plugin's stylesheet. Default: "styles.css" when it exists, else none. */
  styles?: string;
  /** The fixture vault folder. Default: "test/e2e/fixtures/vault". */
  vaultDir?: string;
  /** Where `screenshot` writes. Default: "docs/screenshots". */
  screenshotDir?: string;
}

/** A running harness: page server, fake Ollama and Chromium, shared by the tests of one file. */
export interface Harness {
  /** The fake Ollama every page's settings can point at (`ollama.url`); set faults on it per test. */
  ollama: FakeOllama;
  server: HarnessServer;
  browser: LaunchedBrowser;
  /**
   * Opens a fresh page (new vault, new plugin instance). Call it inside a test: when the test finishes the
   * page is closed and the test fails if the page reported any error.
   */
  newPage(options?: PageOptions): Promise<HarnessPage>;
  /** Stops Chromium, the server and the fake Ollama. */
  close(): Promise<void>;
}

async function pluginCode(plugin: NonNullable<HarnessOptions["plugin"]>): Promise<string> {
  if ("entry" in plugin) return bundlePlugin(plugin.entry);
  const path = repoPath(plugin.mainJs);
  if (!existsSync(path)) throw new Error(`${plugin.mainJs} does not exist; run "npm run build" first.`);
  return readFile(path, "utf8");
}

/** Builds the page runtime, starts the fake Ollama, the page server and Chromium. */
export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const manifestOption = options.manifest ?? "manifest.json";
  const manifest =
    typeof manifestOption === "string"
      ? (JSON.parse(await readFile(repoPath(manifestOption), "utf8")) as O.PluginManifest)
      : manifestOption;
  const stylesPath = repoPath(options.styles ?? "styles.css");
  const screenshotDir = repoPath(options.screenshotDir ?? "docs/screenshots");
  const [runtimeJs, pluginJs, vault, indexHtml, shimCss] = await Promise.all([
    bundleRuntime(),
    pluginCode(options.plugin ?? { mainJs: "main.js" }),
    readVaultFolder(repoPath(options.vaultDir ?? "test/e2e/fixtures/vault")),
    readFile(repoPath("test/e2e/page/index.html"), "utf8"),
    readFile(repoPath("test/e2e/page/obsidian-shim.css"), "utf8"),
  ]);
  const stylesCss = existsSync(stylesPath) ? await readFile(stylesPath, "utf8") : "";
  const ollama = await startFakeOllama();
  const server = await startHarnessServer({ runtimeJs, pluginJs, stylesCss, indexHtml, shimCss, manifest, vault, ollamaUrl: ollama.url });
  let browser: LaunchedBrowser;
  try {
    browser = await launchChromium();
  } catch (error) {
    await server.close();
    await ollama.close();
    throw error;
  }

  return {
    ollama,
    server,
    browser,
    async newPage(page) {
      const harnessPage = await HarnessPage.open(browser.context, server.pageUrl(page), screenshotDir);
      onTestFinished(async () => {
        await harnessPage.close();
        harnessPage.assertNoErrors();
      });
      return harnessPage;
    },
    async close() {
      await browser.close();
      await server.close();
      await ollama.close();
    },
  };
}
