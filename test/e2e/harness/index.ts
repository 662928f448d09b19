export { CHROMIUM_ARGS, CHROMIUM_PATH, launchChromium, type LaunchedBrowser } from "./browser";
export { bundlePlugin, bundleRuntime, PLUGIN_BUILD } from "./bundle";
export { type Harness, type HarnessOptions, startHarness } from "./harness";
export { HarnessPage, type WaitOptions } from "./harness-page";
export { type HarnessServer, type PageOptions, startHarnessServer } from "./server";
