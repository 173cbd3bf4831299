// What a signed-in customer's first load may carry (issue #28 item 5), checked on the source in
// `npm test` so a stray import fails here, not weeks later in `npm run bench -- dashboard`: the
// modules each customer page reaches by static imports (what the browser must load before the
// page runs; `import type` and `import()` are not loads) hold no admin console, no public page
// and, on pages without a form, no zod. One such import once put zod and its schemas (22.8 KB
// brotli) on /otp-gmail: a file of site names also held the API's zod schemas.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

import { DASHBOARD_PAGES } from "./lib/dashboard-pages";

const ROOT = path.resolve(__dirname, "../..");
const APP = path.join(ROOT, "web/app");

/**
 * Pages whose first screen holds forms (a form may bring zod): the rest may not. None since
 * decision 073: /profile's Edit Name form, two-factor and passkeys cards and top-up load later.
 */
const WITH_FORMS = new Set<string>();
/** Every page a customer may open, from the one table of dashboard pages. */
const CUSTOMER_PAGES = DASHBOARD_PAGES.filter((page) => page.page === "user").map(({ file }) => ({ file, forms: WITH_FORMS.has(file) }));
const SHARED = ["root.tsx", "routes/dashboard-layout.tsx", "entry.client.tsx"];
/** Code of actions no first screen shows: it comes with the action (a click, a scroll), not the page. */
const LATER: { what: string; test: (m: string) => boolean }[] = [
  { what: "better-auth's client", test: (m: string) => m === "node_modules/better-auth" || m === "web/app/lib/auth-client.ts" },
  { what: "the QR code", test: (m: string) => m === "node_modules/qrcode.react" },
  { what: "the passkeys card", test: (m: string) => m.startsWith("web/app/features/passkeys/") },
  { what: "the two-factor card", test: (m: string) => m === "web/app/features/profile/two-factor-card.tsx" },
  { what: "the top-up's checkout", test: (m: string) => m === "web/app/features/payments/checkout-dialog.tsx" },
  // /profile's Regenerate confirmation too: it loads when first pressed (issue #28 item 5).
  { what: "dialogs", test: (m: string) => m === "web/app/components/ui/dialog.tsx" || m === "node_modules/@radix-ui/react-dialog" || m === "web/app/components/confirm-dialog.tsx" },
];

const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'"]*?\sfrom\s+)?["']([^"']+)["']/gm;

function resolveModule(spec: string, from: string): string | undefined {
  if (spec.startsWith("~/")) spec = path.join(APP, spec.slice(2));
  else if (spec.startsWith(".")) spec = path.resolve(path.dirname(from), spec);
  else return `node_modules/${spec.startsWith("@") ? spec.split("/").slice(0, 2).join("/") : spec.split("/")[0]}`;
  for (const candidate of [spec, `${spec}.ts`, `${spec}.tsx`, path.join(spec, "index.ts"), path.join(spec, "index.tsx")]) {
    if (existsSync(candidate) && !candidate.endsWith("/") && /\.(tsx?|mjs|js)$/.test(candidate)) return candidate;
  }
  return undefined;
}

/** Every module a file reaches by static imports: files of ours by path, packages by name. */
function reachable(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = entries.map((entry) => path.join(APP, entry));
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (file.startsWith("node_modules/")) continue;
    const source = readFileSync(file, "utf8");
    for (const [, spec] of source.matchAll(STATIC_IMPORT)) {
      const resolved = resolveModule(spec!, file);
      if (resolved) queue.push(resolved);
    }
  }
  return new Set([...seen].map((file) => (file.startsWith("node_modules/") ? file : path.relative(ROOT, file))));
}

const FORBIDDEN = [
  { what: "the admin console", test: (m: string) => m.startsWith("web/app/features/admin/") || m.startsWith("web/app/routes/") && /(overview|manage-balance|user-management|audit-log|customer|webhooks)\.tsx$/.test(m) },
  { what: "the public pages", test: (m: string) => m.startsWith("web/app/features/landing/") || m.startsWith("web/app/components/public/") },
  { what: "charts", test: (m: string) => m === "node_modules/recharts" },
];

describe("a customer's first load", () => {
  it.each(CUSTOMER_PAGES)("$file reaches no admin, public-page or chart module", ({ file }) => {
    const modules = [...reachable([...SHARED, file])];
    for (const { what, test } of FORBIDDEN) expect(modules.filter(test), what).toEqual([]);
  });

  it.each(CUSTOMER_PAGES.filter((p) => !p.forms))("$file, a page without a form, loads no zod", ({ file }) => {
    const modules = reachable([...SHARED, file]);
    expect([...modules].filter((m) => m === "node_modules/zod" || m === "node_modules/react-hook-form")).toEqual([]);
  });

  it.each(CUSTOMER_PAGES)("$file loads no dialog, passkey, two-factor, QR code or checkout code", ({ file }) => {
    const modules = [...reachable([...SHARED, file])];
    for (const { what, test } of LATER) expect(modules.filter(test), what).toEqual([]);
  });

  it("follows imports far enough to see a page's own modules and its packages", () => {
    const modules = reachable(["routes/otp-gmail.tsx"]);
    expect(modules).toContain("web/app/features/otp-mail/otp-gmail-panel.tsx");
    expect(modules).toContain("contracts/otp-services.ts");
    expect(modules).toContain("node_modules/@tanstack/react-query");
    expect(modules).not.toContain("contracts/otp-service-schemas.ts");
    // And it would see zod: the API's schemas reach it.
    expect(reachable(["../../contracts/otp-service-schemas.ts"])).toContain("node_modules/zod");
  });
});
