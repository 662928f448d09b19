import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, chromium } from "playwright-core";

/** Debian's Chromium, or `CHROMIUM_PATH` when set. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Flags for a quiet, sandbox-free headless Chromium that never reaches the network on its own. */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** A launched Chromium with its own throwaway profile. */
export interface LaunchedBrowser {
  context: BrowserContext;
  /** Closes Chromium and deletes the profile. */
  close(): Promise<void>;
}

/** Launches Chromium with a fresh temporary profile (`--user-data-dir`), 1280×800 pages. */
export async function launchChromium(): Promise<LaunchedBrowser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium is not installed at ${CHROMIUM_PATH}. Run .ci/install-chromium.sh, or set CHROMIUM_PATH.`);
  }
  const userDataDir = await mkdtemp(join(tmpdir(), "hvs-e2e-profile-"));
  try {
    const context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: CHROMIUM_ARGS,
      viewport: { width: 1280, height: 800 },
    });
    return {
      context,
      async close() {
        await context.close();
        await rm(userDataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(userDataDir, { recursive: true, force: true });
    throw error;
  }
}
