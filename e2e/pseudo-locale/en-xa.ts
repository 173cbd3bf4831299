// The pseudo-language en-XA for the pseudo-locale specs (pseudo-locale-*.spec.ts; decision 046):
// made from the English locale files, served as Khmer's chunk, and the checks that find text left
// in English on a page, with the routes of web/app/routes.ts to walk and a signed-in walk.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { accent } from "../../contracts/pseudo-language";
import routes from "../../web/app/routes";
import { nextTotpCode } from "../support";

export const DAY = 86_400_000;
export const iso = (ms: number) => new Date(ms).toISOString();

// ---- en-XA ----------------------------------------------------------------------------------

/** {{placeholders}} and <tags> stay as they are: the translator fills and parses them. */
export const KEEP = /(\{\{[^{}]*\}\}|<\/?[a-zA-Z][\w-]*\s*\/?>)/;
export const pseudo = (text: string) => text.split(KEEP).map((part, i) => (i % 2 ? part : accent(part))).join("");
export function pseudoTree(tree: unknown): unknown {
  if (typeof tree === "string") return pseudo(tree);
  if (Array.isArray(tree)) return tree.map(pseudoTree);
  if (tree && typeof tree === "object") return Object.fromEntries(Object.entries(tree).map(([key, value]) => [key, pseudoTree(value)]));
  return tree;
}

export const ENGLISH_DIR = path.resolve("web/app/locales/en");
export const ENGLISH: Record<string, Record<string, unknown>> = Object.fromEntries(
  readdirSync(ENGLISH_DIR)
    .filter((file) => file.endsWith(".json"))
    .map((file) => [file.replace(/\.json$/, ""), JSON.parse(readFileSync(path.join(ENGLISH_DIR, file), "utf8"))]),
);
/** The chunk of every namespace in en-XA, as lib/i18n.ts imports a language's chunk. */
export const PSEUDO_CHUNK = `export default ${JSON.stringify(pseudoTree(ENGLISH))};`;

/** An en-XA text by "ns:dotted.key", with its values filled in: to find what a page shows. */
export function xa(key: string, values: Record<string, string | number> = {}): string {
  const [ns, dotted] = key.split(":") as [string, string];
  let node: unknown = ENGLISH[ns];
  for (const part of dotted.split(".")) node = (node as Record<string, unknown>)?.[part];
  if (typeof node !== "string") throw new Error(`no English text ${key}`);
  return pseudo(node).replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? ""));
}

/** The app in en-XA: the Khmer chunk's request is answered with en-XA, and Khmer is the choice. */
export async function usePseudoLanguage(page: Page) {
  await page.route(/\/assets\/locale-km-[\w-]+\.js$/, (route) =>
    route.fulfill({ status: 200, contentType: "text/javascript; charset=utf-8", body: PSEUDO_CHUNK }),
  );
  await page.addInitScript(() => localStorage.setItem("lang", "km"));
}

// ---- What is left in English ----------------------------------------------------------------

/** Names and codes every language writes as they are (any case), and
 * the "k" of the revenue chart's axis ("$1.2k"): a number's notation, like "$", not a word. */
export const KEPT = new Set(["keyshop", "payway", "aba", "khqr", "otp", "gmail", "api", "usd", "pdf", "visa", "mastercard", "facebook", "google", "unionpay", "jcb", "wechat", "alipay", "utc", "id", "k"]);

/** The Latin words the Khmer copy itself writes (names it keeps, a term glossed in brackets): fine on a Khmer page. */
export const KHMER_DIR = path.resolve("web/app/locales/km");
export const KHMER_LATIN = new Set(
  readdirSync(KHMER_DIR)
    .filter((file) => file.endsWith(".json"))
    .flatMap((file) => readFileSync(path.join(KHMER_DIR, file), "utf8").match(/[A-Za-z]+/g) ?? [])
    .map((word) => word.toLowerCase()),
);

/** Every text a reader meets on the page: visible text (screen-reader text too), labels, placeholders, titles, alt texts, the title. */
export function pageTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const docLang = document.documentElement.lang;
    // Text marked as being in another language on purpose (a language's own name, the donation page's bilingual thanks).
    const otherLanguage = (el: Element) => {
      const marked = el.closest("[lang]");
      return marked !== null && marked !== document.documentElement && marked.getAttribute("lang") !== docLang;
    };
    // Data, not copy: the signed-in user's initials (from their e-mail address), codes set in
    // monospace (keys, API keys, ids; shown in groups, a text node each), and what people wrote
    // (names, an admin's reasons), which the page marks translate="no" as HTML means it.
    const data = (el: Element) => el.closest('[data-slot="avatar-fallback"], code, kbd, samp, .font-mono, [translate="no"]') !== null;
    const shown = (el: Element) => el.checkVisibility() && !otherLanguage(el) && !data(el);
    const out = [document.title];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest("script, style, noscript, template") || !shown(parent)) continue;
      const text = node.textContent?.trim();
      if (text) out.push(text);
    }
    for (const el of document.body.querySelectorAll("[aria-label], [placeholder], [title], [alt], [aria-valuetext], [aria-roledescription]")) {
      if (!shown(el)) continue;
      // What assistive technology never reads (inside aria-hidden, e.g. the chart library's own legend labels) is not copy.
      const unread = el.closest("[aria-hidden='true']") !== null;
      for (const name of unread ? ["placeholder", "title", "alt"] : ["aria-label", "placeholder", "title", "alt", "aria-valuetext", "aria-roledescription"]) {
        const value = el.getAttribute(name)?.trim();
        if (value) out.push(value);
      }
    }
    return out;
  });
}

/** Each text with a plain ASCII word that is not a kept name (less e-mails, links, keys and ids), with its words. */
export async function untranslated(page: Page, kept: ReadonlySet<string> = KEPT): Promise<string[]> {
  const found = new Set<string>();
  for (const text of await pageTexts(page)) {
    const words = (
      text
        .replace(/\S+@\S+\.\w+/g, " ") // e-mail addresses
        .replace(/@[\w.-]+\.\w+/g, " ") // an address's domain, shown apart
        .replace(/\bABA Pay\b/g, " ") // ABA's own name for its app
        .replace(/\bhttps?:\/\/\S+/g, " ") // links
        .replace(/\b[\w.-]+\.(com|net|org|app|dev|kh)\b/g, " ") // host names
        .replace(/^[A-Z0-9]*-[A-Z0-9-]*…?$/, " ") // a key, or one group of it (keys wrap between groups)
        .replace(/\b[A-Z0-9]+(?:-[A-Z0-9]+)+\b/g, " ") // keys
        .replace(/\b(?=[A-Z]*\d)[A-Z0-9]{3,}\b/g, " ") // codes (capitals with a digit)
        .replace(/\b[A-Za-z0-9]+(?:[-_.][A-Za-z0-9]+)+\b/g, (m) => (/\d/.test(m) ? " " : m)) // ids, tokens (with a digit)
        .replace(/\b(?=[A-Za-z]*\d)[A-Za-z0-9]{8,}\b/g, " ") // transaction ids, hashes
        .replace(/\balt\+[A-Z]\b/g, " ") // a keyboard shortcut, as the keys are labelled
        .replace(/\b[a-z]+(?:\.[a-z_]+)+\b/g, " ") // identifiers shown as they are sent (webhook event types: order.paid)
        .match(/[A-Za-z]+/g) ?? []
    ).filter((word) => !kept.has(word.toLowerCase()));
    if (words.length) found.add(`${[...new Set(words)].join(" ")}  ⟵  ${text.length > 120 ? `${text.slice(0, 117)}…` : text}`);
  }
  return [...found];
}

/** This test's findings by place, listed after it (the walk goes on past each). */
const report = new Map<string, string[]>();
/** Lists each test's findings by place after it (call once per spec file: the walk goes on past each). */
export function useUntranslatedReport() {
  test.beforeEach(() => report.clear());
  test.afterEach(() => {
    if (report.size === 0) return;
    const lines = [...report].flatMap(([where, found]) => [`${where}:`, ...found.map((f) => `  ${f}`)]);
    console.log(`\nUntranslated text in en-XA (${report.size} places):\n${lines.join("\n")}\n`);
  });
}

/** Checks the page as it is now; the walk goes on either way, and every finding is listed at the end. */
export async function check(page: Page, where: string, kept?: ReadonlySet<string>) {
  await settle(page);
  const found = await untranslated(page, kept);
  if (found.length) report.set(where, found);
  expect.soft(found, `untranslated text on ${where}`).toEqual([]);
}

/** Waits for the page's data (its requests) to settle, and its skeletons to go. */
export async function settle(page: Page) {
  // (Not "networkidle": the dashboard keeps its account-events stream open.)
  await page.waitForTimeout(300);
  await expect(page.locator('[data-slot="skeleton"]')).toHaveCount(0, { timeout: 5_000 }).catch(() => undefined);
}

/** The app, once in en-XA: <html lang> is the chosen language and the copy is en-XA's. */
export async function expectPseudo(page: Page) {
  await expect(page.locator("html")).toHaveAttribute("lang", "km");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
}

/** A client-side navigation, as a link in the app makes (the prerendered pages are served as static HTML to a full load). */
export async function navigate(page: Page, to: string) {
  await page.evaluate((href) => (window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }).__reactRouterDataRouter.navigate(href), to);
  await expect.poll(() => page.evaluate(() => location.pathname + location.search)).toBe(to);
}

export function toast(page: Page) {
  return page.locator("[data-sonner-toast]");
}

// ---- Every route ----------------------------------------------------------------------------

/** Every path of web/app/routes.ts, as written there ("renew/:token", "*"). */
export function routePaths(entries: RouteConfigEntry[], prefix = ""): string[] {
  return entries.flatMap((entry) => {
    const own = entry.index ? prefix || "/" : entry.path !== undefined ? `${prefix}/${entry.path}` : undefined;
    return [...(own ? [own] : []), ...routePaths(entry.children ?? [], own && own !== "/" ? own : prefix)];
  });
}
export const ROUTES = routePaths(routes);
export const DASHBOARD = ROUTES.filter((route) => !["/", "/faq", "/privacy-policy", "/terms-of-service", "/donation-success", "/subscription_tool", "/subscription_tool_v2", "/renew/:token", "/auth", "/*"].includes(route));

export const PUBLIC = ROUTES.filter((route) => !DASHBOARD.includes(route));

/** Every dashboard route, its parameters filled in: a customer's e-mail, a discount code's id (else one nobody has). */
export const dashboardPath = (route: string, customerEmail: string, discountId = "00000000-0000-4000-8000-000000000000") =>
  route.replace(":email", encodeURIComponent(customerEmail)).replace(":id", discountId);

/** Signs in on /auth in en-XA (the second factor too, for an admin): the forms are walked as well. */
export async function signInPseudo(page: Page, user: { email: string; totpSecret?: string }, where: string) {
  await page.goto("/auth");
  await expectPseudo(page);
  const dialog = page.getByRole("dialog", { name: xa("auth:dialog.title") });
  await dialog.getByLabel(xa("auth:fields.email")).fill(user.email);
  await dialog.getByLabel(xa("auth:fields.password"), { exact: true }).fill("correct horse battery 9");
  await dialog.getByRole("button", { name: xa("auth:signIn.submit"), exact: true }).click();
  if (user.totpSecret) {
    const field = page.getByLabel(xa("auth:secondFactor.appLabel"));
    await expect(field).toBeVisible();
    await check(page, `/auth (second factor, ${where})`);
    await field.fill(await nextTotpCode(user.totpSecret));
    await page.getByRole("button", { name: xa("auth:secondFactor.verify"), exact: true }).click();
  }
  await expect(page).not.toHaveURL(/\/auth/);
  await expectPseudo(page);
}

/** Each dashboard route by a full load, as a bookmark opens it. */
export async function walkDashboard(page: Page, who: "customer" | "admin", customerEmail: string, discountId?: string) {
  const visited = new Set<string>();
  for (const route of ["/dashboard", ...DASHBOARD.filter((r) => r !== "/dashboard")]) {
    const to = dashboardPath(route, customerEmail, discountId);
    await page.goto(to);
    await expectPseudo(page);
    await expect(page.locator("h1").first()).toBeVisible();
    await check(page, `${to} (${who})`);
    visited.add(route);
  }
  expect([...visited].sort(), "the dashboard's routes in web/app/routes.ts").toEqual([...DASHBOARD].sort());
}
