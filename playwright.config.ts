import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://localhost:${PORT}`;

// The specs that change the shop's catalogue (prices, retired or added plans) run against a server
// and database of their own, so no other spec ever reads what they change: journeys click
// "1 Month · $9.99" while landing-catalogue sells it at $12.99 (and each of these resets the whole
// catalogue after it). Chosen over project dependencies (one after the other: changes the order,
// and a file filter runs the whole dependency project) and over restoring and serialising (a
// failure between change and restore still leaks). One worker: they change the same catalogue.
const CATALOGUE_SPECS = ["catalogue.spec.ts", "discount-codes.spec.ts", "landing-catalogue.spec.ts", "six-month-plan.spec.ts"];
const CATALOGUE_PORT = PORT + 1;

/** A fresh embedded instance (PGlite, dev mailbox) on its own ports; builds first when stale. */
function server(port: number) {
  // Per port, so two runs on one machine do not share (or delete) each other's database.
  const dataDir = `data/e2e-${port}`;
  return {
    command: `rm -rf ${dataDir} && node scripts/start.mjs`,
    url: `http://localhost:${port}/healthz`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: "pipe" as const,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      DEV_SMTP_PORT: String(port + 25),
      LOG_LEVEL: "warn",
      DEV_TEST_API_TOKEN: "e2e-token",
      // Browser tests sign in many times from one address; the limits are covered by integration tests.
      AUTH_RATE_LIMIT: "off",
    },
  };
}

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 1),
  retries: process.env.CI ? 1 : 0,
  // CI shares two cores between two browsers, two servers and the runner: a journey that takes 12 s
  // on a quiet machine took over 60 s there (stop 41), so the gate allows twice as long. A hang
  // still fails; only slowness passes.
  timeout: process.env.CI ? 120_000 : 60_000,
  expect: { timeout: process.env.CI ? 15_000 : 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [
    { name: "chromium", testIgnore: CATALOGUE_SPECS, use: { ...devices["Desktop Chrome"], channel: undefined } },
    {
      name: "catalogue",
      testMatch: CATALOGUE_SPECS,
      workers: 1,
      use: { ...devices["Desktop Chrome"], channel: undefined, baseURL: `http://localhost:${CATALOGUE_PORT}` },
    },
  ],
  // Started one after the other: the first builds when the build is stale, the second finds it fresh.
  webServer: [server(PORT), server(CATALOGUE_PORT)],
});
