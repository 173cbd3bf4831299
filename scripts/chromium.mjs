// The Chromium the tools drive headless (Debian's, or CHROMIUM_PATH), and the switches that keep it
// quiet: no sandbox, GPU, background traffic, updates, sync or first-run screens. Used by the
// Lighthouse benchmark (bench/lighthouse.mjs), the share image's renderer (render-og-image.mjs) and the
// screenshots (scripts/screenshots/setup.mjs).
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const QUIET_CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
