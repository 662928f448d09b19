import esbuild from "esbuild";
import { existsSync } from "node:fs";
import { builtinModules } from "node:module";

const production = process.argv[2] === "production";

// The plugin bundle: Orama and ollama/browser are bundled; Obsidian's own runtime modules stay external.
const plugin = await esbuild.context({
  entryPoints: ["src/main.ts"],
  bundle: true,
  external: ["obsidian", "electron", "@codemirror/*", "@lezer/*"],
  format: "cjs",
  target: "es2022",
  platform: "browser",
  logLevel: "info",
  sourcemap: production ? false : "inline",
  treeShaking: true,
  minify: production,
  outfile: "main.js",
});

// The CLI: the same core, for Node.
const cli = !existsSync("src/cli/main.ts") ? null : await esbuild.context({
  entryPoints: ["src/cli/main.ts"],
  bundle: true,
  format: "esm",
  platform: "node",
  target: "node20",
  packages: "external",
  external: builtinModules,
  banner: { js: "#!/usr/bin/env node" },
  outfile: "dist/cli.mjs",
  logLevel: "info",
});

if (production) {
  await plugin.rebuild();
  await plugin.dispose();
  if (cli) {
    await cli.rebuild();
    await cli.dispose();
  }
} else {
  await plugin.watch();
}
