#!/usr/bin/env node
// Renders web/public/og-image.png (1200×630, the share image every page's og:image points to)
// from site.config.json with headless Chromium. Run again after changing the brand or tagline:
//   node web/app/features/public-pages/og-image/render-og-image.mjs
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

import { CHROMIUM_PATH, QUIET_CHROMIUM_FLAGS } from "../../../../../scripts/chromium.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../../..");
const OUT = path.join(ROOT, "web/public/og-image.png");
const site = JSON.parse(readFileSync(path.join(ROOT, "site.config.json"), "utf8"));
const fonts = path.join(ROOT, "node_modules/@fontsource-variable/noto-sans-khmer/files");
const font = (subset) => pathToFileURL(path.join(fonts, `noto-sans-khmer-${subset}-wght-normal.woff2`)).href;
const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);

const html = `<!doctype html>
<html><head><meta charset="utf-8"><style>
@font-face { font-family: "Noto"; font-weight: 100 900; src: url("${font("latin")}") format("woff2"); unicode-range: U+0000-00FF, U+2000-206F; }
@font-face { font-family: "Noto"; font-weight: 100 900; src: url("${font("khmer")}") format("woff2"); unicode-range: U+1780-17FF, U+19E0-19FF, U+25CC; }
* { box-sizing: border-box; margin: 0; }
html, body { width: 1200px; height: 630px; overflow: hidden; }
body {
  font-family: "Noto", sans-serif; color: #fff; position: relative;
  background:
    radial-gradient(640px 420px at 92% 8%, rgba(52, 211, 153, .35), transparent 70%),
    radial-gradient(520px 380px at 0% 100%, rgba(16, 185, 129, .22), transparent 70%),
    linear-gradient(135deg, #022c22 0%, #064e3b 58%, #065f46 100%);
}
.grid { position: absolute; inset: 0; background-image:
  linear-gradient(rgba(255,255,255,.045) 1px, transparent 1px),
  linear-gradient(90deg, rgba(255,255,255,.045) 1px, transparent 1px);
  background-size: 48px 48px; mask-image: linear-gradient(90deg, transparent, #000 35%, #000); }
.content { position: absolute; left: 80px; top: 72px; width: 720px; }
.brand { display: flex; align-items: center; gap: 20px; font-size: 40px; font-weight: 700; letter-spacing: -.01em; }
.brand svg { width: 68px; height: 68px; filter: drop-shadow(0 8px 24px rgba(16,185,129,.45)); }
h1 { margin-top: 40px; font-size: 50px; line-height: 1.14; font-weight: 800; letter-spacing: -.025em; }
.km { margin-top: 20px; font-size: 26px; line-height: 1.6; color: #a7f3d0; font-weight: 500; }
.chips { position: absolute; left: 80px; bottom: 64px; display: flex; gap: 12px; }
.chip { padding: 10px 18px; border-radius: 999px; font-size: 20px; font-weight: 600; color: #d1fae5;
  background: rgba(255,255,255,.08); border: 1px solid rgba(167,243,208,.25); }
.card { position: absolute; right: 44px; top: 168px; width: 300px; padding: 26px; border-radius: 24px;
  background: linear-gradient(160deg, rgba(255,255,255,.16), rgba(255,255,255,.05));
  border: 1px solid rgba(255,255,255,.22); box-shadow: 0 30px 60px rgba(0,0,0,.35); transform: rotate(-4deg); }
.label { font-size: 15px; letter-spacing: .14em; text-transform: uppercase; color: #a7f3d0; font-weight: 700; }
.key { margin-top: 14px; font-family: "DejaVu Sans Mono", monospace; font-size: 21px; letter-spacing: .04em; }
.row { margin-top: 26px; display: flex; justify-content: space-between; align-items: center; font-size: 18px; color: #d1fae5; }
.badge { padding: 6px 14px; border-radius: 999px; background: #10b981; color: #022c22; font-weight: 800; font-size: 16px; }
.bar { margin-top: 22px; height: 10px; border-radius: 99px; background: rgba(255,255,255,.14); overflow: hidden; }
.bar i { display: block; width: 72%; height: 100%; border-radius: 99px; background: linear-gradient(90deg, #34d399, #a7f3d0); }
.domain { position: absolute; right: 80px; bottom: 72px; font-size: 22px; font-weight: 600; color: #a7f3d0; }
</style></head><body>
<div class="grid"></div>
<div class="content">
  <div class="brand">
    <svg viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#10b981"/><circle cx="11.5" cy="16" r="4.75" fill="none" stroke="#022c22" stroke-width="2.5"/><path d="M16.25 16H25.5M21.5 16v3.75M25 16v2.75" fill="none" stroke="#022c22" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"/></svg>
    ${esc(site.brandName)}
  </div>
  <h1>${esc(site.tagline.replace(/(\w)-(\w)/g, "$1\u2011$2"))}</h1>
  <p class="km" lang="km">ធ្វើទីផ្សារលើបណ្ដាញសង្គមដោយស្វ័យប្រវត្តិ</p>
</div>
<div class="card">
  <div class="label">License key</div>
  <div class="key">KS-7F3A-92QD-X4M8</div>
  <div class="row"><span>12 Months</span><span class="badge">Active</span></div>
  <div class="bar"><i></i></div>
</div>
<div class="chips"><span class="chip">Real devices &amp; emulators</span><span class="chip">Bulk upload</span><span class="chip">Scheduling</span><span class="chip">24/7 support</span></div>
<div class="domain">${esc(new URL(site.siteUrl).host)}</div>
</body></html>`;

const dir = mkdtempSync(path.join(os.tmpdir(), "og-image-"));
try {
  const page = path.join(dir, "og.html");
  writeFileSync(page, html);
  const result = spawnSync(
    CHROMIUM_PATH,
    [
      "--headless",
      ...QUIET_CHROMIUM_FLAGS,
      "--hide-scrollbars",
      "--force-device-scale-factor=1",
      "--allow-file-access-from-files",
      "--virtual-time-budget=3000",
      `--user-data-dir=${path.join(dir, "profile")}`,
      `--screenshot=${OUT}`,
      "--window-size=1200,630",
      pathToFileURL(page).href,
    ],
    { stdio: "pipe", timeout: 60_000 },
  );
  if (result.status !== 0) throw new Error(`Chromium failed: ${result.stderr}`);
  console.log(`Wrote ${path.relative(ROOT, OUT)} (${statSync(OUT).size} bytes).`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
