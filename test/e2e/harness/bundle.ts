import { build, type BuildOptions } from "esbuild";
import { repoPath } from "./paths";

/** The plugin bundle's shape, as esbuild.config.mjs builds main.js: CommonJS with Obsidian's modules external. */
export const PLUGIN_BUILD: BuildOptions = {
  bundle: true,
  external: ["obsidian", "electron", "@codemirror/*", "@lezer/*"],
  format: "cjs",
  target: "es2022",
  platform: "browser",
  treeShaking: true,
};

async function bundle(entry: string, options: BuildOptions): Promise<string> {
  const result = await build({ ...options, entryPoints: [entry], write: false, logLevel: "silent" });
  const output = result.outputFiles?.[0];
  if (!output) throw new Error(`esbuild produced no output for ${entry}.`);
  return output.text;
}

/** The page runtime (the Obsidian stand-in and the boot sequence) as one browser script. */
export function bundleRuntime(): Promise<string> {
  return bundle(repoPath("test/e2e/runtime/entry.ts"), {
    bundle: true,
    format: "iife",
    target: "es2022",
    platform: "browser",
    sourcemap: "inline",
  });
}

/** A plugin entry point bundled exactly like the real build, for fixture plugins. */
export function bundlePlugin(entry: string): Promise<string> {
  return bundle(repoPath(entry), { ...PLUGIN_BUILD, sourcemap: "inline" });
}
