// Refunds end to end (decision 024): real pages, the built-in PayWay simulator's checkout and
// refund API. A super-admin refunds a plan from Transactions History and the customer's licence
// shows it revoked; a customer asks for a top-up's money back within the window and the
// super-admin approves it from the Overview's queue, so the balance goes back down.
import { expect, test, type Browser, type Page } from "@playwright/test";

import { createUser, signIn, uniqueEmail, waitForEmail } from "./support";

function toast(page: Page, text: string) {
  return page.locator("[data-sonner-toast]").filter({ hasText: text });
}

async function approveOnPayway(page: Page, amount: string) {
  const payway = page.frameLocator('iframe[name="aba_webservice"]');
  await expect(payway.getByTestId("sim-amount")).toHaveText(`${amount} USD`);
  await payway.getByRole("button", { name: "Approve" }).click();
}

/** A super-admin (with an authenticator) signed in on a page of their own. */
async function superAdminPage(browser: Browser, request: Parameters<typeof createUser>[0]) {
  const boss = await createUser(request, { email: uniqueEmail("boss"), role: "admin", superAdmin: true });
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, boss.email, undefined, { totpSecret: boss.totpSecret });
  await expect(page).not.toHaveURL(/\/auth/);
  return page;
}

test("a super-admin refunds a plan from Transactions History; the customer's licence shows it revoked", async ({ page, browser, request }) => {
  const email = uniqueEmail("refund-plan");
  await createUser(request, { email });
  await signIn(page, email);
  await expect(page).toHaveURL(/\/license-keys$/);

  await page.goto("/");
  await page.locator("#pricing").getByRole("button", { name: "Get Started" }).nth(1).click();
  const dialog = page.getByRole("dialog", { name: "3 Months — $29.99" });
  await dialog.getByRole("button", { name: "Pay $29.99" }).click();
  await approveOnPayway(page, "29.99");
  await expect(page).toHaveURL(/\/license-keys$/, { timeout: 20_000 });
  const popup = page.getByRole("dialog", { name: "Payment Successful!" });
  const buyKey = ((await popup.getByTestId("payment-verified-status").locator("code").textContent()) ?? "").trim();
  expect(buyKey).toMatch(/^KS-/);
  await popup.getByRole("button", { name: "Done" }).click();
  const license = page.getByRole("table", { name: /Your licenses/ }).getByRole("row").filter({ hasText: buyKey });
  await expect(license).toContainText("New");

  const admin = await superAdminPage(browser, request);
  await admin.goto("/transactions-history");
  await admin.locator("#transactions-search").fill(email);
  const row = admin.getByRole("table").getByRole("row").filter({ hasText: buyKey });
  await expect(row).toContainText("Paid");
  await row.getByRole("button", { name: /^Refund the payment of/ }).click();
  const refund = admin.getByRole("dialog", { name: "Refund this payment?" });
  await expect(refund.getByLabel("Amount (USD)")).toHaveValue("29.99");
  await refund.getByRole("button", { name: "Refund", exact: true }).click();
  await expect(refund.getByRole("alert")).toHaveText("Say why (1 to 500 characters)");
  await refund.getByLabel("Reason").fill("The customer bought the wrong plan");
  await refund.getByRole("button", { name: "Refund", exact: true }).click();
  await expect(toast(admin, "Refund made")).toContainText(`$29.99 refunded; licence ${buyKey} revoked.`);
  await expect(row).toContainText("Refunded");
  await expect(row.getByRole("button", { name: /^Refund the payment of/ })).toHaveCount(0);

  await page.reload();
  await expect(license.getByTestId("licence-revoked")).toHaveText("Revoked (refunded)");
  await waitForEmail(page, email, /\$29\.99 of your Keyshop payment was refunded/);
  await admin.context().close();
});

test("a customer asks for a top-up's money back within the window; the super-admin approves it from the Overview", async ({ page, browser, request }) => {
  // Two people, a payment, two e-mails and a refund at the provider: more than a minute on a busy 2-core machine.
  test.slow();
  const email = uniqueEmail("refund-topup");
  await createUser(request, { email });
  await signIn(page, email);
  await expect(page).toHaveURL(/\/license-keys$/);

  await page.goto("/profile");
  await page.getByLabel("Amount (USD)").fill("5");
  await page.getByRole("button", { name: "Top Up Now" }).click();
  await page.getByRole("dialog", { name: "Balance Top Up" }).getByRole("button", { name: "Pay $5.00", exact: true }).click();
  await approveOnPayway(page, "5.00");
  await expect(page).toHaveURL(/\/profile$/, { timeout: 20_000 });
  await page.getByRole("dialog", { name: "Payment Successful!" }).getByRole("button", { name: "Done" }).click();
  await expect(page.getByTestId("profile-balance")).toHaveText("$5.00");

  await page.goto("/transactions-history");
  const row = page.getByRole("table").getByRole("row").filter({ hasText: "Balance Top Up" });
  await row.getByRole("button", { name: /^Request a refund of Balance Top Up/ }).click();
  const ask = page.getByRole("dialog", { name: "Request a refund" });
  await ask.getByLabel("Why do you want a refund?").fill("Too short");
  await ask.getByRole("button", { name: "Send request" }).click();
  await expect(ask.getByRole("alert")).toHaveText("Tell us why in 10 to 1000 characters");
  await ask.getByLabel("Why do you want a refund?").fill("I topped up the wrong account by mistake.");
  await ask.getByRole("button", { name: "Send request" }).click();
  await expect(toast(page, "Refund requested")).toBeVisible();
  await expect(row.getByTestId("refund-request-status")).toHaveText("Refund requested");
  await expect(row.getByRole("button", { name: /^Request a refund/ })).toHaveCount(0);
  await waitForEmail(page, email, /We received your refund request/);

  const admin = await superAdminPage(browser, request);
  await admin.goto("/overview");
  const item = admin.getByTestId("refund-queue").getByTestId("refund-request").filter({ hasText: email });
  await expect(item).toContainText("I topped up the wrong account by mistake.");
  await expect(item).toContainText("$5.00");
  await item.getByRole("button", { name: `Approve the refund request of ${email}` }).click();
  const approve = admin.getByRole("dialog", { name: `Refund $5.00 to ${email}?` });
  await approve.getByLabel(/Note for the customer/).fill("Refunded, sorry for the trouble");
  await approve.getByRole("button", { name: "Approve and refund" }).click();
  await expect(toast(admin, "Refund approved")).toContainText("$5.00 refunded; $5.00 taken off the balance.");
  await expect(item).toHaveCount(0);

  await page.goto("/profile");
  await expect(page.getByTestId("profile-balance")).toHaveText("$0.00");
  await page.goto("/transactions-history");
  await expect(page.getByRole("table").getByRole("row").filter({ hasText: "Balance Top Up" })).toContainText("Refunded");
  await waitForEmail(page, email, /Refund request approved: \$5\.00 refunded/);
  await admin.context().close();
});
