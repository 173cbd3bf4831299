import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";

import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Vitest's default is one worker fewer than the cores: one on CI's 2 cores, which left the second idle
    // while a file waited on its database or sockets (decision 063).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: "server",
          include: ["server/**/*.test.ts", "contracts/**/*.test.ts", "clients/**/*.test.ts", "bench/**/*.test.mjs"],
          environment: "node",
          globalSetup: ["server/test/pglite-template.ts"],
        },
      },
      {
        // The web app's own units (hooks, parsers, the translator) in a DOM without a browser.
        extends: true,
        resolve: { alias: [{ find: /^~\//, replacement: fileURLToPath(new URL("./web/app/", import.meta.url)) }] },
        test: {
          name: "web",
          include: ["web/**/*.test.{ts,tsx}"],
          environment: "happy-dom",
        },
      },
    ],
  },
});
