// Serves the built web app: a file, a prerendered <path>/index.html, or the SPA fallback. HTML
// pages get their Content-Security-Policy (with the page's inline-script hashes, see csp.ts).
import { createReadStream, existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import type { Context } from "hono";
import { isAppPath } from "../../contracts/app-routes";
import { cookieValue, LANGUAGE_COOKIE } from "../../contracts/cookies";
import { DEFAULT_LANGUAGE, isLanguage } from "../../contracts/languages";
import { CSP_MANIFEST, type CspManifest } from "./csp";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".webmanifest": "application/manifest+json",
};

const ENCODINGS = [
  { name: "br", suffix: ".br", pattern: /\bbr\b/ },
  { name: "gzip", suffix: ".gz", pattern: /\bgzip\b/ },
];

function isFile(p: string) {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}

export interface StaticOptions {
  /** The policy for an HTML page, given the page's inline-script hashes from the build's manifest. */
  contentSecurityPolicy?: (scriptHashes: readonly string[]) => string;
}

/**
 * The policy per page, from build/client/.csp-hashes.json. Re-read when the manifest changes (a
 * rebuild under a running server), so pages and their hashes never drift apart.
 */
function pagePolicies(root: string, policy: NonNullable<StaticOptions["contentSecurityPolicy"]>) {
  const manifestPath = path.join(root, CSP_MANIFEST);
  let loadedMtime = -1;
  let byPage = new Map<string, string>();
  let hashes: Record<string, string[]> = {};
  return (file: string): string => {
    let mtime = 0;
    try {
      mtime = statSync(manifestPath).mtimeMs;
    } catch {
      // No manifest (no build yet): no hashes, so no inline script runs.
    }
    if (mtime !== loadedMtime) {
      loadedMtime = mtime;
      byPage = new Map();
      try {
        hashes = mtime ? (JSON.parse(readFileSync(manifestPath, "utf8")) as CspManifest).pages : {};
      } catch {
        hashes = {};
      }
    }
    const rel = path.relative(root, file).split(path.sep).join("/");
    let value = byPage.get(rel);
    if (value === undefined) byPage.set(rel, (value = policy(hashes[rel] ?? [])));
    return value;
  };
}


/** `<name>.<lang>.html` for a page (index.html, the SPA fallback) and the visitor's language cookie, if that file exists. */
function localizedPage(htmlFile: string, cookie: string | undefined): string | undefined {
  const lang = cookieValue(cookie, LANGUAGE_COOKIE);
  // Only one of the shop's languages (the cookie is the visitor's to write) and not the default.
  if (!isLanguage(lang) || lang === DEFAULT_LANGUAGE) return undefined;
  const candidate = htmlFile.replace(/\.html$/, `.${lang}.html`);
  return isFile(candidate) ? candidate : undefined;
}

export function createStaticHandler(rootDir: string, options: StaticOptions = {}) {
  const root = path.resolve(rootDir);
  const fallback = path.join(root, "__spa-fallback.html");
  const policyFor = options.contentSecurityPolicy ? pagePolicies(root, options.contentSecurityPolicy) : undefined;
  return (c: Context) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return c.notFound();
    let rel: string;
    try {
      rel = decodeURIComponent(new URL(c.req.url).pathname);
    } catch {
      return c.notFound();
    }
    // Dot files (the CSP manifest) are build metadata, not part of the site.
    if (rel.includes("/.")) return c.notFound();
    const candidate = path.resolve(root, `.${rel}`);
    if (!candidate.startsWith(root)) return c.notFound();
    let file = [candidate, path.join(candidate, "index.html")].find(isFile);
    // A prerendered page in the visitor's chosen language, when the build has one (decision 016).
    const localized = file?.endsWith(`${path.sep}index.html`) ? localizedPage(file, c.req.header("cookie")) : undefined;
    if (localized) file = localized;
    const isAsset = rel.startsWith("/assets/");
    // A page the app does not have still gets the app (which shows its not-found page), as a 404.
    let status: 200 | 404 = 200;
    if (!file) {
      // A file that is not there; but a page may end in what looks like an extension (/customers/a@b.com).
      if (isAsset || (path.extname(rel) && !isAppPath(rel))) return c.notFound();
      if (!existsSync(fallback)) return c.text("The web app is not built. Run `npm run build`.", 503);
      // The loading page in the visitor's language (scripts/fallback-languages.mjs).
      file = localizedPage(fallback, c.req.header("cookie")) ?? fallback;
      if (!isAppPath(rel)) status = 404;
    }
    const ext = path.extname(file);
    c.header("Content-Type", TYPES[ext] ?? "application/octet-stream");
    c.header("Cache-Control", isAsset ? "public, max-age=31536000, immutable" : "no-cache");
    c.header("Vary", ext === ".html" ? "Accept-Encoding, Cookie" : "Accept-Encoding");
    if (ext === ".html" && policyFor) {
      c.header("Content-Security-Policy", policyFor(file));
      // For browsers without frame-ancestors; the app never frames its own pages.
      c.header("X-Frame-Options", "DENY");
    }
    // Precompressed at build time (scripts/precompress.mjs): brotli, then gzip, then as is.
    const accepted = c.req.header("accept-encoding") ?? "";
    const encoded = ENCODINGS.find((e) => e.pattern.test(accepted) && isFile(`${file}${e.suffix}`));
    const sent = encoded ? `${file}${encoded.suffix}` : file;
    if (encoded) c.header("Content-Encoding", encoded.name);
    c.header("Content-Length", String(statSync(sent).size));
    if (c.req.method === "HEAD") return c.body(null, status);
    return c.body(Readable.toWeb(createReadStream(sent)) as ReadableStream, status);
  };
}
