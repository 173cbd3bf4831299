// The Catalogue page in Chromium (decision 074): a super-admin changes a plan's price and the
// shop's price list (GET /api/plans) sells at the new price at once; a plain admin has no menu
// entry and is turned away from the page and its API.
import { expect, test } from "@playwright/test";

import { createUser, signInTo, toast, uniqueEmail, useTestCatalogue } from "./support";

// The shop's own catalogue again after each test: other specs expect its prices.
test.afterEach(async ({ request }) => {
  await useTestCatalogue(request, []);
});

test("a super-admin changes a plan's price and the price list sells at the new price", async ({ page, request }) => {
  const boss = await createUser(request, { email: uniqueEmail("super"), role: "admin", superAdmin: true });
  await signInTo(page, boss, "/catalogue");
  await expect(page.getByRole("heading", { level: 1, name: "Catalogue" })).toBeVisible();

  const foreign = page.locator('section[data-market="foreign"]');
  await expect(foreign.getByRole("heading", { name: "Foreign price list" })).toBeVisible();
  const row = foreign.locator('tr[data-plan="foreign-12m"]');
  await expect(row.getByTestId("plan-title")).toHaveText("12 Months");

  await row.getByRole("button", { name: "Edit 12 Months" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Price in dollars").fill("0.50");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText("Enter a price from $1 to $10,000 in whole cents")).toBeVisible();
  await dialog.getByLabel("Price in dollars").fill("189.50");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Plan saved")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row.getByTestId("plan-price")).toHaveText("$189.50");
  // The landing preview follows the catalogue.
  await expect(page.getByTestId("preview-foreign").locator('[data-plan="foreign-12m"]')).toContainText("$189.50");

  const res = await page.request.get("/api/plans?market=foreign");
  expect(res.ok()).toBe(true);
  const { plans } = (await res.json()) as { plans: Array<{ id: string; priceMills: number }> };
  expect(plans.find((p) => p.id === "foreign-12m")?.priceMills).toBe(189_500);

  // Moving a plan keeps the full list, in its new order.
  await foreign.getByRole("button", { name: "Move 12 Months up" }).click();
  await expect(toast(page, "Order saved")).toBeVisible();
  await expect(foreign.getByTestId("plan-title")).toHaveText(["1 Month", "12 Months", "3 Months"]);
});

test("a plain admin sees no Catalogue entry and is turned away from the page", async ({ page, request }) => {
  const admin = await createUser(request, { email: uniqueEmail("admin"), role: "admin" });
  await signInTo(page, admin, "/overview");
  const nav = page.getByRole("navigation", { name: "Dashboard" });
  await expect(nav.getByRole("link", { name: "Overview" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Catalogue" })).toHaveCount(0);

  await page.goto("/catalogue");
  await expect(toast(page, "Access Denied")).toBeVisible();
  await expect(page).not.toHaveURL(/\/catalogue$/);
  expect((await page.request.get("/api/admin/catalogue")).status()).toBe(403);
});
