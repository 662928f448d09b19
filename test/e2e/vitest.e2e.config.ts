import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * The browser end-to-end tests: one Chromium at a time, in a single worker, with timeouts that leave room for
 * building bundles and launching the browser. Run with `vitest run -c test/e2e/vitest.e2e.config.ts`.
 */
export default defineConfig({
  root: fileURLToPath(new URL("../..", import.meta.url)),
  test: {
    include: ["test/e2e/**/*.e2e.test.ts"],
    environment: "node",
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    poolOptions: { forks: { singleFork: true } },
    fileParallelism: false,
  },
});
