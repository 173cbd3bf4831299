// The files a lazily loaded module's import preloads (vite's `__vite__mapDeps` lists), without the
// ones its importer has loaded already (issue #28 item 5). Vite lists every file a dynamic import's
// chunk needs, so a dashboard page's chunk carried the names of the framework, the shell and the
// customer files it had itself imported (up to 2.6 KB of hashed names per file, on the first load).
// A file the importing chunk imports statically, directly or not, is loaded before that chunk
// runs: preloading it again does nothing. So each list keeps only the files not yet loaded. A
// customer file no public code imports (`customer-<pages>` without `-p…`, web/chunk-groups.ts) runs
// only under the dashboard layout: what the layout's route loads is loaded too. (A list that left
// out a file not yet loaded would cost that file a round trip later, never a failure: the import
// itself loads everything it needs.)
import type { Plugin } from "vite";

type Chunk = { type: "chunk"; name: string; imports: string[] };
type Bundle = Record<string, { type: string; name?: string; imports?: string[] }>;
/** A customer file only dashboard pages load (decision 084's keys without public routes). */
const DASHBOARD_ONLY = /^customer-[01]+$/;

export function preloadDeps() {
  let bundle: Bundle = {};
  const closures = new Map<string, Set<string>>();

  /** The files loaded before `host` runs: its static imports, theirs, and so on. */
  function loadedBefore(host: string): Set<string> {
    let seen = closures.get(host);
    if (seen) return seen;
    seen = new Set<string>();
    const todo = [...((bundle[host] as Chunk | undefined)?.imports ?? [])];
    if (DASHBOARD_ONLY.test(bundle[host]?.name ?? "")) {
      const layout = Object.entries(bundle).find(([, c]) => c.type === "chunk" && c.name === "dashboard-layout");
      if (layout) todo.push(layout[0]);
    }
    while (todo.length) {
      const file = todo.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      todo.push(...((bundle[file] as Chunk | undefined)?.imports ?? []));
    }
    closures.set(host, seen);
    return seen;
  }

  const plugin: Plugin = {
    name: "keyshop:preload-deps",
    apply: "build",
    // Runs before vite's import analysis (a post plugin), which asks resolveDependencies below.
    generateBundle(_options, output) {
      bundle = output as unknown as Bundle;
      closures.clear();
    },
  };

  function resolveDependencies(_file: string, deps: string[], { hostId }: { hostId: string }): string[] {
    const loaded = loadedBefore(hostId);
    return deps.filter((dep) => !loaded.has(dep));
  }

  return { plugin, resolveDependencies };
}
