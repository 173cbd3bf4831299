// Issue #27 item 1's proof for the web: the shop rendered in a pseudo-language, en-XA (English with
// every letter accented, contracts/pseudo-language.ts), shows no untranslated text on any route of
// web/app/routes.ts, signed out, as a customer and as a super-admin, with the main dialogs open.
//
// en-XA exists only here (decision 046). It is made at test time from the English locale files
// (placeholders, <tags> and plural suffixes kept) and reaches the app the way a language's copy
// does: as the chunk lib/i18n.ts fetches when a language is chosen. The browser asks for Khmer's
// (assets/locale-km-<hash>.js, vite.config.ts) and is answered with en-XA's; everything else is
// the product as built. Any plain ASCII word left on a page after that did not come from a locale
// file: some code wrote it itself.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";

import type { RouteConfigEntry } from "@react-router/dev/routes";
import { accent } from "../contracts/pseudo-language";
import routes from "../web/app/routes";
import { createUser, nextTotpCode, seedBalance, seedLicense, seedOrders, TEST_API_TOKEN, uniqueEmail } from "./support";

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

// ---- en-XA ----------------------------------------------------------------------------------

/** {{placeholders}} and <tags> stay as they are: the translator fills and parses them. */
const KEEP = /(\{\{[^{}]*\}\}|<\/?[a-zA-Z][\w-]*\s*\/?>)/;
const pseudo = (text: string) => text.split(KEEP).map((part, i) => (i % 2 ? part : accent(part))).join("");
function pseudoTree(tree: unknown): unknown {
  if (typeof tree === "string") return pseudo(tree);
  if (Array.isArray(tree)) return tree.map(pseudoTree);
  if (tree && typeof tree === "object") return Object.fromEntries(Object.entries(tree).map(([key, value]) => [key, pseudoTree(value)]));
  return tree;
}

const ENGLISH_DIR = path.resolve("web/app/locales/en");
const ENGLISH: Record<string, Record<string, unknown>> = Object.fromEntries(
  readdirSync(ENGLISH_DIR)
    .filter((file) => file.endsWith(".json"))
    .map((file) => [file.replace(/\.json$/, ""), JSON.parse(readFileSync(path.join(ENGLISH_DIR, file), "utf8"))]),
);
/** The chunk of every namespace in en-XA, as lib/i18n.ts imports a language's chunk. */
const PSEUDO_CHUNK = `export default ${JSON.stringify(pseudoTree(ENGLISH))};`;

/** An en-XA text by "ns:dotted.key", with its values filled in: to find what a page shows. */
function xa(key: string, values: Record<string, string | number> = {}): string {
  const [ns, dotted] = key.split(":") as [string, string];
  let node: unknown = ENGLISH[ns];
  for (const part of dotted.split(".")) node = (node as Record<string, unknown>)?.[part];
  if (typeof node !== "string") throw new Error(`no English text ${key}`);
  return pseudo(node).replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? ""));
}

/** The app in en-XA: the Khmer chunk's request is answered with en-XA, and Khmer is the choice. */
async function usePseudoLanguage(page: Page) {
  await page.route(/\/assets\/locale-km-[\w-]+\.js$/, (route) =>
    route.fulfill({ status: 200, contentType: "text/javascript; charset=utf-8", body: PSEUDO_CHUNK }),
  );
  await page.addInitScript(() => localStorage.setItem("lang", "km"));
}

// ---- What is left in English ----------------------------------------------------------------

/** Names and codes every language writes as they are (any case), and
 * the "k" of the revenue chart's axis ("$1.2k"): a number's notation, like "$", not a word. */
const KEPT = new Set(["keyshop", "payway", "aba", "khqr", "otp", "gmail", "api", "usd", "pdf", "visa", "mastercard", "facebook", "google", "unionpay", "jcb", "wechat", "alipay", "utc", "id", "k"]);

/** The Latin words the Khmer copy itself writes (names it keeps, a term glossed in brackets): fine on a Khmer page. */
const KHMER_DIR = path.resolve("web/app/locales/km");
const KHMER_LATIN = new Set(
  readdirSync(KHMER_DIR)
    .filter((file) => file.endsWith(".json"))
    .flatMap((file) => readFileSync(path.join(KHMER_DIR, file), "utf8").match(/[A-Za-z]+/g) ?? [])
    .map((word) => word.toLowerCase()),
);

/** Every text a reader meets on the page: visible text (screen-reader text too), labels, placeholders, titles, alt texts, the title. */
function pageTexts(page: Page): Promise<string[]> {
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
async function untranslated(page: Page, kept: ReadonlySet<string> = KEPT): Promise<string[]> {
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
test.beforeEach(() => report.clear());
test.afterEach(() => {
  if (report.size === 0) return;
  const lines = [...report].flatMap(([where, found]) => [`${where}:`, ...found.map((f) => `  ${f}`)]);
  console.log(`\nUntranslated text in en-XA (${report.size} places):\n${lines.join("\n")}\n`);
});

/** Checks the page as it is now; the walk goes on either way, and every finding is listed at the end. */
async function check(page: Page, where: string, kept?: ReadonlySet<string>) {
  await settle(page);
  const found = await untranslated(page, kept);
  if (found.length) report.set(where, found);
  expect.soft(found, `untranslated text on ${where}`).toEqual([]);
}

/** Waits for the page's data (its requests) to settle, and its skeletons to go. */
async function settle(page: Page) {
  // (Not "networkidle": the dashboard keeps its account-events stream open.)
  await page.waitForTimeout(300);
  await expect(page.locator('[data-slot="skeleton"]')).toHaveCount(0, { timeout: 5_000 }).catch(() => undefined);
}

/** The app, once in en-XA: <html lang> is the chosen language and the copy is en-XA's. */
async function expectPseudo(page: Page) {
  await expect(page.locator("html")).toHaveAttribute("lang", "km");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
}

/** A client-side navigation, as a link in the app makes (the prerendered pages are served as static HTML to a full load). */
async function navigate(page: Page, to: string) {
  await page.evaluate((href) => (window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }).__reactRouterDataRouter.navigate(href), to);
  await expect.poll(() => page.evaluate(() => location.pathname + location.search)).toBe(to);
}

function toast(page: Page) {
  return page.locator("[data-sonner-toast]");
}

// ---- Every route ----------------------------------------------------------------------------

/** Every path of web/app/routes.ts, as written there ("renew/:token", "*"). */
function routePaths(entries: RouteConfigEntry[], prefix = ""): string[] {
  return entries.flatMap((entry) => {
    const own = entry.index ? prefix || "/" : entry.path !== undefined ? `${prefix}/${entry.path}` : undefined;
    return [...(own ? [own] : []), ...routePaths(entry.children ?? [], own && own !== "/" ? own : prefix)];
  });
}
const ROUTES = routePaths(routes);
const DASHBOARD = ROUTES.filter((route) => !["/", "/faq", "/privacy-policy", "/terms-of-service", "/donation-success", "/subscription_tool", "/subscription_tool_v2", "/renew/:token", "/auth", "/*"].includes(route));

const PUBLIC = ROUTES.filter((route) => !DASHBOARD.includes(route));

// Long walks: each page waits for its data.
test.describe.configure({ timeout: 600_000 });
// An action that cannot happen fails in time, and the walk's report still says what it found before.
test.use({ actionTimeout: 20_000 });

test("signed out, every public page, /auth in each mode and the 404 page are all en-XA", async ({ page, request }) => {
  // A licence for the subscription tool, and a reminder e-mail's renew link (as e2e/renewals.spec.ts).
  const buyer = uniqueEmail("xa-visitor");
  await createUser(request, { email: buyer, language: "km" });
  const tag = Date.now().toString(36).toUpperCase();
  const deviceKey = `LDREEL-XA-${tag}`;
  await seedLicense(request, { email: buyer, planId: "local-1m", name: "ŠţûđîöÞÇ", deviceKey, startDate: iso(Date.now() - 27 * DAY), expireDate: iso(Date.now() + 3 * DAY) });
  const run = await request.post("/dev/test-api/workers/run", { headers: { "x-test-token": TEST_API_TOKEN }, data: { now: iso(Date.now()) } });
  expect(run.ok()).toBe(true);
  let renewPath = "";
  await expect
    .poll(async () => {
      const res = await request.get(`/dev/mailbox/messages.json?to=${encodeURIComponent(buyer)}`);
      const { messages } = (await res.json()) as { messages: Array<{ links: string[] }> };
      const link = messages.flatMap((m) => m.links).find((l) => l.includes("/renew/"));
      renewPath = link ? new URL(link).pathname : "";
      return renewPath;
    }, { timeout: 20_000 })
    .toMatch(/^\/renew\//);

  await usePseudoLanguage(page);

  // /auth, in each of its views (the app, client-rendered).
  const visited = new Set<string>();
  await page.goto("/auth");
  await expectPseudo(page);
  await expect(page.getByRole("dialog", { name: xa("auth:dialog.title") })).toBeVisible();
  await check(page, "/auth (sign in)");
  // Its validation messages too.
  await page.getByRole("dialog").getByRole("button", { name: xa("auth:signIn.submit"), exact: true }).click();
  await check(page, "/auth (sign in, empty form sent)");
  for (const view of ["sign_up", "forgotten_password", "magic_link", "verify_otp", "update_password"]) {
    await navigate(page, `/auth?view=${view}`);
    await check(page, `/auth?view=${view}`);
  }
  visited.add("/auth");

  // The public pages as the app renders them in the chosen language.
  for (const [route, to] of [
    ["/", "/"],
    ["/faq", "/faq"],
    ["/privacy-policy", "/privacy-policy"],
    ["/terms-of-service", "/terms-of-service"],
    ["/donation-success", "/donation-success?amount=5.00&donor=%E1%9E%9F%E1%9E%BB%E1%9E%81&req_time=20261127010203"],
    ["/subscription_tool", `/subscription_tool?license=${encodeURIComponent(deviceKey)}`],
    ["/subscription_tool_v2", "/subscription_tool_v2"],
    ["/renew/:token", renewPath],
    ["/*", "/no-such-page"],
  ] as const) {
    await navigate(page, to);
    await check(page, to);
    visited.add(route);
  }

  // The landing's plan: the sign-in it asks a visitor for.
  await navigate(page, "/");
  await page.locator("#pricing").getByRole("button").nth(1).click();
  await check(page, "/ (a plan chosen, signed out)");

  // The subscription tool's purchase dialog and the renew link's checkout.
  await page.goto(`/subscription_tool?license=${encodeURIComponent(deviceKey)}`);
  await expectPseudo(page);
  await check(page, "/subscription_tool (full load)");
  await page.locator('[data-plan="local-3m"]').click();
  await page.getByLabel(xa("subscription:email.label")).fill(buyer);
  await page.getByRole("button", { name: xa("subscription:purchase") }).click();
  await expect(page.getByRole("dialog", { name: xa("subscription:confirm.title") })).toBeVisible();
  await check(page, "/subscription_tool (purchase dialog)");
  await page.goto(renewPath);
  await expectPseudo(page);
  await expect(page.getByRole("dialog")).toBeVisible();
  await check(page, `${renewPath} (its checkout)`);
  await page.goto("/no-such-page");
  await expectPseudo(page);
  await check(page, "/no-such-page (full load)");
  expect([...visited].sort(), "the routes of web/app/routes.ts outside the dashboard").toEqual([...PUBLIC].sort());
});

test("the public pages as prerendered in Khmer (static, no app) have no English but what the Khmer copy writes", async ({ page }) => {
  // The prerender's pages in the chosen language: real Khmer, from the same components.
  await page.context().addCookies([{ name: "ks_lang", value: "km", url: "http://localhost" }]);
  await page.addInitScript(() => localStorage.setItem("lang", "km"));
  for (const to of ["/", "/faq", "/privacy-policy", "/terms-of-service", "/donation-success"]) {
    await page.goto(to);
    await expect(page.locator("html")).toHaveAttribute("lang", "km");
    await check(page, `${to} (prerendered, Khmer)`, new Set([...KEPT, ...KHMER_LATIN]));
  }
});

/** Every dashboard route, its parameters filled in. */
const dashboardPath = (route: string, customerEmail: string) => route.replace(":email", encodeURIComponent(customerEmail));

/** Signs in on /auth in en-XA (the second factor too, for an admin): the forms are walked as well. */
async function signInPseudo(page: Page, user: { email: string; totpSecret?: string }, where: string) {
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
async function walkDashboard(page: Page, who: "customer" | "admin", customerEmail: string) {
  const visited = new Set<string>();
  for (const route of ["/dashboard", ...DASHBOARD.filter((r) => r !== "/dashboard")]) {
    const to = dashboardPath(route, customerEmail);
    await page.goto(to);
    await expectPseudo(page);
    await expect(page.locator("h1").first()).toBeVisible();
    await check(page, `${to} (${who})`);
    visited.add(route);
  }
  expect([...visited].sort(), "the dashboard's routes in web/app/routes.ts").toEqual([...DASHBOARD].sort());
}

test("a customer: every dashboard route, the admin pages they are turned away from, and the main dialogs are all en-XA", async ({ page, request, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const email = uniqueEmail("xa-customer");
  await createUser(request, { email, language: "km" });
  const tag = Date.now().toString(36).toUpperCase();
  const name = "ĶéýšĥöþÞÇ";
  await seedLicense(request, { email, planId: "local-3m", name, deviceKey: `LDREEL-XA-${tag}`, startDate: iso(Date.now() - 50 * DAY), expireDate: iso(Date.now() + 40 * DAY), changesLeft: 3 });
  await seedLicense(request, { email, planId: "local-1m", name: "ŠþáŕéŠéáţ", deviceKey: null, startDate: null, expireDate: null });
  await seedOrders(request, [
    { email, kind: "plan", planId: "local-3m", status: "paid" },
    { email, kind: "topup", amountMills: 5_000, status: "paid" },
    { email, kind: "plan", planId: "local-1m", status: "pending" },
  ]);
  await seedBalance(request, { email, amountMills: 2_000 });

  await usePseudoLanguage(page);
  await signInPseudo(page, { email }, "customer");

  // OTP Gmail with a row: buy one address.
  await page.goto("/otp-gmail");
  await expectPseudo(page);
  await page.getByRole("button", { name: xa("otp:buy") }).click();
  await expect(page.getByRole("table").locator("tbody tr")).toHaveCount(1);
  await check(page, "/otp-gmail (an address bought, its toast)");
  await page.getByRole("button", { name: new RegExp(`^${xa("otp:messages.label", { address: "" }).trim()}`) }).first().click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await check(page, "/otp-gmail (messages dialog)");
  await page.keyboard.press("Escape");

  await walkDashboard(page, "customer", email);

  // License Keys: the row's menu, change key (and its own check), rename, renew (the buy dialog).
  await page.goto("/license-keys");
  await expectPseudo(page);
  await page.getByRole("button", { name: xa("licenses:actions.menuLabel", { name }) }).click();
  await check(page, "/license-keys (a licence's actions menu)");
  await page.getByRole("menuitem", { name: xa("licenses:actions.changeKey") }).click();
  const changeKey = page.getByRole("dialog", { name: xa("licenses:changeKey.title") });
  await changeKey.getByLabel(xa("licenses:changeKey.newKey")).fill("not-a-key");
  await changeKey.getByRole("button", { name: xa("licenses:changeKey.submit") }).click();
  await expect(changeKey.getByRole("alert")).toBeVisible();
  await check(page, "/license-keys (change key, a wrong key sent)");
  await page.keyboard.press("Escape");
  await expect(changeKey).toBeHidden();
  await page.getByRole("button", { name: xa("licenses:actions.menuLabel", { name }) }).click();
  await page.getByRole("menuitem", { name: xa("licenses:actions.rename") }).click();
  await expect(page.getByRole("dialog", { name: xa("licenses:rename.title") })).toBeVisible();
  await check(page, "/license-keys (rename)");
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: xa("licenses:actions.renewLabel", { name }) }).first().click();
  const renew = page.getByRole("dialog", { name: xa("licenses:actions.renewLabel", { name }) });
  await expect(renew).toBeVisible();
  await check(page, "/license-keys (renew: the buy dialog)");
  // Pay: PayWay's window (the simulator's, not ours), then the payment pop-up on the return.
  await renew.getByRole("button", { name: new RegExp(`^${xa("payments:checkout.payNoPrice")}`) }).click();
  const payway = page.frameLocator('iframe[name="aba_webservice"]');
  await payway.getByRole("button", { name: "Approve" }).click();
  await expect(page).toHaveURL(/\/license-keys(\?|$)/, { timeout: 20_000 });
  const popup = page.getByRole("dialog", { name: xa("payments:return.successTitle") });
  await expect(popup.getByTestId("payment-verified-status")).toBeVisible();
  await check(page, "/license-keys (the payment pop-up and its toast)");
  await popup.getByRole("button", { name: xa("payments:return.done") }).click();

  // The landing's plans, signed in: the buy dialog.
  await navigate(page, "/");
  await page.locator("#pricing").getByRole("button").nth(1).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await check(page, "/ (signed in, a plan's buy dialog)");
  await page.keyboard.press("Escape");

  // Transactions: the refund request.
  await page.goto("/transactions-history");
  await expectPseudo(page);
  await page.getByRole("button", { name: new RegExp(`^${xa("transactions:requestRefundLabel", { plan: "", id: "" }).split(" (")[0]!.trim()}`) }).first().click();
  const ask = page.getByRole("dialog", { name: xa("transactions:request.title") });
  await expect(ask).toBeVisible();
  await check(page, "/transactions-history (request a refund)");
  await page.keyboard.press("Escape");
  await page.getByTestId("date-range-trigger").click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await check(page, "/transactions-history (the calendar)");
  await page.keyboard.press("Escape");

  // Profile: edit name, show the API key and regenerate it, top up.
  await page.goto("/profile");
  await expectPseudo(page);
  await page.getByRole("button", { name: xa("profile:user.edit") }).click();
  await check(page, "/profile (editing the name)");
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: xa("profile:apiKey.regenerate") }).click();
  await expect(page.getByRole("dialog", { name: xa("profile:apiKey.regenerateTitle") })).toBeVisible();
  await check(page, "/profile (regenerate the API key?)");
  await page.keyboard.press("Escape");
  await page.getByLabel(xa("profile:topUp.amount")).fill("5");
  await page.getByRole("button", { name: xa("profile:topUp.submit") }).click();
  await expect(page.getByRole("dialog", { name: xa("profile:topUp.dialog.title") })).toBeVisible();
  await check(page, "/profile (top-up dialog)");
  await page.keyboard.press("Escape");

  // A payment coming back before PayWay confirms: the waiting dialog.
  const created = await page.request.post("/api/orders/checkout", { data: { kind: "plan", planId: "local-1m" } });
  expect(created.status()).toBe(201);
  const { order } = (await created.json()) as { order: { id: string } };
  await page.goto(`/dashboard?payment_status=pending&order=${order.id}`);
  await expectPseudo(page);
  await expect(page.getByRole("dialog")).toBeVisible();
  await check(page, "/dashboard?payment_status=pending (waiting for PayWay)");
  await page.goto(`/dashboard?payment_status=cancelled&order=${order.id}`);
  await expect(toast(page).first()).toBeVisible();
  await check(page, "/dashboard?payment_status=cancelled (its toast)");
});

test("a super-admin (with the second factor): every dashboard route and the console's dialogs are all en-XA", async ({ page, request }) => {
  const boss = await createUser(request, { email: uniqueEmail("xa-super"), role: "admin", superAdmin: true, language: "km" });
  const customer = uniqueEmail("xa-buyer");
  await createUser(request, { email: customer, language: "km" });
  const tag = Date.now().toString(36).toUpperCase();
  await seedLicense(request, { email: customer, planId: "local-3m", name: "ĶáşşáÞÇ", deviceKey: `LDREEL-XA-${tag}`, startDate: iso(Date.now() - DAY), expireDate: iso(Date.now() + 10 * DAY) });
  await seedOrders(request, [
    { email: customer, kind: "plan", planId: "local-3m", status: "paid" },
    { email: customer, kind: "topup", amountMills: 5_000, status: "paid" },
    { email: customer, kind: "plan", planId: "local-1m", status: "pending" },
  ]);
  await seedBalance(request, { email: customer, amountMills: 1_000 });
  await seedBalance(request, { email: boss.email, amountMills: 1_000 });

  await usePseudoLanguage(page);
  await signInPseudo(page, boss, "super-admin");
  // A Gmail address bought, so the OTP transactions have a row.
  await page.goto("/otp-gmail");
  await expectPseudo(page);
  await page.getByRole("button", { name: xa("otp:buy") }).click();
  await expect(page.getByRole("table").locator("tbody tr")).toHaveCount(1);

  await walkDashboard(page, "admin", customer);

  // Manage Balance: the add dialog.
  await page.goto("/manage-balance");
  await expectPseudo(page);
  await page.getByRole("searchbox").first().fill(customer);
  const row = page.getByTestId("balance-row").filter({ hasText: customer });
  await row.getByRole("spinbutton").fill("1");
  await row.getByRole("button").first().click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await check(page, "/manage-balance (adding to a balance)");
  await page.keyboard.press("Escape");

  // Transactions History: the refund dialog.
  await page.goto("/transactions-history");
  await expectPseudo(page);
  await page.getByRole("row").filter({ hasText: customer }).getByRole("button").first().click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await check(page, "/transactions-history (admin: a payment's refund)");
  await page.keyboard.press("Escape");
});
