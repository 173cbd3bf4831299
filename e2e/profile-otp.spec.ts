import { expect, test, type Page } from "@playwright/test";
import nodemailer from "nodemailer";

import { createUser, seedBalance, signIn, uniqueEmail } from "./support";

const PORT = Number(process.env.E2E_PORT ?? 3100);
const SMTP_PORT = PORT + 25;

const COLUMNS = ["Mail", "Service", "Price", "OTP", "Note", "Time", "Action"];

async function signInTo(page: Page, email: string, path: string) {
  await signIn(page, email);
  await expect(page).not.toHaveURL(/\/auth/);
  await page.goto(path);
}

function toast(page: Page, title: string) {
  return page.locator("[data-sonner-toast]").filter({ hasText: title });
}

test.beforeEach(async ({ context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
});

test("profile: edit the name, show, copy and regenerate the API key, top-up dialog", async ({ page, request }) => {
  const email = uniqueEmail("profile");
  await createUser(request, { email });
  await signInTo(page, email, "/profile");

  await expect(page.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible();
  await expect(page.getByTestId("profile-email")).toHaveText(email);

  // Name: 'Not set' → 'Dara'.
  await expect(page.getByTestId("profile-name")).toHaveText("Not set");
  await page.getByRole("button", { name: "Edit Name" }).click();
  await page.getByLabel("Display name").fill("Dara");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Profile updated successfully")).toBeVisible();
  await expect(page.getByTestId("profile-name")).toHaveText("Dara");
  await page.reload();
  await expect(page.getByTestId("profile-name")).toHaveText("Dara");

  // API key: masked, shown, copied.
  const keyValue = page.getByTestId("api-key-value");
  await expect(keyValue).toHaveText(`${"•".repeat(32)}Hidden`);
  await expect(page.getByTestId("profile-balance")).toHaveText("$0.00");
  await page.getByRole("button", { name: "Show API key" }).click();
  await expect(keyValue).toHaveText(/^[A-Z0-9]{32}$/);
  const firstKey = (await keyValue.textContent())!;
  await page.getByRole("button", { name: "Copy", exact: true }).click();
  await expect(toast(page, "API key copied to clipboard")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(firstKey);
  await page.getByRole("button", { name: "Hide API key" }).click();
  await expect(keyValue).not.toContainText(firstKey);

  // Regenerate behind a confirmation.
  await page.getByRole("button", { name: "Regenerate" }).click();
  const confirm = page.getByRole("dialog", { name: "Regenerate API key?" });
  await expect(confirm).toContainText("stops working at once");
  await confirm.getByRole("button", { name: "Regenerate" }).click();
  await expect(toast(page, "API key has been regenerated")).toBeVisible();
  await expect(confirm).toBeHidden();
  await page.getByRole("button", { name: "Show API key" }).click();
  await expect(keyValue).toHaveText(/^[A-Z0-9]{32}$/);
  await expect(keyValue).not.toHaveText(firstKey);

  // Top up: disabled below $1, then the payment dialog (payments.spec.ts pays through PayWay).
  const amount = page.getByLabel("Amount (USD)");
  const topUp = page.getByRole("button", { name: "Top Up Now" });
  await expect(topUp).toBeDisabled();
  await amount.fill("0.5");
  await expect(topUp).toBeDisabled();
  await amount.fill("5");
  await topUp.click();
  const payment = page.getByRole("dialog", { name: "Balance Top Up" });
  await expect(payment).toContainText("ABA PayWay");
  await expect(payment).toContainText("$5.00");
});

test("otp gmail: buy an address, receive a code by SMTP, check it", async ({ page, request }) => {
  const email = uniqueEmail("otp");
  await createUser(request, { email });
  await seedBalance(request, { email, amountMills: 1000 });
  await signInTo(page, email, "/otp-gmail");

  await expect(page.getByRole("heading", { level: 1, name: "OTP Gmail History" })).toBeVisible();
  const balanceChip = page.getByTestId("balance-chip");
  await expect(balanceChip).toHaveText("Balance: $1.00");
  await expect(page.getByText("No OTP Gmail history found")).toBeVisible();
  await expect(page.getByTestId("total-spent-chip")).toContainText("0 transactions");

  const table = page.getByRole("table", { name: /OTP Gmail history/ });
  for (const column of COLUMNS) await expect(table.getByRole("columnheader", { name: column })).toHaveCount(1);

  await page.getByRole("button", { name: "Buy Gmail" }).click();
  const rows = table.locator("tbody tr");
  await expect(rows).toHaveCount(1);
  const row = rows.first();
  const mailButton = row.getByRole("button", { name: /^Copy address / });
  await expect(mailButton).toBeVisible();
  const address = (await mailButton.textContent())!.trim();
  expect(address).toMatch(/@/);
  await expect(row.getByRole("cell").nth(1)).toHaveText("Facebook");
  await expect(row.getByRole("cell").nth(2)).toHaveText("$0.045");
  await expect(row.getByRole("cell").nth(4)).toHaveText("Pending");
  await expect(balanceChip).toHaveText("Balance: $0.955");
  await expect(page.getByTestId("total-spent-chip")).toContainText("$0.045");
  await expect(page.getByTestId("total-spent-chip")).toContainText("1 transaction");

  // Copy the address from the Mail cell.
  await mailButton.click();
  await expect(toast(page, "Email address copied to clipboard")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);

  // No code yet.
  await row.getByRole("button", { name: /^Check/ }).click();
  await expect(toast(page, "No OTP Yet")).toBeVisible();

  // Deliver the code over SMTP to the embedded mail receiver.
  await nodemailer
    .createTransport({ host: "127.0.0.1", port: SMTP_PORT, secure: false, ignoreTLS: true })
    .sendMail({
      from: "Facebook <security@facebookmail.com>",
      to: address,
      subject: "FB-48213 is your Facebook confirmation code",
      text: "Hi,\n\nFB-48213 is your Facebook confirmation code.\n\nThanks,\nThe Facebook Team",
    });

  await expect(async () => {
    await row.getByRole("button", { name: /^Check/ }).click();
    await expect(toast(page, "OTP Found & Copied")).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  await expect(toast(page, "OTP Found & Copied")).toContainText("Latest OTP: 48213 (copied to clipboard)");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("48213");
  await expect(row.getByRole("cell").nth(3)).toHaveText("48213");
  await expect(row.getByRole("cell").nth(4)).toHaveText("Success");
  await expect(balanceChip).toHaveText("Balance: $0.955");

  // Copy the code from the OTP cell.
  await page.evaluate(() => navigator.clipboard.writeText(""));
  await row.getByRole("button", { name: "Copy OTP 48213" }).click();
  await expect(toast(page, "OTP copied to clipboard")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("48213");

  // A date filter that excludes today shows the range empty state; Today shows the row again.
  await page.getByRole("button", { name: "Yesterday" }).click();
  await expect(page.getByText("No transactions found for selected date range")).toBeVisible();
  await page.getByRole("button", { name: "Today" }).click();
  await expect(rows).toHaveCount(1);
  await page.getByRole("button", { name: "Clear dates" }).click();
  await expect(page.getByTestId("date-range-trigger")).toContainText("All dates");
});

test("otp gmail: a balance below $0.05 cannot buy", async ({ page, request }) => {
  const email = uniqueEmail("otp-poor");
  await createUser(request, { email });
  await seedBalance(request, { email, amountMills: 40 });
  await signInTo(page, email, "/otp-gmail");

  await expect(page.getByTestId("balance-chip")).toHaveText("Balance: $0.04");
  const buy = page.getByRole("button", { name: "Insufficient Balance (Min $0.05)" });
  await expect(buy).toBeVisible();
  await expect(buy).toBeDisabled();
});

test("a customer reaches OTP Gmail and the payment history without typing an address", async ({ page, request }) => {
  const email = uniqueEmail("finds");
  await createUser(request, { email });
  await seedBalance(request, { email, amountMills: 1_000 });
  await signIn(page, email);
  await expect(page).toHaveURL(/\/license-keys$/);
  // The spec's menu keeps these admin-only: the ways in are on the pages a customer uses.
  const menu = page.getByRole("navigation", { name: "Dashboard" });
  await expect(menu.getByRole("link", { name: "OTP Gmail" })).toHaveCount(0);
  await page.getByRole("link", { name: "Payment history" }).click();
  await expect(page).toHaveURL(/\/transactions-history$/);
  await menu.getByRole("link", { name: "Profile" }).click();
  await page.getByRole("navigation", { name: "Balance" }).getByRole("link", { name: "Buy OTP mail with your balance" }).click();
  await expect(page).toHaveURL(/\/otp-gmail$/);
  await expect(page.getByRole("heading", { level: 1, name: "OTP Gmail History" })).toBeVisible();
  await page.goBack();
  await page.getByRole("navigation", { name: "Balance" }).getByRole("link", { name: "Payment history" }).click();
  await expect(page).toHaveURL(/\/transactions-history$/);
});
