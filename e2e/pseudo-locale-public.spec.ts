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
//
// This file: signed out (every public page, /auth, the 404 page) and the prerendered Khmer pages.
// The en-XA machinery: e2e/pseudo-locale/en-xa.ts; the dashboard: pseudo-locale-dashboard.spec.ts.
import { expect, test } from "@playwright/test";
import { createUser, seedLicense, TEST_API_TOKEN, uniqueEmail } from "./support";
import { check, DAY, expectPseudo, iso, KEPT, KHMER_LATIN, navigate, PUBLIC, usePseudoLanguage, useUntranslatedReport, xa } from "./pseudo-locale/en-xa";

useUntranslatedReport();

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
