// Issue #29 items 3 and 7, as a customer and the seller meet them: one amount is one figure on
// every screen (decision 053), OTP Gmail sells every site of the catalogue at its own price, and
// the refund window is the one setting every page states (decision 054).
import { expect, test, type Browser, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";

import { createUser, seedBalance, signIn, uniqueEmail } from "./support";

async function signInTo(page: Page, email: string, path: string, totpSecret?: string) {
  await signIn(page, email, undefined, { totpSecret });
  await expect(page).not.toHaveURL(/\/auth/);
  await page.goto(path);
}

async function adminPage(browser: Browser, user: { email: string; totpSecret?: string }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInTo(page, user.email, "/manage-balance", user.totpSecret);
  return page;
}

test("one amount, one figure: the customer and the seller read $4.955, then $7.455", async ({ page, request, browser }) => {
  test.setTimeout(180_000); // two people, two sign-ins (one with a second factor), on a loaded 2-core machine
  const customer = uniqueEmail("figure");
  const boss = await createUser(request, { email: uniqueEmail("figure-boss"), role: "admin", superAdmin: true });
  await createUser(request, { email: customer });
  await seedBalance(request, { email: customer, amountMills: 5_000 });

  // The customer buys one $0.045 address.
  await signInTo(page, customer, "/otp-gmail");
  await expect(page.getByTestId("balance-chip")).toHaveText("Balance: $5.00");
  await page.getByRole("button", { name: "Buy Gmail" }).click();
  await expect(page.getByTestId("balance-chip")).toHaveText("Balance: $4.955");
  await page.goto("/profile");
  await expect(page.getByTestId("profile-balance")).toHaveText("$4.955");

  // The seller's Manage Balances shows the same figure, and so does its confirmation.
  const admin = await adminPage(browser, boss);
  await admin.getByRole("searchbox", { name: "Search users and API keys" }).fill(customer);
  const row = admin.getByTestId("balance-row").filter({ hasText: customer });
  await expect(row.getByTestId("key-balance")).toHaveText("$4.955");
  await row.getByLabel(`Amount in dollars for ${customer}`).fill("2.50");
  await row.getByRole("button", { name: `Add to the balance of ${customer}` }).click();
  const dialog = admin.getByRole("dialog", { name: "Add $2.50 to this balance?" });
  await expect(dialog).toContainText("$4.955 → $7.455");
  await dialog.getByRole("button", { name: "Add $2.50" }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByTestId("key-balance")).toHaveText("$7.455", { timeout: 20_000 });

  await page.reload();
  await expect(page.getByTestId("profile-balance")).toHaveText("$7.455");
});

test("OTP Gmail sells every site of the catalogue, each price shown before buying", async ({ page, request }) => {
  const email = uniqueEmail("otp-sites");
  await createUser(request, { email });
  await seedBalance(request, { email, amountMills: 1_000 });
  await signInTo(page, email, "/otp-gmail");

  // The browser's own picker (a phone shows its own wheel): each site with its price, Facebook chosen.
  const site = page.getByRole("combobox", { name: "Site" });
  await expect(site).toHaveValue("facebook");
  await expect(site.locator("option:checked")).toHaveText("Facebook · $0.045");
  await expect(site.getByRole("option")).toHaveText(["Facebook · $0.045", "Instagram · $0.05", "TikTok · $0.04", "Google · $0.06", "Telegram · $0.035"]);
  await site.selectOption({ label: "Instagram · $0.05" });
  await expect(site.locator("option:checked")).toHaveText("Instagram · $0.05");

  await page.getByRole("button", { name: "Buy Gmail" }).click();
  const row = page.getByRole("table", { name: /OTP Gmail history/ }).locator("tbody tr").first();
  await expect(row.getByRole("cell").nth(1)).toHaveText("Instagram");
  await expect(row.getByRole("cell").nth(2)).toHaveText("$0.05");
  await expect(page.getByTestId("balance-chip")).toHaveText("Balance: $0.95");

  // Another site from the same page: Telegram at its own price.
  await site.selectOption({ label: "Telegram · $0.035" });
  await page.getByRole("button", { name: "Buy Gmail" }).click();
  await expect(page.getByRole("table", { name: /OTP Gmail history/ }).locator("tbody tr")).toHaveCount(2);
  await expect(page.getByTestId("balance-chip")).toHaveText("Balance: $0.915");
});

test("one refund window: the landing, the FAQ and the subscription tool promise the site's setting", async ({ page }) => {
  // The setting itself (Playwright loads no JSON module through contracts/site.ts).
  const days = (JSON.parse(readFileSync("site.config.json", "utf8")) as { refundWindowDays: number }).refundWindowDays;
  await page.goto("/");
  await expect(page.getByText(`${days}-day money-back guarantee`, { exact: true }).first()).toBeVisible();
  await expect(page.getByText(/24 hours/)).toHaveCount(0);
  await page.goto("/faq");
  await page.getByRole("button", { name: "What is your refund policy?" }).click();
  await expect(page.getByText(`within ${days} days of your payment (our money-back guarantee)`)).toBeVisible();
  await page.goto("/subscription_tool");
  await expect(page.getByText(`${days}-day money-back guarantee`, { exact: true })).toBeVisible();
});
