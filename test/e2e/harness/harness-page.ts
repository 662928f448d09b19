import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import type { NoticeRecord } from "../../fakes/obsidian";
import type { HarnessApi } from "../runtime/harness-api";

/** How long `waitFor` waits. */
export interface WaitOptions {
  /** Give up after this many milliseconds. Default 10 000. */
  timeoutMs?: number;
  /** What is being waited for, for the timeout message. Default "the condition". */
  message?: string;
}

const POLL_MS = 20;

/**
 * One harness page: a fresh fake app with the plugin loaded. It collects console errors, uncaught page errors
 * and dialogs (a dialog means injected script ran); `waitFor` and `assertNoErrors` fail on any of them.
 */
export class HarnessPage {
  /** Every error the page reported, in order. */
  readonly errors: string[] = [];
  private readonly allowed: RegExp[] = [];

  private constructor(
    readonly page: Page,
    private readonly screenshotDir: string,
  ) {
    page.on("console", (msg) => {
      if (msg.type() === "error") this.record(`console.error: ${msg.text()}`);
    });
    page.on("pageerror", (error) => this.record(`uncaught: ${error.stack ?? error.message}`));
    page.on("dialog", (dialog) => {
      this.record(`a ${dialog.type()} dialog opened: ${dialog.message()}`);
      void dialog.dismiss();
    });
  }

  /**
   * Opens `url` in a new tab and waits until the page has booted (or fails with the boot error), for at most
   * `bootTimeoutMs` (default 10 000; a benchmark's large vault needs longer).
   */
  static async open(context: BrowserContext, url: string, screenshotDir: string, bootTimeoutMs = 10_000): Promise<HarnessPage> {
    const harnessPage = new HarnessPage(await context.newPage(), screenshotDir);
    await harnessPage.page.goto(url);
    await harnessPage.waitFor(async () => (await harnessPage.state()) !== "booting", {
      message: "the page to boot",
      timeoutMs: bootTimeoutMs,
    });
    const failure = await harnessPage.page.evaluate(() => window.__harness?.error ?? null);
    if (failure !== null) throw new Error(`The harness page failed to boot: ${failure}`);
    return harnessPage;
  }

  /** Ignores page errors matching `pattern` (for tests that provoke them on purpose). */
  allowErrors(pattern: RegExp): void {
    this.allowed.push(pattern);
  }

  /** Returns the errors reported so far and forgets them (for tests that expect particular errors). */
  takeErrors(): string[] {
    return this.errors.splice(0);
  }

  /** Throws if the page reported any error not allowed. */
  assertNoErrors(): void {
    if (this.errors.length > 0) throw new Error(`The page reported errors:\n${this.errors.join("\n")}`);
  }

  /** Polls `condition` until it holds; fails at once if the page reports an error, or after the timeout. */
  async waitFor(condition: () => boolean | Promise<boolean>, options: WaitOptions = {}): Promise<void> {
    const timeoutMs = options.timeoutMs ?? 10_000;
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      this.assertNoErrors();
      if (await condition()) return;
      if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${options.message ?? "the condition"}.`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  /** The page's boot state. */
  state(): Promise<HarnessApi["state"] | "missing"> {
    return this.page.evaluate(() => window.__harness?.state ?? "missing");
  }

  /** Runs a command by its full id (`<plugin id>:<command id>`); throws if it is unknown or declined to run. */
  async command(id: string): Promise<void> {
    const ran = await this.page.evaluate((commandId) => window.__harness?.executeCommand(commandId) ?? false, id);
    if (!ran) {
      const known = await this.page.evaluate(() => window.__harness?.commandIds() ?? []);
      throw new Error(`Command "${id}" did not run. Registered commands: ${known.join(", ") || "none"}.`);
    }
  }

  /** Loads the plugin and finishes start-up, for pages opened with `autostart: false`. */
  async start(): Promise<void> {
    await this.page.evaluate(() => window.__harness?.start());
  }

  /** Opens a vault file in the main area and makes it the active note. */
  async openFile(path: string, newLeaf = false): Promise<void> {
    await this.page.evaluate(([p, n]) => window.__harness?.openFile(p, n), [path, newLeaf] as const);
  }

  /** The active note's path, or `null`. */
  activeFile(): Promise<string | null> {
    return this.page.evaluate(() => window.__harness?.activeFile() ?? null);
  }

  /** A vault file's current text. */
  async readFile(path: string): Promise<string> {
    return (await this.page.evaluate((p) => window.__harness?.readFile(p), path)) ?? "";
  }

  /** The notices shown so far. */
  notices(): Promise<NoticeRecord[]> {
    return this.page.evaluate(() => window.__harness?.notices() ?? []);
  }

  /** Opens the settings dialog on the plugin's tab (or `tabId`). */
  async openSettings(tabId?: string): Promise<void> {
    await this.page.evaluate((id) => window.__harness?.openSettings(id), tabId);
  }

  /** Saves a PNG of the page as `<name>.png` in the screenshot folder (or `dir`); returns its path. */
  async screenshot(name: string, options: { dir?: string; fullPage?: boolean } = {}): Promise<string> {
    const dir = options.dir ?? this.screenshotDir;
    await mkdir(dir, { recursive: true });
    const path = join(dir, `${name}.png`);
    await this.page.screenshot({ path, fullPage: options.fullPage ?? false, animations: "disabled" });
    return path;
  }

  /** Closes the tab. */
  async close(): Promise<void> {
    await this.page.close();
  }

  private record(message: string): void {
    if (!this.allowed.some((pattern) => pattern.test(message))) this.errors.push(message);
  }
}
