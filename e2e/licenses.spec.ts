import { expect, test, type Locator, type Page } from "@playwright/test";
import { createUser, seedLicense, seedOrders, signIn, uniqueEmail, SHOP_TIME_ZONE } from "./support";

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();
// Dates are shown on the shop's day (Asia/Phnom_Penh), whatever the browser's zone.
const shortDate = (ms: number) =>
  new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: SHOP_TIME_ZONE }).format(new Date(ms));

function licenseRow(page: Page, buyKey: string): Locator {
  return page.getByRole("table", { name: /Your licenses/ }).getByRole("row").filter({ hasText: buyKey });
}

/** The cell under a column header of the License Keys table. */
const COLUMNS = ["Name", "License Key", "Buy Key", "Start Date", "Expiry Date", "Status", "Changes Left", "Actions"];
function cell(row: Locator, column: string) {
  return row.getByRole("cell").nth(COLUMNS.indexOf(column));
}

async function openRowMenu(row: Locator) {
  await row.getByRole("button", { name: /^Actions for/ }).click();
  return row.page().getByRole("menu");
}

test("a user searches, renames and re-keys licences, then sees the change in License History", async ({ page, request }) => {
  const email = uniqueEmail("licences");
  await createUser(request, { email });
  const now = Date.now();
  // One device key, one licence: keys of this run only (a retry seeds again).
  const tag = now.toString(36).toUpperCase();
  const oldKey = `LDREEL-OLD-1111-${tag}`;
  const newKey = `LDREEL-NEW-9999-${tag}`;
  const fresh = await seedLicense(request, { email, planId: "local-1m", name: "Spare seat", deviceKey: null, startDate: null, expireDate: null });
  const activeExpiry = now + 80 * DAY;
  const active = await seedLicense(request, {
    email,
    planId: "local-3m",
    name: "Office PC",
    deviceKey: oldKey,
    startDate: iso(now - 10 * DAY),
    expireDate: iso(activeExpiry),
    changesLeft: 2,
  });
  const expired = await seedLicense(request, {
    email,
    planId: "local-1m",
    name: "Old laptop",
    deviceKey: `LDREEL-EXP-2222-${tag}`,
    startDate: iso(now - 60 * DAY),
    expireDate: iso(now - 5 * DAY),
    changesLeft: 3,
  });
  const hidden = await seedLicense(request, {
    email,
    planId: "local-1m",
    name: "Retired",
    deviceKey: `expirekey_LDREEL-3333-${tag}`,
    startDate: iso(now - 60 * DAY),
    expireDate: iso(now + 30 * DAY),
  });

  await signIn(page, email);
  await expect(page).toHaveURL(/\/license-keys$/);
  await expect(page.getByRole("heading", { level: 1, name: "License Management" })).toBeVisible();

  const table = page.getByRole("table", { name: /Your licenses/ });
  const bodyRows = table.locator("tbody tr");
  await expect(bodyRows).toHaveCount(3);
  for (const header of COLUMNS) {
    await expect(table.getByRole("columnheader", { name: header })).toHaveCount(1);
  }

  // The expirekey_ licence is never listed.
  await expect(page.getByText(hidden.buyKey)).toHaveCount(0);
  await expect(page.getByText(/expirekey_/)).toHaveCount(0);

  // Statuses, N/A for a missing key, dates like 'Nov 22, 2026'.
  const freshRow = licenseRow(page, fresh.buyKey);
  const activeRow = licenseRow(page, active.buyKey);
  const expiredRow = licenseRow(page, expired.buyKey);
  await expect(cell(freshRow, "Status")).toHaveText("New");
  await expect(cell(freshRow, "License Key")).toHaveText("N/A");
  await expect(cell(activeRow, "Status")).toHaveText("Active");
  await expect(cell(activeRow, "Expiry Date").getByTestId("licence-expiry")).toHaveText(shortDate(activeExpiry));
  // Time left while it runs; a licence not yet activated shows its term instead (issue #17).
  await expect(cell(activeRow, "Expiry Date").getByTestId("licence-days-left")).toHaveText("80 days left");
  await expect(cell(freshRow, "Expiry Date").getByTestId("licence-term")).toHaveText("30 days from first activation");
  await expect(cell(activeRow, "Changes Left")).toHaveText("2");
  await expect(cell(expiredRow, "Status")).toHaveText("Expired");

  // Search by part of a buy key (case-insensitive) → one row.
  const search = page.getByRole("searchbox", { name: /Search licenses/ });
  await expect(search).toHaveAttribute("placeholder", "Search licenses...");
  await search.fill(active.buyKey.slice(3, 11).toLowerCase());
  await expect(bodyRows).toHaveCount(1);
  await expect(activeRow).toBeVisible();
  await search.fill("no-such-licence-anywhere");
  await expect(page.getByText("No licenses found")).toBeVisible();
  await search.fill("");
  await expect(bodyRows).toHaveCount(3);

  // Rename.
  await (await openRowMenu(freshRow)).getByRole("menuitem", { name: "Change Display Name" }).click();
  const renameDialog = page.getByRole("dialog", { name: "Change Display Name" });
  await expect(renameDialog.getByLabel("Display name")).toHaveValue("Spare seat");
  await renameDialog.getByLabel("Display name").fill("Studio PC");
  await renameDialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Display name has been updated successfully")).toBeVisible();
  await expect(renameDialog).toBeHidden();
  await expect(cell(freshRow, "Name")).toContainText("Studio PC");
  // Focus goes back to the row's menu button.
  await expect(freshRow.getByRole("button", { name: /^Actions for/ })).toBeFocused();

  // Change the key: empty, then a value without LDREEL, then a valid key.
  await (await openRowMenu(activeRow)).getByRole("menuitem", { name: "Change License Key" }).click();
  const keyDialog = page.getByRole("dialog", { name: "Change License Key" });
  await expect(keyDialog.getByLabel("Buy key")).toHaveValue(active.buyKey);
  const keyInput = keyDialog.getByLabel("New license key");
  const submit = keyDialog.getByRole("button", { name: "Update key" });

  await submit.click();
  await expect(keyDialog.getByRole("alert")).toHaveText("License key cannot be empty");

  await keyInput.fill("abc");
  await expect(keyDialog.getByText("* Please use the new key on the tool.")).toBeVisible();
  await submit.click();
  await expect(keyDialog.getByRole("alert")).toHaveText(
    "Invalid license key format. Please use the key provided by the tool.",
  );

  await keyInput.fill(newKey);
  await expect(keyDialog.getByText("* Please use the new key on the tool.")).toHaveCount(0);
  await submit.click();
  await expect(page.getByText("License key has been updated successfully")).toBeVisible();
  await expect(keyDialog).toBeHidden();
  await expect(cell(activeRow, "License Key")).toHaveText(newKey);
  await expect(cell(activeRow, "Changes Left")).toHaveText("1");

  // That device key is now taken: another licence cannot have it too, and the dialog says so.
  await (await openRowMenu(freshRow)).getByRole("menuitem", { name: "Change License Key" }).click();
  await keyDialog.getByLabel("New license key").fill(newKey);
  await keyDialog.getByRole("button", { name: "Update key" }).click();
  await expect(keyDialog.getByRole("alert")).toHaveText("This device key is already bound to another license. Move or release that license first.");
  await expect(keyDialog.getByLabel("New license key")).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(keyDialog).toBeHidden();
  await expect(cell(freshRow, "License Key")).toHaveText("N/A");

  // The expired licence offers no key change; the menu works from the keyboard.
  const expiredMenuButton = expiredRow.getByRole("button", { name: /^Actions for/ });
  await expiredMenuButton.focus();
  await page.keyboard.press("Enter");
  const menu = page.getByRole("menu");
  await expect(menu.getByRole("menuitem", { name: "Change Display Name" })).toBeVisible();
  await expect(menu.getByRole("menuitem", { name: "Change License Key" })).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(expiredMenuButton).toBeFocused();

  // License History shows the change.
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "License History" }).click();
  await expect(page).toHaveURL(/\/license-history$/);
  const history = page.getByRole("table", { name: /License key changes/ });
  const change = history.getByRole("row").filter({ hasText: active.buyKey });
  await expect(change).toHaveCount(1);
  await expect(change).toContainText(oldKey);
  await expect(change).toContainText(newKey);
  await expect(change).toContainText(email);

  const historySearch = page.getByRole("searchbox", { name: /Search license history/ });
  await expect(historySearch).toHaveAttribute("placeholder", "Search by email, changed by, key, or license...");
  await historySearch.fill("nothing-like-this");
  await expect(page.getByText("No results found for your search")).toBeVisible();
  await historySearch.fill("new-9999");
  await expect(change).toBeVisible();
});

test("a payment-success return is believed only for the customer's own paid order, with the server's figures", async ({ page, request }) => {
  const email = uniqueEmail("paid");
  const stranger = uniqueEmail("stranger");
  await createUser(request, { email });
  await createUser(request, { email: stranger });
  const [plan, topup] = await seedOrders(request, [
    { email, kind: "plan", planId: "local-3m", status: "paid" },
    { email, kind: "topup", amountMills: 10_000, status: "paid" },
  ]);
  const [theirs] = await seedOrders(request, [{ email: stranger, kind: "plan", planId: "local-12m", status: "paid" }]);
  await page.addInitScript(() => {
    const w = window as unknown as { __messages: unknown[] };
    w.__messages = [];
    window.addEventListener("message", (event) => w.__messages.push(event.data));
  });
  await signIn(page, email);
  await expect(page).toHaveURL(/\/license-keys$/);
  const toast = page.locator("[data-sonner-toast]");
  const popup = page.getByRole("dialog", { name: "Payment Successful!" });
  const stored = () =>
    page.evaluate(() => ({
      last: JSON.parse(localStorage.getItem("lastTransaction") ?? "null"),
      list: JSON.parse(localStorage.getItem("transactions") ?? "[]"),
      messages: (window as unknown as { __messages: unknown[] }).__messages,
    }));

  // Made up: no order at all, or another customer's. No success, nothing stored, and it says so.
  for (const address of [
    "/license-history?payment_success=true&plan_price=%2419.99&plan_title=Fake+Plan",
    `/license-keys?payment_success=true&plan_price=%24119.99&plan_title=12+Months&order=${theirs!.id}`,
  ]) {
    await page.goto(address);
    await expect(toast.filter({ hasText: "Payment not found" }).first()).toBeVisible();
    await expect(page).not.toHaveURL(/payment_success/);
    await expect(popup).toHaveCount(0);
    const nothing = await stored();
    expect(nothing.last).toBeNull();
    expect(nothing.messages).not.toContainEqual(expect.objectContaining({ type: "PAYMENT_SUCCESS" }));
  }

  // Their own paid order: celebrated with what the server says, whatever the address claims.
  await page.goto(`/license-keys?payment_success=true&plan_price=%2499.99&plan_title=Fake&order=${plan!.id}`);
  await expect(toast.filter({ hasText: "Payment Successful!" })).toContainText("Your 3 Months subscription has been processed.");
  await expect(popup.getByTestId("paid-amount")).toHaveText("$29.99");
  await expect(popup.getByTestId("paid-plan")).toHaveText("3 Months");
  await expect(page).toHaveURL(/\/license-keys$/);
  const after = await stored();
  expect(after.last).toMatchObject({ email, planTitle: "3 Months", planPrice: "$29.99", status: "success", source: "license_history", transactionId: plan!.tranId });
  expect(after.list).toHaveLength(1);
  expect(after.messages).toContainEqual(expect.objectContaining({ type: "PAYMENT_SUCCESS", planTitle: "3 Months", planPrice: "$29.99" }));
  await popup.getByRole("button", { name: "Done" }).click();

  // /license-history handles a top-up return too (their own).
  await page.goto(`/license-history?payment_success=true&topup=true&amount=10&order=${topup!.id}`);
  await expect(toast.filter({ hasText: "Payment Successful!" })).toContainText("Your balance top-up of $10.00 has been processed.");
  await expect(page).toHaveURL(/\/license-history$/);
});

