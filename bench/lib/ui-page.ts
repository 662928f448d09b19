import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import type * as O from "obsidian";
import { type FakeOllama, startFakeOllama } from "../../test/fakes/fake-ollama";
import { type LaunchedBrowser, launchChromium } from "../../test/e2e/harness/browser";
import { bundleRuntime } from "../../test/e2e/harness/bundle";
import { HarnessPage } from "../../test/e2e/harness/harness-page";
import { repoPath } from "../../test/e2e/harness/paths";
import { type HarnessServer, startHarnessServer } from "../../test/e2e/harness/server";

/** The built plugin running on a vault in Chromium, with the fake Ollama: the e2e harness without vitest. */
export interface UiBenchPage {
  h: HarnessPage;
  ollama: FakeOllama;
  /** The browser's product and version, e.g. "Chrome/140.0.7339.185", for the report. */
  browserVersion: string;
  close(): Promise<void>;
}

/**
 * Starts the fake Ollama, serves `vault` with the built main.js (run `npm run build` first) and boots a page with
 * the plugin pointed at the fake. `bootTimeoutMs` covers the fake app's start on a large vault. With `autostart:
 * false` the page stops after the fake app's set-up and `h.start()` loads the plugin (default true).
 */
export async function openUiBenchPage(
  vault: Record<string, string>,
  bootTimeoutMs: number,
  dimensions: number,
  options: { autostart?: boolean } = {},
): Promise<UiBenchPage> {
  const mainJs = repoPath("main.js");
  if (!existsSync(mainJs)) throw new Error('main.js does not exist; run "npm run build" first.');
  const read = (path: string): Promise<string> => readFile(repoPath(path), "utf8");
  const manifest = JSON.parse(await read("manifest.json")) as O.PluginManifest;
  const [runtimeJs, pluginJs, stylesCss, indexHtml, shimCss] = await Promise.all([
    bundleRuntime(),
    read("main.js"),
    read("styles.css"),
    read("test/e2e/page/index.html"),
    read("test/e2e/page/obsidian-shim.css"),
  ]);
  const ollama = await startFakeOllama({ dimensions });
  let server: HarnessServer | undefined;
  let browser: LaunchedBrowser | undefined;
  const close = async (): Promise<void> => {
    await browser?.close();
    await server?.close();
    await ollama.close();
  };
  try {
    server = await startHarnessServer({ runtimeJs, pluginJs, stylesCss, indexHtml, shimCss, manifest, vault, ollamaUrl: ollama.url });
    browser = await launchChromium();
    // tsx compiles with esbuild's keepNames, which wraps named functions inside page.evaluate callbacks in a
    // `__name` helper that exists only in Node; the page gets a stand-in.
    await browser.context.addInitScript({ content: "globalThis.__name = (target) => target;" });
    const url = server.pageUrl({ pluginData: { ollamaUrl: ollama.url }, autostart: options.autostart ?? true });
    const h = await HarnessPage.open(browser.context, url, "/dev/null", bootTimeoutMs);
    const cdp = await browser.context.newCDPSession(h.page);
    const { product } = await cdp.send("Browser.getVersion");
    await cdp.detach();
    return { h, ollama, browserVersion: product, close };
  } catch (error) {
    await close();
    throw error;
  }
}
