// Issue #29 item 5 (decision 060): a checkout the customer closes is closed at once, by the page
// itself (POST /api/orders/{id}/close) even when PayWay's cancel URL never loads, and Transactions
// History says "Not completed" with Try again, which opens a fresh checkout of the same thing. The
// same on a 375 px phone, where PayWay's window is a bottom sheet (screenshots in test-results/).
import { devices, expect, test, type Page } from "@playwright/test";

import { createUser, signIn, toast, uniqueEmail } from "./support";

const paywayWindow = (page: Page) => page.locator("#aba-checkout, #aba_checkout_sheet");
const payway = (page: Page) => page.frameLocator('iframe[name="aba_webservice"]');

async function openTopUp(page: Page, amount: string) {
  await page.goto("/profile");
  // On a phone the Top Up card is below the first screen and loads as it comes near (decision 073):
  // scroll down to it as a customer would, once the cards above it are there.
  await expect(page.getByRole("heading", { name: "API Key" })).toBeVisible();
  await page.mouse.wheel(0, 600);
  await page.getByLabel("Amount (USD)").fill(amount);
  await page.getByRole("button", { name: "Top Up Now" }).click();
  await page.getByRole("dialog", { name: "Balance Top Up" }).getByRole("button", { name: /^Pay \$/ }).click();
  await expect(payway(page).getByTestId("sim-amount")).toHaveText(`${Number(amount).toFixed(2)} USD`);
}

/** The Transactions History entry (a table row, or a card on a phone) of one amount, newest first. */
function historyEntry(page: Page, amount: string) {
  return page.locator("[data-status]").filter({ hasText: `$${amount}` });
}

test("a closed checkout is Not completed at once, without PayWay's cancel URL, and Try again opens it afresh", async ({ page }) => {
  const email = uniqueEmail("abandoned");
  await createUser(page.request, { email });
  await signIn(page, email);
  await expect(page).toHaveURL(/\/license-keys$/);
  await openTopUp(page, "6");

  // PayWay's close goes on to its cancel URL; here it answers 204 (the browser stays on the page and
  // the server is not reached), so only the page's own call can close the checkout.
  await page.route(/\/api\/check-transaction-topup\?.*closed=1/, (route) => route.fulfill({ status: 204 }));
  const closing = page.waitForResponse((res) => res.request().method() === "POST" && /\/api\/orders\/[^/]+\/close$/.test(res.url()));
  page.once("dialog", (dialog) => void dialog.accept()); // the plugin's "Are you sure you want to close?"
  await paywayWindow(page).getByRole("button", { name: "Close" }).click();
  const closed = await closing;
  expect(closed.status()).toBe(200);
  expect(((await closed.json()) as { order: { status: string } }).order.status).toBe("cancelled");
  await expect(toast(page, "Payment cancelled")).toBeVisible();
  await expect(paywayWindow(page)).toHaveCount(0);

  await page.goto("/transactions-history");
  const entry = historyEntry(page, "6.00");
  await expect(entry).toHaveCount(1);
  await expect(entry).toHaveAttribute("data-status", "cancelled");
  await expect(entry).toContainText("Not completed");
  await expect(page.getByText("Pending")).toHaveCount(0);

  await entry.getByRole("button", { name: "Try again: pay for Balance Top Up ($6.00) again" }).click();
  await expect(payway(page).getByTestId("sim-amount")).toHaveText("6.00 USD");
  await expect(paywayWindow(page)).toHaveCount(1);
});

test("on a 375 px phone: closed, Not completed, Try again opens PayWay's sheet", async ({ browser }, testInfo) => {
  const context = await browser.newContext({ ...devices["Pixel 5"], viewport: { width: 375, height: 812 }, baseURL: testInfo.project.use.baseURL });
  const page = await context.newPage();
  try {
    const email = uniqueEmail("abandoned-phone");
    await createUser(page.request, { email });
    await signIn(page, email);
    await expect(page).toHaveURL(/\/license-keys$/);
    await openTopUp(page, "7");
    await expect(page.locator("#aba_checkout_sheet")).toHaveCount(1);
    // This time the cancel URL loads as PayWay means it to: back on Profile, closed there too.
    page.once("dialog", (dialog) => void dialog.accept());
    await paywayWindow(page).getByRole("button", { name: "Close" }).click();
    await expect(page).toHaveURL(/\/profile$/, { timeout: 20_000 });

    await page.goto("/transactions-history");
    const entry = historyEntry(page, "7.00");
    await expect(entry).toContainText("Not completed");
    const tryAgain = entry.getByRole("button", { name: /^Try again/ });
    await expect(tryAgain).toBeVisible();
    await entry.scrollIntoViewIfNeeded();
    await page.screenshot({ path: "test-results/abandoned-checkout-375-history.png" });
    // Nothing on the page is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await tryAgain.click();
    await expect(payway(page).getByTestId("sim-amount")).toHaveText("7.00 USD");
    await expect(page.locator("#aba_checkout_sheet")).toHaveCount(1);
    await page.screenshot({ path: "test-results/abandoned-checkout-375-try-again.png" });
  } finally {
    await context.close();
  }
});
