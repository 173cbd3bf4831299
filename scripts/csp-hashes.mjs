// Writes build/client/.csp-hashes.json: for every built HTML page, the SHA-256 of each inline
// script in it (React Router's context and hydration scripts). The server's Content-Security-
// Policy allows exactly these on that page and no other inline script (decision 013).
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const ROOT = process.argv[2] ?? "build/client";
const MANIFEST = ".csp-hashes.json";
const EXECUTABLE = /^(?:module|(?:text|application)\/(?:x-)?(?:java|ecma)script)$/i;

/** Inline scripts a browser would run (data blocks such as application/ld+json are not scripts). */
function inlineScripts(html) {
  const found = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attrs = m[1];
    if (/\ssrc\s*=/i.test(` ${attrs}`)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1];
    if (type && !EXECUTABLE.test(type)) continue;
    found.push(m[2]);
  }
  return found;
}

const sha256 = (text) => `sha256-${createHash("sha256").update(text, "utf8").digest("base64")}`;

function htmlFiles(dir, out = []) {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) htmlFiles(full, out);
    else if (entry.endsWith(".html")) out.push(full);
  }
  return out;
}

const pages = {};
let scripts = 0;
for (const file of htmlFiles(ROOT).sort()) {
  const hashes = [...new Set(inlineScripts(readFileSync(file, "utf8")).map(sha256))];
  pages[path.relative(ROOT, file).split(path.sep).join("/")] = hashes;
  scripts += hashes.length;
}
writeFileSync(path.join(ROOT, MANIFEST), `${JSON.stringify({ version: 1, pages }, null, 1)}\n`);
console.log(`CSP: ${scripts} inline script hashes for ${Object.keys(pages).length} pages → ${path.join(ROOT, MANIFEST)}`);
