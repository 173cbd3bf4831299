import { fileURLToPath } from "node:url";

import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
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
