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
// This file: a customer and a super-admin on every dashboard route with the main dialogs open.
// The en-XA machinery: e2e/pseudo-locale/en-xa.ts; signed out: pseudo-locale-public.spec.ts.
import { expect, test } from "@playwright/test";
import { createUser, seedBalance, seedLicense, seedOrders, uniqueEmail } from "./support";
import { check, DAY, dashboardPath, expectPseudo, iso, navigate, signInPseudo, toast, usePseudoLanguage, useUntranslatedReport, walkDashboard, xa } from "./pseudo-locale/en-xa";

useUntranslatedReport();

// Long walks: each page waits for its data.
test.describe.configure({ timeout: 600_000 });
// An action that cannot happen fails in time, and the walk's report still says what it found before.
test.use({ actionTimeout: 20_000 });

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
  const changeKey = page.getByRole("dialog", { name: xa("licenseDialogs:changeKey.title") });
  await changeKey.getByLabel(xa("licenseDialogs:changeKey.newKey")).fill("not-a-key");
  await changeKey.getByRole("button", { name: xa("licenseDialogs:changeKey.submit") }).click();
  await expect(changeKey.getByRole("alert")).toBeVisible();
  await check(page, "/license-keys (change key, a wrong key sent)");
  await page.keyboard.press("Escape");
  await expect(changeKey).toBeHidden();
  await page.getByRole("button", { name: xa("licenses:actions.menuLabel", { name }) }).click();
  await page.getByRole("menuitem", { name: xa("licenses:actions.rename") }).click();
  await expect(page.getByRole("dialog", { name: xa("licenseDialogs:rename.title") })).toBeVisible();
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
  const ask = page.getByRole("dialog", { name: xa("refunds:request.title") });
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

  // A discount code of the seller's, so its page has a report to show (its code is data, left as written).
  const made = await page.request.post("/api/admin/discounts", { data: { code: `XA1${tag}`.slice(0, 20), kind: "percent", value: 10, note: "ŠéļļéŕÑöţé" } });
  expect(made.status(), await made.text()).toBe(201);
  const { id: discountId } = (await made.json()) as { id: string };

  await walkDashboard(page, "admin", customer, discountId);

  // A discount code's page at an address no code has: the reader's words, not the server's.
  await page.goto(dashboardPath("/discounts/:id", customer));
  await expectPseudo(page);
  await expect(page.getByText(xa("discounts:report.missingTitle"))).toBeVisible();
  await check(page, "/discounts/:id (no such code)");

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
