// Prerendered public pages without React on first load (decision 016).
//
// React Router renders its scripts into <div id="ks-app" hidden> at the end of <body> (root.tsx),
// its loader data after it, and the module preloads into <head>. On each prerendered public page
// this moves all of them into an inert <template id="ks-app"> (nothing in a template is fetched or run) and adds the
// page's small script, web/enhance (bundled here), which makes the page interactive and loads the
// app from the template when a visitor needs it. The SPA fallback (dashboard, /auth) is untouched.
import { build } from "esbuild";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const CLIENT = "build/client";
const PAGE_DIRS = ["", "faq", "privacy-policy", "terms-of-service", "donation-success"];
// Each in every language: web/app/entry.server.tsx writes index.<code>.html (index.km.html) beside
// index.html for each language of contracts/languages.ts but the default.
const PAGES = PAGE_DIRS.flatMap((dir) =>
  readdirSync(path.join(CLIENT, dir))
    .filter((file) => /^index(\.[\w-]+)?\.html$/.test(file))
    .map((file) => path.join(dir, file)),
);
const HOLDER_OPEN = '<div id="ks-app" hidden="">';

const result = await build({
  entryPoints: ["web/enhance/main.ts"],
  bundle: true,
  splitting: true, // the donation page's confetti library is its own chunk, fetched there only
  format: "esm",
  minify: true,
  target: "es2022",
  outdir: path.join(CLIENT, "assets"),
  entryNames: "enhance-[hash]",
  chunkNames: "enhance-[name]-[hash]",
  metafile: true,
  logLevel: "warning",
});
const entry = Object.entries(result.metafile.outputs).find(([, output]) => output.entryPoint)?.[0];
if (!entry) throw new Error("static-first: esbuild produced no entry");
const enhanceSrc = `/assets/${path.basename(entry)}`;

for (const page of PAGES) {
  const file = path.join(CLIENT, page);
  let html = readFileSync(file, "utf8");
  const preloads = [];
  html = html.replace(/<link rel="modulepreload"[^>]*>/g, (link) => {
    preloads.push(link);
    return "";
  });
  // From the holder to </body>: the holder and, after it, the loader data React Router streams
  // into the page (its <ServerRouter> renders that last, outside root.tsx's markup).
  const start = html.indexOf(HOLDER_OPEN);
  const end = html.lastIndexOf("</body>");
  if (start < 0 || end < start || preloads.length === 0) {
    throw new Error(`static-first: ${file} does not have React Router's scripts where expected`);
  }
  const app = html.slice(start, end);
  html = `${html.slice(0, start)}<template id="ks-app">${preloads.join("")}${app}</template>${html.slice(end)}`;
  // A module script: runs after parsing, never blocks the first paint.
  html = html.replace("</head>", `<script type="module" src="${enhanceSrc}"></script></head>`);
  writeFileSync(file, html);
}
console.log(`static-first: ${PAGES.length} pages load ${enhanceSrc} instead of the app`);
