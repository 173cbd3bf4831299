// The customer's page in Chromium (issue #16): an admin finds a customer by device key from the
// header's search, opens their page, suspends the licence with a reason and extends it by 30
// days; the customer page, Manage Balances and User Management fit a 375 px screen.
import { expect, test, type Page } from "@playwright/test";

import { createUser, PASSWORD, seedBalance, seedLicense, seedOrders, signInTo, toast, uniqueEmail, SHOP_TIME_ZONE } from "./support";

const DAY = 86_400_000;

/** No horizontal scrolling: the page is no wider than the window. */
async function expectNoSideScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth, `page is ${scrollWidth}px wide in a ${innerWidth}px window`).toBeLessThanOrEqual(innerWidth);
}

// Dates are shown on the shop's day (Asia/Phnom_Penh), whatever the browser's zone.
const shortDate = (date: Date) => date.toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: SHOP_TIME_ZONE });

test("an admin finds a customer by device key, opens the page, suspends the licence and extends it by 30 days", async ({ page, request }) => {
  const admin = await createUser(request, { email: uniqueEmail("admin-cs"), role: "admin" });
  const customer = uniqueEmail("customer");
  await createUser(request, { email: customer });
  const deviceKey = `PC-LDREEL-E2E-${Date.now().toString(36).toUpperCase()}`;
  const expiry = new Date(Date.now() + 10 * DAY);
  const license = await seedLicense(request, { email: customer, planId: "local-3m", name: "Office PC", deviceKey, startDate: new Date(Date.now() - DAY).toISOString(), expireDate: expiry.toISOString() });
  await seedOrders(request, [{ email: customer, kind: "plan", planId: "local-3m" }]);

  // Another buyer whose e-mail shares a part with the customer's (no account: the subscription tool).
  const tag = customer.split("@")[0]!;
  await seedLicense(request, { email: `${tag}-tool@example.net`, planId: "local-1m" });

  await signInTo(page, admin, "/overview");
  // The header's search: a combobox in a search landmark, its results a listbox the arrows move in.
  const search = page.getByRole("search").getByRole("combobox", { name: "Find a customer" });
  await search.fill("c");
  await expect(page.getByRole("search").getByRole("status")).toHaveText("Type at least 2 characters.");
  await search.fill(tag);
  const options = page.getByRole("listbox", { name: "Customers found" }).getByRole("option");
  await expect(options).toHaveCount(2);
  await expect(options.nth(0)).toHaveAttribute("aria-selected", "true");
  await search.press("ArrowDown");
  await expect(options.nth(1)).toHaveAttribute("aria-selected", "true");
  await expect(search).toHaveAttribute("aria-activedescendant", (await options.nth(1).getAttribute("id"))!);
  await search.press("ArrowUp");
  await expect(options.nth(0)).toHaveAttribute("aria-selected", "true");
  await search.press("Escape");
  await expect(page.getByRole("listbox", { name: "Customers found" })).toBeHidden();
  await expect(search).toHaveAttribute("aria-expanded", "false");

  // A device key is looked up exactly; Enter opens the first customer found.
  await search.fill(deviceKey);
  const option = page.getByRole("listbox", { name: "Customers found" }).getByRole("option").first();
  await expect(option).toContainText(customer);
  await expect(option).toContainText("Device key");
  await search.press("Enter");

  await expect(page).toHaveURL(new RegExp(`/customers/${encodeURIComponent(customer).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
  await expect(page.getByRole("heading", { level: 1, name: customer })).toBeVisible();
  await expect(page.getByTestId("customer-account")).toContainText("user");
  const licenses = page.getByRole("region", { name: "Licences table" });
  const row = licenses.getByTestId("licence-row").filter({ hasText: "Office PC" });
  await expect(row).toContainText(license.buyKey);
  await expect(row).toContainText(deviceKey);
  await expect(row.getByText("Active", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Orders", exact: true })).toBeVisible();

  // Suspend, with a reason.
  await row.getByRole("button", { name: "Actions for Office PC" }).click();
  await page.getByRole("menuitem", { name: "Suspend…" }).click();
  let dialog = page.getByRole("dialog", { name: "Suspend licence" });
  await dialog.getByRole("button", { name: "Suspend" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Give a reason (3 characters at least).");
  await dialog.getByLabel("Reason").fill("Chargeback opened at the bank");
  await dialog.getByRole("button", { name: "Suspend" }).click();
  await expect(toast(page, "Licence suspended")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row.getByText("Suspended", { exact: true })).toBeVisible();
  // The desktop tool hears it at its next validate.
  const validated = await page.request.post("/api/v1/licenses/validate", { data: { protocol: 2, buyKey: license.buyKey, deviceKey, nonce: "e2e-customers-nonce-0001" } });
  expect(await validated.json()).toMatchObject({ valid: false, code: "SUSPENDED" });

  // Extend by 30 days: the expiry moves.
  await expect(row.getByTestId("licence-expiry")).toHaveText(shortDate(expiry));
  await row.getByRole("button", { name: "Actions for Office PC" }).click();
  await page.getByRole("menuitem", { name: "Extend…" }).click();
  dialog = page.getByRole("dialog", { name: "Extend licence" });
  await expect(dialog.getByLabel("Days to add")).toHaveValue("30");
  await dialog.getByLabel("Reason").fill("Goodwill for the outage");
  await dialog.getByRole("button", { name: "Extend" }).click();
  await expect(toast(page, "Licence extended")).toBeVisible();
  await expect(row.getByTestId("licence-expiry")).toHaveText(shortDate(new Date(expiry.getTime() + 30 * DAY)));
  // The time left, as the customer's License Keys shows it (issue #17).
  await expect(row.getByTestId("licence-term")).toContainText("40 days left");

  // The audit trail has both, with the reasons; the licence history notes the extension.
  const audit = page.getByRole("region", { name: "Audit trail table" });
  await expect(audit.getByRole("row").filter({ hasText: "Licence suspended" })).toContainText("Chargeback opened at the bank");
  await expect(audit.getByRole("row").filter({ hasText: "Extended by 30 days" })).toContainText(admin.email);
  await expect(page.getByRole("region", { name: "Licence history table" })).toContainText("Extended by 30 days by support");
});

test("at 375 px the customer page, Manage Balances and User Management have no horizontal scrolling", async ({ page, request }) => {
  const boss = await createUser(request, { email: uniqueEmail("super-375"), role: "admin", superAdmin: true });
  const customer = uniqueEmail("customer-375-with-a-rather-long-address");
  await createUser(request, { email: customer });
  await seedBalance(request, { email: customer, amountMills: 12_340 });
  await seedLicense(request, { email: customer, planId: "local-1m", deviceKey: `PC-LDREEL-375-${Date.now().toString(36).toUpperCase()}-ABCDEFGHIJKLMNOP`, startDate: new Date().toISOString(), expireDate: new Date(Date.now() + 30 * DAY).toISOString() });
  await seedOrders(request, [{ email: customer, kind: "plan", planId: "local-1m" }, { email: customer, kind: "topup", amountMills: 12_340 }]);

  await page.setViewportSize({ width: 375, height: 812 });
  await signInTo(page, boss, `/customers/${encodeURIComponent(customer)}`);
  await expect(page.getByRole("heading", { level: 1, name: customer })).toBeVisible();
  await expect(page.getByRole("list", { name: "Licences" }).getByTestId("licence-row")).toHaveCount(1);
  await expect(page.getByRole("list", { name: "Orders" }).getByRole("listitem")).toHaveCount(2);
  await expectNoSideScroll(page);
  // The actions are within reach: the menu opens, its dialog fits.
  await page.getByRole("list", { name: "Licences" }).getByRole("button", { name: /^Actions for / }).click();
  await page.getByRole("menuitem", { name: "Reset changes left…" }).click();
  await expect(page.getByRole("dialog", { name: "Reset changes left" })).toBeVisible();
  await expectNoSideScroll(page);
  await page.keyboard.press("Escape");

  await page.goto("/manage-balance");
  await expect(page.getByRole("heading", { level: 1, name: "Manage User Balances" })).toBeVisible();
  await page.getByRole("searchbox", { name: "Search users and API keys" }).fill(customer);
  const card = page.getByTestId("balance-row").filter({ hasText: customer });
  await expect(card.getByTestId("key-balance")).toHaveText("$12.34");
  const add = card.getByRole("button", { name: `Add to the balance of ${customer}` });
  await expect(add).toBeInViewport();
  await expect(card.getByRole("button", { name: `Subtract from the balance of ${customer}` })).toBeInViewport();
  await card.getByLabel(`Amount in dollars for ${customer}`).fill("1");
  await add.click();
  await page.getByRole("dialog", { name: "Add $1.00 to this balance?" }).getByRole("button", { name: "Add $1.00" }).click();
  await expect(toast(page, "Balance added successfully")).toBeVisible();
  await expect(card.getByTestId("key-balance")).toHaveText("$13.34");
  await expect(page.getByText("Showing 1 to 1 of 1 users")).toBeVisible();
  await expectNoSideScroll(page);

  await page.goto("/user-management");
  await expect(page.getByRole("heading", { level: 1, name: "User Management" })).toBeVisible();
  await expect(page.getByText("Manage user roles and permissions")).toBeVisible();
  await page.getByRole("searchbox", { name: "Search users" }).fill(customer);
  const role = page.getByTestId("user-row").filter({ hasText: customer }).getByRole("combobox", { name: `Role of ${customer}` });
  await expect(role).toBeInViewport();
  await expect(role).toHaveText("user");
  await expectNoSideScroll(page);
});

test("a super-admin finds a customer by device key, refunds their plan order from the page, and the licence row shows it revoked", async ({ page, request, browser }) => {
  const superAdmin = await createUser(request, { email: uniqueEmail("super-refund"), role: "admin", superAdmin: true });
  const customer = uniqueEmail("refunded");
  await createUser(request, { email: customer });

  // The customer pays a plan on the PayWay simulator (its page's Approve, through the API here) and
  // binds the licence to a device key from their dashboard.
  const buyer = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const origin = { origin: test.info().project.use.baseURL! };
  expect((await buyer.request.post("/api/auth/sign-in/email", { headers: origin, data: { email: customer, password: PASSWORD } })).ok()).toBe(true);
  const created = await buyer.request.post("/api/orders/checkout", { headers: origin, data: { kind: "plan", planId: "local-1m" } });
  expect(created.status()).toBe(201);
  const { order, checkout } = (await created.json()) as { order: { tranId: string }; checkout: { action: string; fields: Record<string, string> } };
  expect((await buyer.request.post(checkout.action, { form: checkout.fields })).ok()).toBe(true);
  expect((await buyer.request.post(`/payway-sim/__sim/transactions/${order.tranId}/approve`, { data: {} })).ok()).toBe(true);
  let licenseId = "";
  await expect
    .poll(async () => {
      const { licenses } = (await (await buyer.request.get("/api/licenses")).json()) as { licenses: Array<{ id: string }> };
      licenseId = licenses[0]?.id ?? "";
      return licenses.length;
    })
    .toBe(1);
  const deviceKey = `PC-LDREEL-RF-${Date.now().toString(36).toUpperCase()}`;
  expect((await buyer.request.post(`/api/licenses/${licenseId}/change-key`, { headers: origin, data: { deviceKey } })).ok()).toBe(true);

  await signInTo(page, superAdmin, "/overview");
  const search = page.getByRole("search").getByRole("combobox", { name: "Find a customer" });
  await search.fill(deviceKey);
  await expect(page.getByRole("listbox", { name: "Customers found" }).getByRole("option").first()).toContainText(customer);
  await search.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: customer })).toBeVisible();

  await page.getByRole("button", { name: `Refund 1 Month (${order.tranId})` }).click();
  const dialog = page.getByRole("dialog", { name: "Refund this payment?" });
  await dialog.getByLabel("Reason").fill("Bought the wrong plan");
  await dialog.getByRole("button", { name: /^Refund/ }).click();
  await expect(toast(page, "Refund made")).toBeVisible();

  const licenses = page.getByRole("region", { name: "Licences table" });
  await expect(licenses.getByTestId("licence-row").filter({ hasText: deviceKey }).getByText("Revoked", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: `Refund 1 Month (${order.tranId})` })).toHaveCount(0);
  // The customer's own License Keys say so too.
  const own = (await (await buyer.request.get("/api/licenses")).json()) as { licenses: Array<{ status: string }> };
  expect(own.licenses[0]!.status).toBe("Revoked");
  await buyer.close();
});
