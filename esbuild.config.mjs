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

// The CLI: the same core, for Node. Split so that `mcp` (the MCP SDK and zod) is a chunk loaded on demand, not
// something every `index` and `search` pays for at start. Packages are bundled too: Node's loader spends more on
// resolving and linking the SDK's few hundred small modules than on compiling them (importing the `mcp` command
// took 1.0-1.9 s with packages external, 0.4-0.7 s bundled, at load 10 on 2 cores).
const cli = !existsSync("src/cli/main.ts") ? null : await esbuild.context({
  entryPoints: { cli: "src/cli/main.ts" },
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  external: builtinModules,
  banner: { js: "#!/usr/bin/env node" },
  outdir: "dist",
  outExtension: { ".js": ".mjs" },
  chunkNames: "chunks/[name]-[hash]",
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
