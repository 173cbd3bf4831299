#!/usr/bin/env node
// Screenshots of issue #16's customer page, to look at (1280 and 375 px, light and dark): the page
// with a customer who has a bit of everything, the header search open, an action dialog, and
// Manage Balances and User Management on a phone.
//   node scripts/screenshots/customer.mjs [outDir]
// Starts the built server (dist/) on a throw-away embedded database; needs `npm run build` first.
import { DAY, PASSWORD, startShots, totp, VIEWPORTS } from "./setup.mjs";


const shots = await startShots({ name: "customer", portBase: 3350, env: { TRUST_PROXY: "on" }, fullPage: true });
const { browser, base: BASE, post, shot } = shots;
const testApi = (p, body) => post(`/dev/test-api/${p}`, body, { "x-test-token": shots.testToken });

// ---- A customer with a bit of everything ----
const customer = `sokha.chan-${Date.now().toString(36)}@example.com`;
await testApi("users", { email: customer, password: PASSWORD, name: "Sokha Chan" });
await testApi("balance", { email: customer, amountMills: 25_000 });
const iso = (ms) => new Date(Date.now() + ms).toISOString();
const office = await testApi("licenses", { email: customer, planId: "local-3m", name: "Office PC", deviceKey: "PC-LDREEL-7F3A-91C2-OFFICE", startDate: iso(-20 * DAY), expireDate: iso(85 * DAY) });
const laptop = await testApi("licenses", { email: customer, planId: "local-1m", name: "Laptop", deviceKey: "PC-LDREEL-2B9D-44E0-LAPTOP", startDate: iso(-3 * DAY), expireDate: iso(27 * DAY) });
await testApi("licenses", { email: customer, planId: "local-12m", name: "" });
await testApi("licenses", { email: customer, planId: "local-1m", name: "Old desktop", deviceKey: "PC-LDREEL-0C11-OLD", startDate: iso(-60 * DAY), expireDate: iso(-30 * DAY), changesLeft: 0 });
await testApi("orders", {
  orders: [
    { email: customer, kind: "plan", planId: "local-3m", createdAt: iso(-20 * DAY) },
    { email: customer, kind: "topup", amountMills: 25_000, createdAt: iso(-10 * DAY) },
    { email: customer, kind: "plan", planId: "local-1m", createdAt: iso(-3 * DAY) },
    { email: customer, kind: "plan", planId: "local-12m", status: "failed", createdAt: iso(-1 * DAY) },
  ],
});
// The desktop tool from three addresses, and one other device trying the Office licence.
for (const [ip, deviceKey] of [["203.0.113.7", "PC-LDREEL-7F3A-91C2-OFFICE"], ["198.51.100.23", "PC-LDREEL-7F3A-91C2-OFFICE"], ["192.0.2.200", "PC-LDREEL-7F3A-91C2-OFFICE"], ["192.0.2.201", "PC-LDREEL-FFFF-STRANGER"]]) {
  await post("/api/v1/licenses/validate", { protocol: 2, buyKey: office.buyKey, deviceKey, nonce: `shots-${Math.random().toString(36).slice(2)}-0123456789` }, { "x-forwarded-for": ip });
}
await post("/api/v1/licenses/validate", { protocol: 2, buyKey: laptop.buyKey, deviceKey: "PC-LDREEL-2B9D-44E0-LAPTOP", nonce: `shots-laptop-0123456789abcdef` }, { "x-forwarded-for": "203.0.113.7" });


// The customer buys an OTP mail address with their balance (their own session).
{
  const context = await browser.newContext({ baseURL: BASE });
  await context.request.post("/api/auth/sign-in/email", { headers: { origin: BASE }, data: { email: customer, password: PASSWORD } });
  const res = await context.request.post("/api/otp-mail/orders", { headers: { origin: BASE } });
  if (!res.ok()) console.warn(`OTP order not bought: ${res.status()} ${await res.text()}`);
  await context.close();
}

async function signedInAdmin(context, tag) {
  const admin = await testApi("users", { email: `${tag}-${Date.now().toString(36)}@keyshop.example`, password: PASSWORD, role: "admin", superAdmin: true });
  await context.request.post("/api/auth/sign-in/email", { headers: { origin: BASE }, data: { email: admin.email, password: PASSWORD } });
  const verified = await context.request.post("/api/auth/two-factor/verify-totp", { headers: { origin: BASE }, data: { code: totp(admin.totpSecret) } });
  if (!verified.ok()) throw new Error(`second factor: ${verified.status()} ${await verified.text()}`);
  return admin;
}

// What admins did to them: audit rows with reasons, a history row, a suspended licence.
{
  const context = await browser.newContext({ baseURL: BASE });
  await signedInAdmin(context, "support");
  const act = async (id, body) => {
    const res = await context.request.post(`/api/admin/licenses/${id}/actions`, { headers: { origin: BASE }, data: body });
    if (!res.ok()) throw new Error(`action ${body.action}: ${res.status()} ${await res.text()}`);
  };
  await act(office.id, { action: "extend", days: 30, reason: "Goodwill for last week's outage" });
  await act(laptop.id, { action: "suspend", reason: "Chargeback opened at the bank; waiting for the customer's answer" });
  await context.close();
}
// Signals are written every 5 seconds.
await new Promise((r) => setTimeout(r, 6_000));



for (const [device, viewport] of Object.entries(VIEWPORTS)) {
  for (const scheme of ["light", "dark"]) {
    const tag = `${device}-${scheme}`;
    const context = await browser.newContext({ viewport, colorScheme: scheme, baseURL: BASE, isMobile: device === "phone", hasTouch: device === "phone" });
    const page = await context.newPage();
    await signedInAdmin(context, `shots-${tag}`);

    // The header's search, open on a device key.
    await page.goto("/overview");
    const search = page.getByRole("combobox", { name: "Find a customer" });
    await search.fill("PC-LDREEL-7F3A-91C2-OFFICE");
    await page.getByRole("option").first().waitFor();
    await shot(page, `${tag}-1-search`, { fullPage: false });
    await search.press("Enter");
    await page.getByRole("heading", { level: 1, name: customer }).waitFor();
    await page.getByText("Office PC").first().waitFor();
    await shot(page, `${tag}-2-customer`);

    // An action's dialog.
    await page.getByRole("button", { name: "Actions for Office PC" }).click();
    await shot(page, `${tag}-3-actions-menu`, { fullPage: false });
    await page.getByRole("menuitem", { name: "Extend…" }).click();
    await page.getByRole("dialog", { name: "Extend licence" }).getByLabel("Reason").fill("Customer asked in the support chat");
    await shot(page, `${tag}-4-extend-dialog`, { fullPage: false });
    await page.keyboard.press("Escape");

    if (device === "phone") {
      await page.goto("/manage-balance");
      await page.getByRole("searchbox", { name: "Search users and API keys" }).fill("sokha");
      await page.getByTestId("balance-row").first().waitFor();
      await shot(page, `${tag}-5-manage-balance`);
      await page.goto("/user-management");
      await page.getByTestId("user-row").first().waitFor();
      await shot(page, `${tag}-6-user-management`);
    }
    await context.close();
  }
}

await shots.close();
