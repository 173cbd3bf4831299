import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

import { barrelImports } from "./web/barrel-imports";
import { chunkGroups } from "./web/chunk-groups";
import { preloadDeps } from "./web/preload-deps";
import { DASHBOARD_PAGES } from "./web/app/lib/dashboard-pages";

const API_ORIGIN = "http://localhost:3000";

// Client chunks: web/chunk-groups.ts (decisions 049, 084). The dashboard routes are the layout's
// (the table of dashboard pages); every other route is public.
const unix = (id: string) => id.replaceAll("\\", "/");
// A lazy import preloads only the files its importer has not loaded (web/preload-deps.ts).
const PRELOAD = preloadDeps();
const CHUNKS = chunkGroups(new Set(["dashboard-layout", ...DASHBOARD_PAGES.map((page) => page.file.replace(/^routes\/|\.tsx$/g, ""))]));

// A language's copy (web/app/locales/<code>/index.ts, fetched when it is chosen) is
// assets/locale-<code>-<hash>.js: a name to recognise it by in the network log and in the browser
// tests, which answer its request with a pseudo-language (e2e/pseudo-locale.spec.ts).
const LOCALE_CHUNK = /\/web\/app\/locales\/([\w-]+)\/index\.ts$/;
function chunkFileNames(chunk: { facadeModuleId: string | null }) {
  const code = chunk.facadeModuleId && LOCALE_CHUNK.exec(unix(chunk.facadeModuleId))?.[1];
  return code ? `assets/locale-${code}-[hash].js` : "assets/[name]-[hash].js";
}

// React Router's package exports only its development build (remix-run/react-router#12532,
// #14753: "intended to be temporary"), so a production bundle ships its dev warnings and checks.
// The browser build takes the production build the package also contains.
const reactRouterProduction = (file: string) => fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));

export default defineConfig(({ isSsrBuild, command }) => ({
  publicDir: "web/public",
  plugins: [barrelImports(), tailwindcss(), reactRouter(), ...(isSsrBuild ? [] : [PRELOAD.plugin])],
  // True in `npm run build` whatever NODE_ENV says (entry.server prerenders the Khmer pages then,
  // and never under the dev server).
  define: { __KEYSHOP_BUILD__: JSON.stringify(command === "build") },
  resolve: {
    alias: [
      { find: /^~\//, replacement: fileURLToPath(new URL("./web/app/", import.meta.url)) },
      ...(command === "build" && !isSsrBuild
        ? [
            { find: /^react-router$/, replacement: reactRouterProduction("index.mjs") },
            { find: /^react-router\/dom$/, replacement: reactRouterProduction("dom-export.mjs") },
          ]
        : []),
    ],
  },
  build: isSsrBuild
    ? {}
    : {
        // KS_SOURCEMAP=1: maps linked from the files; =hidden: maps beside identical files (the
        // dashboard bench reads which modules a page loaded from them).
        sourcemap: process.env.KS_SOURCEMAP === "hidden" ? "hidden" : process.env.KS_SOURCEMAP === "1",
        modulePreload: { resolveDependencies: PRELOAD.resolveDependencies },
        rolldownOptions: { plugins: [CHUNKS.check], output: { codeSplitting: { groups: CHUNKS.groups }, chunkFileNames } },
      },
  server: {
    port: 5173,
    strictPort: true,
    // `react-router dev` serves the web app; the Node server (npm start) answers the API,
    // better-auth and the dev mailbox. Regex keys so that e.g. /developers is not proxied.
    proxy: {
      "^/api(/|$)": { target: API_ORIGIN },
      "^/dev(/|$)": { target: API_ORIGIN },
    },
  },
}));
