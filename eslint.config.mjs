import { defineConfig, globalIgnores } from "eslint/config";
import obsidianmd from "eslint-plugin-obsidianmd";
import globals from "globals";

/**
 * The restricted imports of one folder of src/core: never the host (obsidian, src/ui, src/obsidian, src/cli,
 * src/main.ts), and never the core folders in `above` ("*": nothing outside the folder at all).
 */
function coreLayer(files, above) {
  const patterns = [
    {
      regex: "^(\\.\\./)+(ui|obsidian|cli|main)(/|$)",
      message: "src/core must not import the host (src/ui, src/obsidian, src/cli, src/main.ts): move the shared piece into core.",
    },
  ];
  if (above.length > 0) {
    patterns.push({
      regex: above[0] === "*" ? "^\\.\\./" : `^(\\.\\./)+(${above.join("|")})(/|$)`,
      message: `${files.replace("/**/*.ts", "")} is a lower layer of core: it must not import ${above[0] === "*" ? "anything outside its folder" : above.join(", ")}.`,
    });
  }
  return {
    files: [files],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [{ name: "obsidian", message: "src/core runs in plain Node: take what you need from Obsidian through a port that src/obsidian implements." }],
          patterns,
        },
      ],
    },
  };
}

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
    files: ["src/core/**/*.ts", "src/cli/**/*.ts", "test/**/*.ts", "bench/**/*.ts", "*.mjs", "scripts/*.mjs", "scripts/*.ts", "vitest.config.ts"],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "obsidianmd/prefer-window-timers": "off",
      "obsidianmd/no-global-this": "off",
      "obsidianmd/no-nodejs-modules": "off",
      "import/no-nodejs-modules": "off",
    },
  },
  {
    // Import cycles hide which file is the lower layer; the lint keeps them out (type-only imports count too). The
    // `import` plugin is the one eslint-plugin-obsidianmd registers and depends on (its preset bans listing
    // eslint-plugin-import in our own package.json: depend/ban-dependencies).
    files: ["src/**/*.ts", "test/**/*.ts", "bench/**/*.ts"],
    settings: {
      "import/parsers": { "@typescript-eslint/parser": [".ts"] },
      "import/resolver": { node: { extensions: [".ts", ".mjs", ".js"] } },
    },
    rules: { "import/no-cycle": ["error", { ignoreExternal: true }] },
  },
  {
    // main.js is a CommonJS bundle: a top-level `exports`, `module` or `require` of ours is CommonJS's own object in the
    // unminified (dev) build, where the minifier no longer renames it. Four WebAssembly kernels kept their compiled
    // module in `let exports` and never compiled it there: every vector scan threw.
    files: ["src/**/*.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "Program > VariableDeclaration > VariableDeclarator > Identifier.id[name=/^(exports|module|require)$/]",
          message: "Top-level exports, module and require are CommonJS's own names in the plugin bundle; name it otherwise.",
        },
      ],
    },
  },
  // The layering rule: the engine is plain TypeScript that also runs in Node, so it never reaches for its hosts.
  // The core rule, not the typescript-eslint one the Obsidian preset configures: a type-only import across the line
  // is as wrong as any other, and the preset's own restrictions stay as they are. Inside core, each folder names the
  // folders above it, which it must not import (see docs/ARCHITECTURE.md for the layers).
  coreLayer("src/core/**/*.ts", []),
  coreLayer("src/core/shared/**/*.ts", ["*"]),
  coreLayer("src/core/errors/**/*.ts", ["*"]),
  coreLayer("src/core/text/**/*.ts", ["*"]),
  coreLayer("src/core/chunk/**/*.ts", ["index", "vectors", "ollama", "persist", "search", "sync", "settings", "session"]),
  coreLayer("src/core/ollama/**/*.ts", ["chunk", "index", "vectors", "persist", "search", "sync", "settings", "session"]),
  coreLayer("src/core/vectors/**/*.ts", ["chunk", "ollama", "search", "sync", "settings", "session"]),
  coreLayer("src/core/persist/**/*.ts", ["chunk", "index", "search", "sync", "settings", "session"]),
  coreLayer("src/core/index/**/*.ts", ["ollama", "search", "sync", "settings", "session"]),
  coreLayer("src/core/keyword/**/*.ts", ["ollama", "search", "sync", "settings", "session"]),
  coreLayer("src/core/search/**/*.ts", ["sync", "settings", "session"]),
  coreLayer("src/core/sync/**/*.ts", ["search", "settings", "session"]),
  coreLayer("src/core/settings/**/*.ts", ["session"]),
  {
    // The plugin's UI and the CLI are two hosts of the same engine; they share through core, never directly.
    files: ["src/ui/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ regex: "^(\\.\\./)+cli(/|$)", message: "src/ui must not import src/cli: share through src/core." }] },
      ],
    },
  },
  {
    // Benchmarks, build scripts and the CLI talk to a terminal.
    files: ["bench/**/*.ts", "src/cli/**/*.ts", "test/e2e/**/*.ts", "scripts/*.mjs", "scripts/*.ts"],
    rules: { "no-console": "off", "obsidianmd/rule-custom-message": "off" },
  },
  {
    // Outside Obsidian there is no Vault#configDir: the CLI must name the vault's config folder itself.
    files: ["src/cli/**/*.ts", "test/cli/**/*.ts"],
    rules: { "obsidianmd/hardcoded-config-path": "off" },
  },
]);
