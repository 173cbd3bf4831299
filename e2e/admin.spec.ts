// The admin console in Chromium: Overview (cards and chart), Gmail OTP transactions, a
// super-admin's role change and balance adjustments with paging, the audit log, and a plain user
// turned away from /overview.
import { expect, test, type APIRequestContext } from "@playwright/test";

import { createUser, seedBalance, signIn, signInTo, TEST_API_TOKEN, toast, uniqueEmail } from "./support";

async function seedOrders(request: APIRequestContext, orders: unknown[]) {
  const res = await request.post("/dev/test-api/orders", { headers: { "x-test-token": TEST_API_TOKEN }, data: { orders } });
  expect(res.ok(), await res.text()).toBe(true);
}

const DOLLARS = /^\$[\d,]+\.\d{2}$/;

test("an admin opens Overview: the cards, the revenue chart, the plan mix and recent transactions", async ({ page, request }) => {
  const admin = uniqueEmail("admin");
  const buyer = uniqueEmail("buyer");
  const adminUser = await createUser(request, { email: admin, role: "admin" });
  await createUser(request, { email: buyer });
  await seedOrders(request, [
    { email: buyer, kind: "plan", planId: "local-3m" },
    { email: buyer, kind: "topup", amountMills: 5_000 },
    { email: buyer, kind: "plan", planId: "local-1m", status: "pending" },
  ]);

  await signInTo(page, adminUser, "/overview");
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  for (const [testId, title] of [
    ["card-total-users", "Total Users"],
    ["card-active-users", "Active Users"],
    ["card-sales-today", "Sales Today"],
    ["card-monthly-sales", "Monthly Sales"],
    ["card-all-time", "All-Time Revenue"],
  ] as const) {
    const card = page.getByTestId(testId);
    await expect(card.getByRole("heading", { name: title })).toBeVisible();
    await expect(page.getByTestId(`${testId}-value`)).toBeVisible();
  }
  await expect(page.getByTestId("card-active-users")).toContainText("Users with valid licenses");
  await expect(page.getByTestId("card-all-time")).toContainText("Total Sales");
  await expect(page.getByTestId("card-sales-today-value")).toHaveText(DOLLARS);
  // Today's sales include the $29.99 plan and the $5.00 top-up just seeded.
  const today = Number((await page.getByTestId("card-sales-today-value").textContent())!.replace(/[$,]/g, ""));
  expect(today).toBeGreaterThanOrEqual(34.99);
  expect(Number((await page.getByTestId("card-total-users-value").textContent())!.replace(/,/g, ""))).toBeGreaterThanOrEqual(2);

  // The chart (recharts, loaded with the page) draws today's bars; its figures are also in a table for screen readers.
  const chart = page.getByTestId("revenue-chart");
  await expect(chart.locator(".recharts-bar-rectangle").first()).toBeVisible();
  await expect(chart.getByText("Plans")).toBeVisible();
  await expect(chart.getByText("Top-ups")).toBeVisible();
  await expect(page.getByRole("table", { name: "Revenue by day, last 30 days" })).toBeAttached();
  await expect(page.getByRole("list", { name: "Plan mix" })).toContainText("3 Months");

  const recent = page.getByRole("table", { name: /latest 40 orders/ });
  await expect(recent.getByRole("row").filter({ hasText: buyer })).toHaveCount(3);
  await expect(recent.getByRole("row").filter({ hasText: buyer }).filter({ hasText: "pending" })).toHaveCount(1);

  // The Gmail OTP transactions page: count badge, Total Spent, Total Revenue with 3 decimals.
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Transactions Gmail" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Gmail OTP Transactions" })).toBeVisible();
  await expect(page.getByTestId("otp-count-badge")).toHaveText(/^\d+ transactions?$/);
  await expect(page.getByTestId("otp-total-revenue")).toContainText(/\$\d+\.\d{3}/);
  await expect(page.getByTestId("otp-total-spent")).toContainText("$");
  await expect(page.getByRole("button", { name: "Today", exact: true })).toHaveAttribute("aria-pressed", "true");
});

test("a super-admin promotes a user, adds $10 and subtracts $3 on a key, pages the list and sees the audit log", async ({ page, request }) => {
  const boss = uniqueEmail("super");
  const customer = uniqueEmail("customer");
  const bossUser = await createUser(request, { email: boss, role: "admin", superAdmin: true });
  await createUser(request, { email: customer });
  await seedBalance(request, { email: customer, amountMills: 1_000 });

  // User Management: promote the customer.
  await signInTo(page, bossUser, "/user-management");
  await expect(page.getByRole("heading", { level: 1, name: "User Management" })).toBeVisible();
  await expect(page.getByText("Manage user roles and permissions")).toBeVisible();
  await expect(page.getByText("Admin Access")).toBeVisible();
  await page.getByRole("searchbox", { name: "Search users" }).fill(customer.toUpperCase());
  const userRow = page.getByTestId("user-row").filter({ hasText: customer });
  await expect(userRow).toHaveCount(1);
  await expect(page.getByTestId("user-row")).toHaveCount(1);
  const roleSelect = userRow.getByRole("combobox", { name: `Role of ${customer}` });
  await expect(roleSelect).toHaveText("user");
  await roleSelect.click();
  await page.getByRole("option", { name: "admin" }).click();
  await expect(toast(page, "User role has been updated successfully")).toBeVisible();
  await expect(roleSelect).toHaveText("admin");
  // Their own role is not theirs to remove.
  await page.getByRole("searchbox", { name: "Search users" }).fill(boss);
  await expect(page.getByRole("combobox", { name: `Role of ${boss}` })).toBeDisabled();

  // Manage Balances: $1.00 + $10 − $3 = $8.00.
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Manage Balance" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Manage User Balances" })).toBeVisible();
  await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible();
  await expect(page.getByText(/^Showing 1 to \d+ of \d+ users$/)).toBeVisible();

  await page.getByRole("searchbox", { name: "Search users and API keys" }).fill(customer);
  const row = page.getByTestId("balance-row").filter({ hasText: customer });
  await expect(page.getByTestId("balance-row")).toHaveCount(1);
  await expect(row.getByTestId("key-balance")).toHaveText("$1.00");
  await expect(page.getByText("Showing 1 to 1 of 1 users")).toBeVisible();
  await expect(page.getByText("Page 1 of 1")).toBeVisible();

  const amount = row.getByLabel(`Amount in dollars for ${customer}`);
  await expect(amount).toHaveAttribute("placeholder", "Enter amount");
  await amount.fill("10");
  await row.getByRole("button", { name: `Add to the balance of ${customer}` }).click();
  let dialog = page.getByRole("dialog", { name: "Add $10.00 to this balance?" });
  await expect(dialog).toContainText("$1.00 → $11.00");
  await dialog.getByLabel("Note (optional)").fill("e2e goodwill");
  await dialog.getByRole("button", { name: "Add $10.00" }).click();
  await expect(toast(page, "Balance added successfully")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row.getByTestId("key-balance")).toHaveText("$11.00");

  // Subtracting more than the balance is refused before anything is sent.
  await amount.fill("50");
  await row.getByRole("button", { name: `Subtract from the balance of ${customer}` }).click();
  await expect(toast(page, "Balance cannot be negative")).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  await amount.fill("3");
  await row.getByRole("button", { name: `Subtract from the balance of ${customer}` }).click();
  dialog = page.getByRole("dialog", { name: "Subtract $3.00 from this balance?" });
  await dialog.getByRole("button", { name: "Subtract $3.00" }).click();
  await expect(toast(page, "Balance subtracted successfully")).toBeVisible();
  await expect(row.getByTestId("key-balance")).toHaveText("$8.00");

  // The API key itself finds the user too; a search with no match says so.
  const keyText = (await row.locator(".font-mono").first().textContent())!;
  await page.getByRole("searchbox", { name: "Search users and API keys" }).fill(keyText.toLowerCase());
  await expect(page.getByTestId("balance-row").filter({ hasText: customer })).toHaveCount(1);
  await page.getByRole("searchbox", { name: "Search users and API keys" }).fill("no-such-user-anywhere");
  await expect(page.getByText("No users found")).toBeVisible();

  // Paging controls with everyone listed: page size 25, highest balance first.
  await page.getByRole("searchbox", { name: "Search users and API keys" }).fill("");
  await page.getByRole("combobox", { name: "Rows per page" }).click();
  await page.getByRole("option", { name: "25" }).click();
  await page.getByRole("combobox", { name: "Sort" }).click();
  await page.getByRole("option", { name: "Highest balance" }).click();
  await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Previous" })).toBeDisabled();

  // The audit log has the role change and both adjustments.
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Audit Log" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Audit Log" })).toBeVisible();
  const audit = page.getByRole("table", { name: /Audit log/ });
  const mine = audit.getByRole("row").filter({ hasText: customer });
  await expect(mine.filter({ hasText: "Role change" })).toContainText("admin");
  await expect(mine.filter({ hasText: "Balance added: $10.00" })).toContainText("e2e goodwill");
  await expect(mine.filter({ hasText: "Balance subtracted: $3.00" })).toContainText("$11.00");
});

test("a plain user opening /overview is told 'Access Denied' and lands on the dashboard", async ({ page, request }) => {
  const email = uniqueEmail("plain");
  await createUser(request, { email });
  await signIn(page, email);
  await expect(page).toHaveURL(/\/license-keys$/);
  await page.goto("/overview");
  await expect(toast(page, "Access Denied")).toBeVisible();
  await expect(toast(page, "You don't have permission to access this page")).toBeVisible();
  await expect(page).toHaveURL(/\/license-keys$/);
  await expect(page.getByRole("heading", { level: 1, name: "License Management" })).toBeVisible();
  expect((await page.request.get("/api/admin/overview")).status()).toBe(403);
});
