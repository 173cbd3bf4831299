// Imports from the icon and Radix barrels rewritten to the modules behind them, in the client
// build (decision 084). `import { HouseIcon } from "lucide-react"` imports lucide's index of
// 2,000 icons; the bundler keeps only House, but the module graph the chunk groups read
// (web/chunk-groups.ts) says every module importing an icon imports all of them, so one public
// page's icon would make every icon "public" and no dashboard group could take one. Rewritten, an
// icon's importers are the modules that use it. The same for `radix-ui`, which re-exports each
// `@radix-ui/react-*` package.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

import type { Plugin } from "vite";

const require = createRequire(import.meta.url);

/** Each icon export of lucide-react's index (HouseIcon, House, LucideHouse…) → its module. */
function lucideIcons(): Map<string, string> {
  const index = require.resolve("lucide-react").replace(/cjs[\\/]lucide-react\.js$/, "esm/lucide-react.mjs");
  const dir = path.dirname(index);
  const icons = new Map<string, string>();
  for (const [, names, file] of readFileSync(index, "utf8").matchAll(/export \{([^}]*)\} from '(\.\/icons\/[\w-]+\.mjs)';/g)) {
    for (const [, name] of names.matchAll(/default as (\w+)/g)) icons.set(name, path.join(dir, file).replaceAll("\\", "/"));
  }
  return icons;
}

const kebab = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, "$1-$2").toLowerCase();
const IMPORT = /import\s*\{([^}]*)\}\s*from\s*"(lucide-react|radix-ui)";?/g;

type Specifier = { imported: string; local: string; type: boolean };
function specifiers(list: string): Specifier[] {
  return list
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => {
      const type = s.startsWith("type ");
      const [imported, local = imported] = s.replace(/^type\s+/, "").split(/\s+as\s+/);
      return { imported, local, type };
    });
}

export function barrelImports(): Plugin {
  let icons: Map<string, string> | undefined;
  return {
    name: "keyshop:barrel-imports",
    enforce: "pre",
    apply: (_config, env) => env.command === "build" && !env.isSsrBuild,
    transform(code, id) {
      if (!/\/web\/app\/.*\.tsx?$/.test(id.replaceAll("\\", "/")) || !/from\s*"(lucide-react|radix-ui)"/.test(code)) return null;
      icons ??= lucideIcons();
      const out = code.replace(IMPORT, (whole, list: string, from: string) => {
        const lines: string[] = [];
        const rest: string[] = [];
        const types: string[] = [];
        for (const s of specifiers(list)) {
          if (s.type) types.push(`${s.imported} as ${s.local}`);
          else if (from === "lucide-react" && icons!.has(s.imported)) lines.push(`import ${s.local} from ${JSON.stringify(icons!.get(s.imported))};`);
          else if (from === "radix-ui") lines.push(`import * as ${s.local} from "@radix-ui/react-${kebab(s.imported)}";`);
          else rest.push(s.imported === s.local ? s.imported : `${s.imported} as ${s.local}`);
        }
        if (rest.length) lines.push(`import { ${rest.join(", ")} } from "${from}";`);
        if (types.length) lines.push(`import type { ${types.join(", ")} } from "${from}";`);
        return lines.join(" ") || whole;
      });
      return out === code ? null : { code: out, map: null };
    },
  };
}
