#!/usr/bin/env node
// Screenshots of discount codes (issue #33 item 2), to look at (desktop and 375 px, English and
// Khmer): the Discount codes page, its New code dialog, a code's page, and the code applied in
// the landing's payment dialog and refused on the subscription tool's.
//   node scripts/screenshots/discounts.mjs [outDir]
// Starts the built server (dist/) on a throw-away embedded database; needs `npm run build` first.
// With STUB false (the default now the server's discount routes are on main) the codes below are
// created through the seller's API and the pages show the server's answers (a fresh code's report
// has no orders yet); with STUB true the answers are stubbed in the browser, the pages the real ones.
import { PASSWORD, startShots, totp } from "./setup.mjs";

const STUB = false;
const shots = await startShots({ name: "discounts", portBase: 3700 });
const { browser, base: BASE, origin, testApi, shot } = shots;

const iso = (days) => new Date(Date.now() + days * 86_400_000).toISOString();
const code = (over) => ({
  id: "d1", code: "NEWYEAR-2027", kind: "percent", value: 20, planIds: [], markets: [], startsAt: iso(-3), endsAt: iso(20),
  maxUses: 200, maxUsesPerCustomer: 1, firstPurchaseOnly: false, note: "Khmer New Year", active: true, usesPaid: 37, usesHeld: 2,
  createdAt: iso(-4), updatedAt: iso(-4), ...over,
});
const DISCOUNTS = [
  code(),
  code({ id: "d2", code: "SOKHA-YT", kind: "fixed", value: 5_000, planIds: ["local-3m", "local-12m"], markets: ["local"], startsAt: null, endsAt: null, maxUses: null, maxUsesPerCustomer: null, firstPurchaseOnly: true, note: "Sokha's YouTube", usesPaid: 12, usesHeld: 0 }),
  code({ id: "d3", code: "PCHUMBEN", value: 15, startsAt: iso(-60), endsAt: iso(-40), active: false, usesPaid: 88, usesHeld: 0 }),
];
const order = (n, status, amount, discount) => ({
  tranId: `KS${String(20261127000 + n)}`, email: `customer${n}@example.com`, planTitle: "3 Months", planMonths: 3, status,
  amountMills: amount, discountMills: discount, refundedMills: status === "refunded" ? amount : 0, createdAt: iso(-n), paidAt: status === "pending" ? null : iso(-n),
});
const REPORT = {
  discount: DISCOUNTS[0], revenueMills: 887_630, discountedMills: 221_900, refundedMills: 23_990, refundedOrders: 1,
  orders: [order(1, "paid", 23_990, 6_000), order(2, "pending", 23_990, 6_000), order(3, "refunded", 23_990, 6_000), order(4, "paid", 7_990, 2_000)],
};

async function stub(context) {
  if (!STUB) return;
  const json = (route, body, status = 200) => route.fulfill({ status, contentType: "application/json", body: JSON.stringify(body) });
  await context.route("**/api/admin/discounts", (route) => json(route, { discounts: DISCOUNTS }));
  await context.route("**/api/admin/discounts/*", (route) => json(route, REPORT));
  await context.route("**/api/discounts/quote", (route) => {
    const body = route.request().postDataJSON();
    if (body.code === "OLDCODE") return json(route, { code: "DISCOUNT_EXPIRED", message: "This discount code has expired." }, 422);
    return json(route, { code: body.code, planId: body.planId, priceMills: 29_990, discountMills: 6_000, amountMills: 23_990 });
  });
}

// ---- A super-admin and a customer ---------------------------------------------------------------
const setup = await browser.newContext({ baseURL: BASE });
const stamp = Date.now().toString(36);
// The dashboard speaks the account's language: one super-admin per language.
const adminSessions = {};
for (const language of ["en", "km"]) {
  const context = await browser.newContext({ baseURL: BASE });
  const adminEmail = `shots-admin-${language}-${stamp}@example.com`;
  const admin = await testApi(context.request, "users", { email: adminEmail, password: PASSWORD, role: "admin", superAdmin: true, language });
  await context.request.post("/api/auth/sign-in/email", { headers: origin, data: { email: adminEmail, password: PASSWORD } });
  const verified = await context.request.post("/api/auth/two-factor/verify-totp", { headers: origin, data: { code: totp(admin.totpSecret) } });
  if (!verified.ok()) throw new Error(`second factor: ${verified.status()}`);
  adminSessions[language] = await context.storageState();
  await context.close();
}
// The real server: the codes made through the seller's API (PCHUMBEN then switched off); d1 is NEWYEAR-2027's id.
let codePage = "/discounts/d1";
if (!STUB) {
  const seller = await browser.newContext({ baseURL: BASE, storageState: adminSessions.en });
  for (const d of DISCOUNTS) {
    const { code: name, kind, value, planIds, markets, startsAt, endsAt, maxUses, maxUsesPerCustomer, firstPurchaseOnly, note } = d;
    const res = await seller.request.post("/api/admin/discounts", { headers: origin, data: { code: name, kind, value, planIds, markets, startsAt, endsAt, maxUses, maxUsesPerCustomer, firstPurchaseOnly, note } });
    if (!res.ok()) throw new Error(`create ${name}: ${res.status()} ${await res.text()}`);
    const made = await res.json();
    if (d.id === "d1") codePage = `/discounts/${made.id}`;
    if (!d.active) {
      const off = await seller.request.patch(`/api/admin/discounts/${made.id}`, { headers: origin, data: { active: false } });
      if (!off.ok()) throw new Error(`switch off ${name}: ${off.status()}`);
    }
  }
  await seller.close();
}
const buyerEmail = `shots-buyer-${stamp}@example.com`;
await testApi(setup.request, "users", { email: buyerEmail, password: PASSWORD });

for (const lang of ["en", "km"]) {
  for (const width of [1280, 375]) {
    const mobile = width < 768;
    const tag = `${lang}-${width}`;
    const t = (en, km) => (lang === "km" ? km : en);
    const open = async (session) => {
      const context = await browser.newContext({ viewport: { width, height: mobile ? 812 : 900 }, baseURL: BASE, isMobile: mobile, hasTouch: mobile, storageState: session });
      await context.route((url) => url.hostname !== "localhost" && url.hostname !== "127.0.0.1", (route) => route.abort());
      await context.addInitScript((l) => localStorage.setItem("lang", l), lang);
      if (lang === "km") await context.addCookies([{ name: "ks_lang", value: "km", url: BASE }]);
      await stub(context);
      return context;
    };

    // The admin's pages.
    const context = await open(adminSessions[lang]);
    const page = await context.newPage();
    await page.goto("/discounts");
    await page.getByText("NEWYEAR-2027").first().waitFor();
    await shot(page, `list-${tag}`, { fullPage: true });
    await page.getByRole("button", { name: t("New code", "កូដថ្មី") }).click();
    await page.getByRole("dialog").getByText(t("3 Months · Local", "3 ខែ · ក្នុងប្រទេស"), { exact: false }).first().waitFor();
    await shot(page, `new-code-${tag}`);
    await page.keyboard.press("Escape");
    await page.goto(codePage);
    await page.getByTestId("report-revenue").waitFor();
    await shot(page, `code-page-${tag}`, { fullPage: true });
    await context.close();

    // The landing's payment dialog, signed in, with a code applied.
    const buyer = await open(undefined);
    await buyer.request.post("/api/auth/sign-in/email", { headers: origin, data: { email: buyerEmail, password: PASSWORD } });
    const landing = await buyer.newPage();
    await landing.goto("/");
    await landing.locator("header[data-hydrated=true]").first().waitFor().catch(() => {});
    await landing.locator("#pricing").getByRole("button", { name: t("Get Started", "ចាប់ផ្ដើម") }).nth(1).click();
    const pay = landing.getByRole("dialog");
    await pay.getByRole("button", { name: t("Have a discount code?", "មានកូដបញ្ចុះតម្លៃទេ?") }).click();
    await pay.getByRole("textbox", { name: t("Discount code", "កូដបញ្ចុះតម្លៃ") }).fill("newyear-2027");
    await pay.getByRole("button", { name: t("Apply", "ប្រើកូដ") }).click();
    await pay.getByTestId("checkout-discount").waitFor();
    await shot(landing, `landing-applied-${tag}`);

    // The subscription tool's dialog, with a refused code.
    const tool = await buyer.newPage();
    await tool.goto("/subscription_tool");
    await tool.getByRole("radio").nth(1).click({ force: true });
    await tool.locator("input[type=email]").first().fill("dara@example.com");
    await tool.locator("form button[type=submit]").first().click();
    const dialog = tool.getByRole("dialog");
    await dialog.waitFor({ timeout: 10_000 });
    await dialog.getByRole("button", { name: t("Have a discount code?", "មានកូដបញ្ចុះតម្លៃទេ?") }).click();
    await dialog.getByRole("textbox", { name: t("Discount code", "កូដបញ្ចុះតម្លៃ") }).fill("OLDCODE");
    await dialog.getByRole("button", { name: t("Apply", "ប្រើកូដ") }).click();
    await dialog.getByRole("alert").first().waitFor();
    await shot(tool, `tool-refused-${tag}`);
    await buyer.close();
  }
}

await shots.close();
