import { defineConfig, globalIgnores } from "eslint/config";
import obsidianmd from "eslint-plugin-obsidianmd";
import globals from "globals";

export default defineConfig([
  globalIgnores(["node_modules/", "main.js", "dist/", ".cache/", "docs/", "coverage/"]),
  ...obsidianmd.configs.recommended,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ["eslint.config.mjs", "esbuild.config.mjs", "scripts/*.mjs"] },
      },
    },
  },
  {
    // The engine, the CLI, the tests and the benchmarks also run in plain Node, where there is no `window`.
    files: ["src/core/**/*.ts", "src/cli/**/*.ts", "test/**/*.ts", "bench/**/*.ts", "*.mjs", "scripts/*.mjs", "vitest.config.ts"],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "obsidianmd/prefer-window-timers": "off",
      "obsidianmd/no-global-this": "off",
      "obsidianmd/no-nodejs-modules": "off",
      "import/no-nodejs-modules": "off",
    },
  },
  {
    // Benchmarks, build scripts and the CLI talk to a terminal.
    files: ["bench/**/*.ts", "src/cli/**/*.ts", "test/e2e/**/*.ts", "scripts/*.mjs"],
    rules: { "no-console": "off", "obsidianmd/rule-custom-message": "off" },
  },
  {
    // Outside Obsidian there is no Vault#configDir: the CLI must name the vault's config folder itself.
    files: ["src/cli/**/*.ts", "test/cli/**/*.ts"],
    rules: { "obsidianmd/hardcoded-config-path": "off" },
  },
]);
