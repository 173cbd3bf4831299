import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://localhost:${PORT}`;
// Per port, so two runs on one machine do not share (or delete) each other's database.
const DATA_DIR = `data/e2e-${PORT}`;

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 1),
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
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
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    // A fresh embedded instance (PGlite, dev mailbox) on its own ports; builds first when stale.
    command: `rm -rf ${DATA_DIR} && node scripts/start.mjs`,
    url: `${baseURL}/healthz`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: "pipe",
    env: {
      PORT: String(PORT),
      DATA_DIR,
      DEV_SMTP_PORT: String(PORT + 25),
      LOG_LEVEL: "warn",
      DEV_TEST_API_TOKEN: "e2e-token",
      // Browser tests sign in many times from one address; the limits are covered by integration tests.
      AUTH_RATE_LIMIT: "off",
    },
  },
});
