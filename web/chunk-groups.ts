// Client chunk groups (vite.config.ts; decisions 049, 084). Left to itself the bundler gives every
// module shared by a different set of routes its own file: a customer page loaded 58–71 files, most
// under 1 KB, and brotli packs the same bytes 12–15 KB worse than as one file. The groups:
// - framework: React and React Router;
// - shell: the client entry and the root route with everything they import (every page loads
//   them), and the few modules every page's first render needs (SHELL);
// - customer files: every other module a customer page's first load imports (the dashboard layout
//   and the page, with their static imports) goes in the file of its key. The key says which of
//   the five customer pages import it ("11111": all, "10000": /license-keys only) and, for a module
//   public code shares, which public routes import it ("11111-p…"). The default chunking splits by
//   every route and lazily loaded module, admin ones included; this ignores the admin pages (they
//   load the customer files they need, and some code they do not) and public lazy modules, so a
//   customer page loads 31–38 files. Each file holds only modules every customer page that loads it
//   imports, and a public route loads exactly what it did (two modules of one key are imported by
//   the same public routes), never a module only the dashboard imports.
import type { ChunkingContext, ModuleInfo, Plugin } from "rolldown";

const unix = (id: string) => id.replaceAll("\\", "/");

const SHELL = [
  /\/web\/app\/root\.tsx$/,
  /\/web\/app\/lib\/(i18n|session|toaster|theme|utils|deferred-hydration)\.tsx?$/,
  /\/web\/app\/components\/(logo|spinner|skip-link|theme-toggle|ui\/button)\.tsx$/,
  /\/contracts\/(site|languages)\.ts$/,
];
const FRAMEWORK = /\/node_modules\/(react|react-dom|react-router|scheduler)\//;

/** The customer pages, in the order of the keys' digits. */
export const CUSTOMER_PAGES = ["license-keys", "license-history", "transactions-history", "profile", "otp-gmail"] as const;
/** A route module as React Router's client build names it. */
const ROUTE = /\/web\/app\/routes\/([\w-]+)\.tsx\?__react-router-build-client-route$/;
/** The public entries (client entry, root, public routes) a key can name, and one more: "public". */
const MAX_PUBLIC = 64;

type Key = { name: string; pages: number; publicEntries: number };
type Graph = {
  /** Per module a customer page's first load imports: its file's key. */
  key: Map<string, Key>;
  /** What every page loads: the client entry and the root route with their static imports. */
  everyPage: Set<string>;
};

/** 32-bit FNV-1a in base 36: a short stable name for a set of public routes. */
function hash(text: string) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(36);
}

/**
 * The module graph, walked once from the first module asked about. Dashboard routes are the layout
 * and the pages under it; every other entry (the client entry, root, the public routes) is public,
 * and so is every module loaded lazily from code a public entry reaches.
 */
function analyse(first: string, ctx: ChunkingContext, dashboardRoutes: ReadonlySet<string>): Graph {
  const info = new Map<string, ModuleInfo>();
  const stack = [first];
  while (stack.length) {
    const id = stack.pop()!;
    if (info.has(id)) continue;
    const i = ctx.getModuleInfo(id);
    if (!i) continue;
    info.set(id, i);
    stack.push(...i.importers, ...i.dynamicImporters, ...i.importedIds, ...i.dynamicallyImportedIds);
  }
  const closure = (start: string, into = new Set<string>()) => {
    const todo = [start];
    while (todo.length) {
      const id = todo.pop()!;
      if (into.has(id)) continue;
      into.add(id);
      todo.push(...(info.get(id)?.importedIds ?? []));
    }
    return into;
  };
  const routeName = (id: string) => ROUTE.exec(unix(id))?.[1];
  const shortName = (id: string) => unix(id).replace(/^.*\/web\/app\//, "").replace(/\?.*$/, "");

  // Public entries and what each imports; then everything public code loads lazily.
  const publicEntries = new Map<string, Set<string>>();
  for (const [id, i] of info) if (i.isEntry && !dashboardRoutes.has(routeName(id) ?? "")) publicEntries.set(shortName(id), closure(id));
  if (publicEntries.size >= MAX_PUBLIC) throw new Error(`web/chunk-groups.ts: ${publicEntries.size} public entries; raise MAX_PUBLIC`);
  const publicCode = new Set<string>();
  const lazy: string[] = [];
  const add = (modules: Iterable<string>) => {
    for (const id of modules) {
      if (publicCode.has(id)) continue;
      publicCode.add(id);
      lazy.push(...(info.get(id)?.dynamicallyImportedIds ?? []));
    }
  };
  for (const modules of publicEntries.values()) add(modules);
  while (lazy.length) {
    const root = lazy.pop()!;
    if (!publicCode.has(root)) add(closure(root));
  }

  const layout = [...info.keys()].find((id) => routeName(id) === "dashboard-layout");
  if (!layout) throw new Error("web/chunk-groups.ts: no dashboard layout route");
  const layoutModules = closure(layout);
  const pages = new Map<string, number>();
  CUSTOMER_PAGES.forEach((page, bit) => {
    const route = [...info.keys()].find((id) => routeName(id) === page);
    if (!route) throw new Error(`web/chunk-groups.ts: no route module for the customer page ${page}`);
    for (const id of closure(route, new Set(layoutModules))) pages.set(id, (pages.get(id) ?? 0) | (1 << bit));
  });
  const key = new Map<string, Key>();
  for (const [id, set] of pages) {
    const digits = CUSTOMER_PAGES.map((_, bit) => ((set >> bit) & 1 ? "1" : "0")).join("");
    const importers = publicCode.has(id) ? ["public", ...[...publicEntries].filter(([, modules]) => modules.has(id)).map(([name]) => name).sort()] : [];
    key.set(id, {
      name: importers.length ? `${digits}-p${hash(importers.join(" "))}` : digits,
      pages: digits.replaceAll("0", "").length,
      publicEntries: importers.length,
    });
  }
  const everyPage = new Set<string>();
  for (const [id, i] of info) if (i.isEntry && !routeName(id)) closure(id, everyPage);
  return { key, everyPage };
}

export function chunkGroups(dashboardRoutes: ReadonlySet<string>) {
  let graph: Graph | undefined;
  const graphOf = (id: string, ctx: ChunkingContext) => (graph ??= analyse(id, ctx, dashboardRoutes));
  const groups = [
    { name: "framework", test: (id: string) => FRAMEWORK.test(unix(id)), priority: 2_000 },
    {
      name: (id: string, ctx: ChunkingContext) => (SHELL.some((re) => re.test(unix(id))) || graphOf(id, ctx).everyPage.has(id) ? "shell" : null),
      debugName: "shell",
      priority: 1_000,
    },
    // A group takes the modules a captured module imports along with it, unless a group of higher
    // priority took them first. A module's imports are imported by every page and public route
    // that imports it, so their key names as many pages and public routes or more: one group per
    // pair of counts, larger counts first, so every import is taken by its own key's group.
    ...CUSTOMER_PAGES.flatMap((_, p) =>
      Array.from({ length: MAX_PUBLIC + 1 }, (_, r) => {
        const pages = CUSTOMER_PAGES.length - p;
        const publicEntries = MAX_PUBLIC - r;
        return {
          name: (id: string, ctx: ChunkingContext) => {
            const key = graphOf(id, ctx).key.get(id);
            return key && key.pages === pages && key.publicEntries === publicEntries && !FRAMEWORK.test(unix(id)) ? `customer-${key.name}` : null;
          },
          debugName: `customer-${pages}-${publicEntries}`,
          priority: 1 + pages * (MAX_PUBLIC + 1) + publicEntries,
        };
      }),
    ),
  ];
  /** Fails the build if a customer file holds a module of another key (the groups' order broke). */
  const check: Plugin = {
    name: "keyshop:customer-chunks",
    // A graph per build (a watching build reads the graph again).
    buildStart() {
      graph = undefined;
    },
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        const name = chunk.type === "chunk" && /^customer-[01]{5}(-p[0-9a-z]+)?$/.test(chunk.name) ? chunk.name.slice("customer-".length) : undefined;
        if (!name || chunk.type !== "chunk") continue;
        const stray = chunk.moduleIds.filter((id) => graph?.key.get(id)?.name !== name);
        if (stray.length) this.error(`web/chunk-groups.ts: customer-${name} holds modules of other keys: ${stray.slice(0, 5).join(", ")}`);
      }
    },
  };
  return { groups, check };
}
