import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

const API_ORIGIN = "http://localhost:3000";

// Client chunks. Left to itself the bundler gives every small module shared by a different set of
// routes its own file (icons, helpers), and gzip packs many small files worse than a few larger
// ones, besides a request each. Two groups, each with everything it imports that an earlier group
// has not taken:
// - framework: React and React Router, needed by every page;
// - shell: root and what every page's first render needs (i18n, session, theme and its toggle,
//   toaster, button, logo, spinner, skip link), public and dashboard alike.
// Everything else keeps the default chunking, so a dashboard page loads none of the public pages'
// header, footer or landing code, and a public page none of the dashboard's (decision 049). (A
// "public" group of the public pages' shell would drag in, with its imports, icons the dashboard
// shares; rolldown cannot take only the listed modules while React Router fixes entry signatures.)
const unix = (id: string) => id.replaceAll("\\", "/");
const SHELL = [
  /\/web\/app\/root\.tsx$/,
  /\/web\/app\/lib\/(i18n|session|toaster|theme|utils|deferred-hydration)\.tsx?$/,
  /\/web\/app\/components\/(logo|spinner|skip-link|theme-toggle|ui\/button)\.tsx$/,
  /\/contracts\/(site|languages)\.ts$/,
];
const CHUNK_GROUPS = [
  {
    name: "framework",
    test: (id: string) => /\/node_modules\/(react|react-dom|react-router|scheduler)\//.test(unix(id)),
    priority: 3,
  },
  { name: "shell", test: (id: string) => SHELL.some((re) => re.test(unix(id))), priority: 2 },
];

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
  plugins: [tailwindcss(), reactRouter()],
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
        rolldownOptions: { output: { codeSplitting: { groups: CHUNK_GROUPS }, chunkFileNames } },
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
