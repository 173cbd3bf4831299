// Gifts (issue #33 item 4, decision 079): a signed-in customer buys a plan for someone else's
// e-mail on the landing. The recipient (here with a Khmer account) gets the buy key in Khmer and
// owns the licence; the payer gets the receipt, sees the order as a gift and never the key.
import { expect, test } from "@playwright/test";

import { approveOnPayway, createUser, signIn, uniqueEmail, waitForEmail } from "./support";

test("a customer gives a 1-month licence: the recipient gets the key in their language and owns it; the payer sees a gift without the key", async ({ page, request, browser }) => {
  const payer = uniqueEmail("gift-payer");
  const friend = uniqueEmail("gift-friend");
  await createUser(request, { email: payer });
  await createUser(request, { email: friend, language: "km" });
  await signIn(page, payer);
  await expect(page).toHaveURL(/\/license-keys$/);

  await page.goto("/");
  await page.locator("#pricing").getByRole("button", { name: "Get Started" }).first().click();
  const dialog = page.getByRole("dialog", { name: "1 Month — $9.99" });
  await dialog.getByRole("checkbox", { name: "Buy as a gift" }).check();
  const recipient = dialog.getByRole("textbox", { name: "Recipient's e-mail" });
  // Their own address is refused at the field, before anything is paid.
  await recipient.fill(payer.toUpperCase());
  await dialog.getByRole("button", { name: "Pay $9.99" }).click();
  await expect(recipient).toHaveAccessibleDescription(/A gift must go to someone else's e-mail address/);
  await recipient.fill(friend);
  await dialog.getByRole("button", { name: "Pay $9.99" }).click();
  await expect(dialog).toBeHidden();
  await approveOnPayway(page, "9.99");

  // Back: the success dialog says where the key went, and offers no key of the payer's.
  const popup = page.getByRole("dialog", { name: "Payment Successful!" });
  await expect(popup).toContainText(`The licence key was e-mailed to the recipient, ${friend}`, { timeout: 20_000 });
  await expect(popup.getByRole("link", { name: "View your license keys" })).toHaveCount(0);
  await popup.getByRole("button", { name: "Done" }).click();

  // The recipient's e-mail, in Khmer (their account's language), says who it is from.
  const gift = await waitForEmail(page, friend, /^អាជ្ញាប័ណ្ណ Keyshop ពី /);
  expect(gift.subject).toContain(payer);
  const buyKey = /KS-[A-Z0-9-]+/.exec(gift.subject)?.[0];
  expect(buyKey).toBeTruthy();
  // The payer's receipt, to the payer; the key is nowhere in what the payer gets or sees.
  const receipt = await waitForEmail(page, payer, /receipt/i);
  expect(receipt.text).not.toContain(buyKey!);

  await page.goto("/license-keys");
  // Loaded, and empty: the gift is not the payer's licence.
  await expect(page.getByText("No licenses found")).toBeVisible();
  await expect(page.getByText(buyKey!)).toHaveCount(0);
  await page.goto("/transactions-history");
  const row = page.getByRole("table").getByRole("row").filter({ hasText: "Gift for" });
  await expect(row).toContainText(friend);
  await expect(row).toContainText("$9.99 USD");
  await expect(row).not.toContainText(buyKey!);

  // The recipient signs in: the licence is on their License Keys.
  const theirs = await browser.newPage();
  await signIn(theirs, friend);
  await expect(theirs).toHaveURL(/\/license-keys$/);
  await expect(theirs.getByRole("row").filter({ hasText: buyKey! })).toBeVisible();
  await theirs.close();
});
