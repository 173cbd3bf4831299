// Payments end to end: the real pages, the signed PayWay form, the built-in PayWay simulator's
// checkout page (in the plugin's aba_webservice frame), the callback and the verified return.
import { expect, test, type Locator, type Page } from "@playwright/test";

import { createUser, seedLicense, signIn, TEST_API_TOKEN, uniqueEmail, waitForEmail, SHOP_TIME_ZONE } from "./support";

const DAY = 86_400_000;
// Dates are shown on the shop's day (Asia/Phnom_Penh), whatever the browser's zone.
const shortDate = (ms: number) =>
  new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: SHOP_TIME_ZONE }).format(new Date(ms));

function toast(page: Page, text: string) {
  return page.locator("[data-sonner-toast]").filter({ hasText: text });
}

/** Collects every window message the page receives (PAYMENT_SUCCESS). */
async function recordMessages(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __messages: unknown[] };
    w.__messages = [];
    window.addEventListener("message", (event) => w.__messages.push(event.data));
  });
}

async function readLocal(page: Page) {
  return page.evaluate(() => ({
    last: JSON.parse(localStorage.getItem("lastTransaction") ?? "null") as Record<string, unknown> | null,
    list: JSON.parse(localStorage.getItem("transactions") ?? "[]") as Array<Record<string, unknown>>,
    messages: (window as unknown as { __messages?: unknown[] }).__messages ?? [],
  }));
}

/** Approves the payment on the simulator's checkout page, opened by the plugin in its frame. */
async function approveOnPayway(page: Page, amount: string) {
  const payway = page.frameLocator('iframe[name="aba_webservice"]');
  await expect(payway.getByTestId("sim-amount")).toHaveText(`${amount} USD`);
  await payway.getByRole("button", { name: "Approve" }).click();
}

async function signInAs(page: Page, email: string) {
  await signIn(page, email);
  await expect(page).toHaveURL(/\/license-keys$/);
}

function licenseRow(page: Page, buyKey: string): Locator {
  return page.getByRole("table", { name: /Your licenses/ }).getByRole("row").filter({ hasText: buyKey });
}

test("landing: a signed-in user buys the 3-month plan on PayWay and gets the licence and its e-mail", async ({ page, request }) => {
  const email = uniqueEmail("buyer");
  await createUser(request, { email });
  await recordMessages(page);
  await signInAs(page, email);

  await page.goto("/");
  await page.locator("#pricing").getByRole("button", { name: "Get Started" }).nth(1).click();
  const dialog = page.getByRole("dialog", { name: "3 Months — $29.99" });
  // The session's e-mail, read-only; Pay enabled once it is there.
  const emailField = dialog.getByLabel("Email");
  await expect(emailField).toHaveValue(email);
  await expect(emailField).toHaveAttribute("readonly", "");
  await expect(dialog.getByTestId("checkout-amount")).toContainText("$29.99");
  await dialog.getByRole("button", { name: "Pay $29.99" }).click();
  await expect(dialog).toBeHidden();

  await approveOnPayway(page, "29.99");

  // Back through the verified return URL and /dashboard.
  await expect(page).toHaveURL(/\/license-keys$/, { timeout: 20_000 });
  await expect(toast(page, "Payment Successful!")).toContainText("Your 3 Months subscription has been processed.");
  const popup = page.getByRole("dialog", { name: "Payment Successful!" });
  await expect(popup.getByTestId("paid-plan")).toHaveText("3 Months");
  await expect(popup.getByTestId("paid-amount")).toHaveText("$29.99");
  const verified = popup.getByTestId("payment-verified-status");
  await expect(verified).toContainText("Verified with PayWay: paid.");
  const buyKey = ((await verified.locator("code").textContent()) ?? "").trim();
  expect(buyKey).toMatch(/^KS-/);

  const local = await readLocal(page);
  expect(local.last).toMatchObject({ email, planTitle: "3 Months", planPrice: "$29.99", status: "success", source: "license_history" });
  expect(local.list).toHaveLength(1);
  expect(local.messages).toContainEqual(
    expect.objectContaining({ type: "PAYMENT_SUCCESS", planTitle: "3 Months", planPrice: "$29.99" }),
  );

  await popup.getByRole("button", { name: "Done" }).click();
  await expect(popup).toBeHidden();

  // The licence: New (no dates until first activation), the plan's 10 key changes.
  const row = licenseRow(page, buyKey);
  await expect(row).toContainText("3 Months plan");
  await expect(row).toContainText("New");
  await expect(row).toContainText("10");

  // The buy-key e-mail, in the dev mailbox.
  await waitForEmail(page, email, new RegExp(`3 Months licence: ${buyKey}`));
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
  await expect(page.getByRole("heading", { level: 2, name: `Your Keyshop 3 Months licence: ${buyKey}` })).toBeVisible();

  // Transactions History: today's paid order with its buy key, searched by the key in lower case.
  await page.goto("/transactions-history");
  await expect(page.getByRole("heading", { level: 1, name: "Transactions History" })).toBeVisible();
  await expect(page.getByTestId("transactions-count")).toHaveText("1 transaction");
  await expect(page.getByTestId("total-paid")).toHaveText("$29.99");
  await expect(page.getByTestId("date-range-trigger")).toContainText(shortDate(Date.now()));
  const table = page.getByRole("table");
  for (const column of ["Date", "Email", "Plan", "Amount", "Status", "Buy Key"]) {
    await expect(table.getByRole("columnheader", { name: column })).toBeVisible();
  }
  const paidRow = table.getByRole("row").filter({ hasText: buyKey });
  await expect(paidRow).toContainText(email);
  await expect(paidRow).toContainText("$29.99 USD");
  await expect(paidRow.getByText("Paid", { exact: true })).toHaveAttribute("data-tone", "paid");

  const search = page.getByRole("searchbox", { name: "Search" });
  await expect(search).toHaveAttribute("placeholder", "Search by email or buy key...");
  await search.fill(buyKey.toLowerCase());
  await expect(paidRow).toBeVisible();
  await search.fill("nobody-here");
  await expect(page.getByText("No transactions found")).toBeVisible();
  await expect(page.getByTestId("total-paid")).toHaveText("$0.00");
  await search.fill("");

  // A range before today has nothing; 'Clear dates' shows all.
  await page.getByTestId("date-range-trigger").click();
  const calendar = page.getByRole("dialog", { name: "Choose dates" });
  await expect(calendar.getByRole("grid")).toHaveCount(2);
  await page.keyboard.press("PageUp");
  await page.keyboard.press("Enter");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Enter");
  await expect(calendar).toBeHidden();
  await expect(page.getByText("No transactions found")).toBeVisible();
  await page.getByRole("button", { name: "Clear dates" }).click();
  await expect(page.getByTestId("date-range-trigger")).toHaveText("All dates");
  await expect(paidRow).toBeVisible();
  await expect(page.getByTestId("transactions-count")).toHaveText("1 transaction");
});

test("profile: a $5 top-up through PayWay shows the new balance", async ({ page, request }) => {
  const email = uniqueEmail("topup");
  await createUser(request, { email });
  await signInAs(page, email);
  await page.goto("/profile");
  await expect(page.getByTestId("profile-balance")).toHaveText("$0.00");

  const amount = page.getByLabel("Amount (USD)");
  const topUp = page.getByRole("button", { name: "Top Up Now" });
  await amount.fill("0.5");
  await expect(topUp).toBeDisabled();
  await amount.fill("20000");
  await topUp.click();
  await expect(toast(page, "Invalid amount")).toContainText("Please enter an amount of $10000 or less");

  await amount.fill("5");
  await topUp.click();
  const dialog = page.getByRole("dialog", { name: "Balance Top Up" });
  await expect(dialog.getByLabel("Email")).toHaveValue(email);
  await expect(dialog.getByTestId("checkout-item")).toHaveText("Balance Top Up");
  await expect(dialog.getByTestId("checkout-amount")).toContainText("$5.00");
  // The amount on the button, as the plan dialog says "Pay $9.99" (#29 item 8).
  const pay = dialog.getByRole("button", { name: "Pay $5.00", exact: true });

  // PayWay's script cannot be loaded: the spec's toast, the dialog stays for another try.
  await page.route("**/plugins/checkout2-0.js", (route) => route.abort());
  await pay.click();
  await expect(toast(page, "Error")).toContainText("Failed to load PayWay script. Please try again.");
  await expect(dialog).toBeVisible();
  await page.unroute("**/plugins/checkout2-0.js");
  // The order cannot be created: the submit-failure toast.
  await page.route("**/api/orders/checkout", (route) => route.fulfill({ status: 503, json: { code: "UNAVAILABLE", message: "Down" } }));
  await pay.click();
  await expect(toast(page, "Error")).toContainText("Failed to process PayWay payment. Please try again.");
  await page.unroute("**/api/orders/checkout");

  await pay.click();

  await approveOnPayway(page, "5.00");
  // Back where the top-up started (issue #14).
  await expect(page).toHaveURL(/\/profile$/, { timeout: 20_000 });
  await expect(toast(page, "Payment Successful!")).toContainText("Your balance top-up of $5.00 has been processed.");
  const popup = page.getByRole("dialog", { name: "Payment Successful!" });
  await expect(popup.getByTestId("paid-plan")).toHaveText("Balance Top Up");
  await expect(popup.getByTestId("payment-verified-status")).toContainText("Verified with PayWay: paid.");
  await expect(popup.getByTestId("payment-new-balance")).toHaveText("$5.00");
  await popup.getByRole("button", { name: "Done" }).click();
  await expect(page.getByTestId("profile-balance")).toHaveText("$5.00");
});

test("subscription tool: a purchase with ?license= extends that licence", async ({ page, request }) => {
  const email = uniqueEmail("tool");
  await createUser(request, { email });
  const deviceKey = `LDREEL-E2E-${Date.now()}`;
  const expiry = Date.now() + 10 * DAY;
  const seeded = await seedLicense(request, {
    email,
    planId: "local-1m",
    deviceKey,
    startDate: new Date(Date.now() - 20 * DAY).toISOString(),
    expireDate: new Date(expiry).toISOString(),
  });

  // No account needed: the tool opens the page with its device key.
  await page.goto(`/subscription_tool?license=${encodeURIComponent(deviceKey)}`);
  await expect(page.getByRole("heading", { level: 1, name: "Extend your license" })).toBeVisible();
  await expect(page.getByTestId("device-key")).toHaveText(deviceKey);
  const plans = page.getByRole("radio");
  await expect(plans).toHaveCount(3);
  await expect(page.locator('[data-plan="local-1m"]')).toContainText("$9.99");
  await expect(page.locator('[data-plan="local-3m"]')).toContainText("$29.99");
  await expect(page.locator('[data-plan="local-3m"]')).toContainText("+15 Days Free");
  await expect(page.locator('[data-plan="local-12m"]')).toContainText("$119.99");
  await expect(page.locator('[data-plan="local-12m"]')).toContainText("+30 Days Free");

  const emailInput = page.getByLabel("Email address");
  await expect(emailInput).toHaveAttribute("placeholder", /Enter your email.*បញ្ចូលអ៊ីមែល/);
  const purchase = page.getByRole("button", { name: "Purchase" });
  await expect(purchase).toBeDisabled();

  // The spec's alerts: a plan first, then a valid address.
  await emailInput.press("Enter");
  await expect(page.getByRole("alert")).toHaveText("Please select a plan first");
  await page.locator('[data-plan="local-1m"]').click();
  await page.locator('[data-plan="local-3m"]').click();
  await expect(page.getByRole("radio", { name: "3 Months $29.99" })).toBeChecked();
  await expect(page.getByRole("radio", { name: "1 Month $9.99" })).not.toBeChecked();
  await emailInput.fill("not an email");
  await emailInput.press("Enter");
  await expect(page.getByRole("alert")).toHaveText("Please enter a valid email address");
  await expect(purchase).toBeDisabled();
  await emailInput.fill(email);
  await expect(purchase).toBeEnabled();
  await expect(page.getByRole("alert")).toHaveCount(0);
  await purchase.click();

  const confirm = page.getByRole("dialog", { name: "Confirm your purchase" });
  await expect(confirm.getByLabel("Email")).toHaveValue(email);
  await expect(confirm).toContainText("Extends the license of this device by 105 days.");
  await confirm.getByRole("button", { name: "Pay $29.99" }).click();

  await approveOnPayway(page, "29.99");
  await expect(page).toHaveURL(/\/subscription_tool$/, { timeout: 20_000 });
  await expect(toast(page, "Payment Successful!")).toContainText("Your 3 Months subscription has been processed.");
  const popup = page.getByRole("dialog", { name: "Payment Successful!" });
  await expect(popup.getByTestId("paid-amount")).toHaveText("$29.99");
  await popup.getByRole("button", { name: "Done" }).click();

  // The licence bound to the device key now ends 90 + 15 days later; its owner sees it.
  await waitForEmail(page, email, /licence was extended by 105 days/);
  await signInAs(page, email);
  const row = licenseRow(page, seeded.buyKey);
  await expect(row).toContainText(shortDate(expiry + 105 * DAY));
  await expect(row).toContainText("Active");
});

test("subscription tool v2: a buyer without an account returns with the app link, message and local record", async ({ page }) => {
  const email = uniqueEmail("tool-v2");
  await recordMessages(page);
  await page.goto("/subscription_tool_v2");
  await page.locator('[data-plan="local-1m"]').click();
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Purchase" }).click();
  const confirm = page.getByRole("dialog", { name: "Confirm your purchase" });
  await expect(confirm).toContainText("A new license key for 30 days is e-mailed to you.");
  await confirm.getByRole("button", { name: "Pay $9.99" }).click();

  await approveOnPayway(page, "9.99");
  // v2 returns to /license-history; without a session the result is shown on the v2 page.
  await expect(page).toHaveURL(/\/subscription_tool_v2$/, { timeout: 20_000 });
  const popup = page.getByRole("dialog", { name: "Payment Successful!" });
  await expect(popup.getByTestId("paid-plan")).toHaveText("1 Month");
  await expect(popup.getByRole("link", { name: "Open in the app" })).toHaveAttribute(
    "href",
    "payment-success://payment?title=1+Month&price=%249.99",
  );
  // The app is offered the payment by itself, once it is verified (the link stays as a fallback).
  await expect(page.locator("iframe[data-app-link]")).toHaveAttribute("src", "payment-success://payment?title=1+Month&price=%249.99");

  const local = await readLocal(page);
  expect(local.last).toMatchObject({ email, planTitle: "1 Month", planPrice: "$9.99", status: "success", source: "subscription_tool" });
  expect(String(local.last?.transactionId)).toMatch(/^KS/);
  expect(local.messages).toContainEqual(expect.objectContaining({ type: "PAYMENT_SUCCESS", planTitle: "1 Month", planPrice: "$9.99" }));

  await waitForEmail(page, email, /1 Month licence: KS-/);
});

test("a return before PayWay confirms waits for the verified status, then celebrates", async ({ page }) => {
  const email = uniqueEmail("pending");
  await createUser(page.request, { email });
  await signInAs(page, email);

  // An order whose PayWay transaction exists but is not paid yet (the browser came back early).
  const created = await page.request.post("/api/orders/checkout", { data: { kind: "plan", planId: "local-1m" } });
  expect(created.status()).toBe(201);
  const { order, checkout } = (await created.json()) as {
    order: { id: string; tranId: string };
    checkout: { action: string; fields: Record<string, string> };
  };
  expect((await page.request.post(checkout.action, { form: checkout.fields })).ok()).toBe(true);

  await page.goto(`/dashboard?payment_status=pending&order=${order.id}`);
  await expect(page).toHaveURL(/\/license-keys$/);
  const waiting = page.getByRole("dialog", { name: "Confirming your payment" });
  await expect(waiting).toContainText("1 Month");
  await expect(waiting).toContainText("$9.99");

  // PayWay approves; the callback settles the order and the dialog turns into the success popup.
  const approved = await page.request.post(`/payway-sim/__sim/transactions/${order.tranId}/approve`);
  expect(approved.ok()).toBe(true);
  const popup = page.getByRole("dialog", { name: "Payment Successful!" });
  await expect(popup.getByTestId("paid-plan")).toHaveText("1 Month");
  await expect(popup.getByTestId("payment-verified-status")).toContainText("Verified with PayWay: paid.");
  await expect(toast(page, "Payment Successful!")).toContainText("Your 1 Month subscription has been processed.");
  await popup.getByRole("button", { name: "Done" }).click();
  await expect(page.getByRole("table", { name: /Your licenses/ })).toContainText("1 Month plan");

  // A cancelled payment only says so.
  await page.goto(`/dashboard?payment_status=cancelled&order=${order.id}`);
  await expect(toast(page, "Payment cancelled")).toContainText("Nothing was charged.");
  await expect(page).toHaveURL(/\/license-keys$/);
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("transactions history pages through 25 of today's payments, 20 at a time", async ({ page, request }) => {
  const email = uniqueEmail("pages");
  await createUser(request, { email });
  const orders = Array.from({ length: 25 }, () => ({ email, kind: "plan", planId: "local-1m", status: "paid" }));
  const seeded = await request.post("/dev/test-api/orders", { headers: { "x-test-token": TEST_API_TOKEN }, data: { orders } });
  expect(seeded.status()).toBe(200);
  await signInAs(page, email);

  await page.goto("/transactions-history");
  const pages = page.getByRole("navigation", { name: "Transactions pages" });
  await expect(pages.getByText("Showing 1 to 20 of 25")).toBeVisible();
  await expect(pages.getByText("Page 1 of 2")).toBeVisible();
  await expect(pages.getByRole("button", { name: "Previous" })).toBeDisabled();
  await pages.getByRole("button", { name: "Next" }).click();
  await expect(pages.getByText("Showing 21 to 25 of 25")).toBeVisible();
  await expect(pages.getByText("Page 2 of 2")).toBeVisible();
  await expect(pages.getByRole("button", { name: "Next" })).toBeDisabled();
  await pages.getByRole("button", { name: "Previous" }).click();
  await expect(pages.getByText("Page 1 of 2")).toBeVisible();
});
