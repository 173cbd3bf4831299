// Receipts end to end: a customer tops up through the PayWay simulator, opens Transactions
// History and downloads the payment's receipt (a PDF made by the server) from the keyboard; the
// PDF's text names the PayWay tran_id. Then the same on a phone's card list, and the receipt
// e-mail in the dev mailbox.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";

import { createUser, signIn, uniqueEmail, waitForEmail } from "./support";

/** The PDF's text: pdftotext (poppler-utils) when installed, else the document's title, which is stored uncompressed. */
function pdfText(file: string): string {
  const res = spawnSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8" });
  if (!res.error && res.status === 0) return res.stdout;
  return readFileSync(file).toString("latin1");
}

async function topUpOnPayway(page: Page, amount: string) {
  await page.goto("/profile");
  await page.getByLabel("Amount (USD)").fill(amount);
  await page.getByRole("button", { name: "Top Up Now" }).click();
  const dialog = page.getByRole("dialog", { name: "Balance Top Up" });
  await dialog.getByRole("button", { name: /^Pay \$/ }).click();
  const payway = page.frameLocator('iframe[name="aba_webservice"]');
  await expect(payway.getByTestId("sim-amount")).toHaveText(`${amount} USD`);
  await payway.getByRole("button", { name: "Approve" }).click();
  await expect(page).toHaveURL(/\/profile$/, { timeout: 20_000 });
  const popup = page.getByRole("dialog", { name: "Payment Successful!" });
  await expect(popup.getByTestId("payment-verified-status")).toContainText("Verified with PayWay: paid.");
  await popup.getByRole("button", { name: "Done" }).click();
}

test("a customer downloads the receipt of a paid top-up from Transactions History", async ({ page, request }) => {
  const email = uniqueEmail("receipt");
  await createUser(request, { email });
  await signIn(page, email);
  await expect(page).toHaveURL(/\/license-keys$/);

  await topUpOnPayway(page, "7.50");

  await page.goto("/transactions-history");
  await expect(page.getByRole("heading", { level: 1, name: "Transactions History" })).toBeVisible();
  const table = page.getByRole("table");
  await expect(table.getByRole("columnheader", { name: "Receipt" })).toBeVisible();
  const row = table.getByRole("row").filter({ hasText: "$7.50 USD" });
  await expect(row.getByText("Paid", { exact: true })).toBeVisible();
  const link = row.getByRole("link", { name: /^Download receipt for KS[0-9A-Z]{18}$/ });
  await expect(link).toBeVisible();
  const tranId = ((await link.getAttribute("aria-label")) ?? "").replace("Download receipt for ", "");

  // From the keyboard: focus the link and press Enter.
  await link.focus();
  await expect(link).toBeFocused();
  const [download] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Enter")]);
  expect(download.suggestedFilename()).toBe(`keyshop-receipt-${tranId}.pdf`);
  const file = await download.path();
  expect(readFileSync(file).subarray(0, 5).toString("latin1")).toBe("%PDF-");
  const text = pdfText(file);
  expect(text).toContain(tranId);
  if (!text.startsWith("%PDF")) {
    // pdftotext read it: the whole receipt is there as text.
    for (const part of ["Payment receipt", "Balance Top Up", "$7.50 USD", "ABA PayWay", email]) expect(text).toContain(part);
  }

  // A phone: the card list offers the same download.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  const card = page.getByRole("list", { name: "Transactions, newest first" }).getByRole("listitem").filter({ hasText: "$7.50 USD" });
  const phoneLink = card.getByRole("link", { name: `Download receipt for ${tranId}` });
  await expect(phoneLink).toBeVisible();
  const [again] = await Promise.all([page.waitForEvent("download"), phoneLink.click()]);
  expect(again.suggestedFilename()).toBe(`keyshop-receipt-${tranId}.pdf`);

  // The receipt e-mail arrived too, with the same tran_id.
  await waitForEmail(page, email, new RegExp(`Your Keyshop receipt ${tranId}`));
});
