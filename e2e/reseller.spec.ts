// Bulk orders for resellers (issue #33 item 3, decision 080): a super-admin marks a customer as a
// reseller; the reseller buys 3 licences of a plan in one payment, sees them and their CSV, assigns
// one to an e-mail without an account (which makes one), and that customer gets the key by e-mail,
// signs in by magic link and finds the licence on License Keys.
import { readFile } from "node:fs/promises";

import { expect, test } from "@playwright/test";

import { approveOnPayway, createUser, signIn, signInTo, toast, uniqueEmail, waitForEmail, waitForHydration } from "./support";

test("a reseller buys 3 licences, downloads their keys, and assigns one to a new customer who finds it on License Keys", async ({ page, request, browser }) => {
  test.slow(); // two sign-ins with a second factor, a payment, a download, an account made and a magic link on a busy machine
  const resellerEmail = uniqueEmail("reseller");
  const customer = uniqueEmail("reseller-customer");
  const reseller = await createUser(request, { email: resellerEmail });
  const boss = await createUser(request, { email: uniqueEmail("reseller-boss"), role: "admin", superAdmin: true });

  // The super-admin marks the account as a reseller (User Management's switch calls this route).
  const admin = await browser.newPage();
  await signInTo(admin, { email: boss.email, totpSecret: boss.totpSecret }, "/overview");
  const marked = await admin.request.patch(`/api/admin/users/${reseller.id}/reseller`, { headers: { origin: test.info().project.use.baseURL! }, data: { reseller: true } });
  expect(marked.ok(), await marked.text()).toBe(true);
  await admin.close();

  await signIn(page, resellerEmail);
  await expect(page).toHaveURL(/\/license-keys$/);
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Reseller" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Reseller" })).toBeVisible();

  // 3 licences of the 1-month plan: no volume tier, so 3 × $9.99.
  const buy = page.getByTestId("bulk-buy");
  await buy.getByLabel("Plan").selectOption({ label: "1 Month · $9.99" });
  await buy.getByLabel("Number of licences").fill("3");
  await expect(buy.getByTestId("bulk-total")).toHaveText("$29.97");
  await buy.getByRole("button", { name: "Pay $29.97" }).click();
  const dialog = page.getByRole("dialog", { name: "Pay for your licences" });
  await expect(dialog.getByTestId("checkout-item")).toHaveText("3 × 1 Month");
  await expect(dialog.getByLabel("E-mail")).toHaveValue(resellerEmail);
  await dialog.getByRole("button", { name: "Pay $29.97" }).click();
  await expect(dialog).toBeHidden();
  await approveOnPayway(page, "29.97");

  // Back on /reseller: the payment confirmed, the keys e-mailed, the order and its 3 licences listed.
  const popup = page.getByRole("dialog", { name: "Payment Successful!" });
  await expect(popup).toContainText(`The 3 buy keys were e-mailed to ${resellerEmail}`, { timeout: 20_000 });
  await popup.getByRole("button", { name: "Done" }).click();
  await expect(page).toHaveURL(/\/reseller$/);
  const order = page.getByTestId("bulk-order");
  await expect(order).toHaveCount(1);
  await expect(order).toContainText("Paid");
  await expect(order.getByTestId("order-assigned")).toHaveText("0 of 3");
  const licenses = page.getByTestId("reseller-licenses").getByTestId("reseller-license");
  await expect(licenses).toHaveCount(3);
  await expect(page.getByTestId("license-state").filter({ hasText: "Available" })).toHaveCount(3);
  await waitForEmail(page, resellerEmail, /^Your 3 Keyshop .* licences$/);

  // The CSV: a header and each of the 3 keys once.
  const [download] = await Promise.all([page.waitForEvent("download"), order.getByRole("link", { name: /Download the buy keys of order/ }).click()]);
  const csv = (await readFile((await download.path())!, "utf8")).trim().split(/\r?\n/);
  expect(csv[0]).toBe("buy_key,plan,term_days,key_changes,state,assigned_to,assigned_at");
  const keys = csv.slice(1).map((line) => line.split(",")[0]!);
  expect(keys).toHaveLength(3);
  expect(new Set(keys).size).toBe(3);
  for (const key of keys) await expect(page.getByTestId("reseller-licenses")).toContainText(key);

  // Assign the first to an address without an account: one is made for it.
  const first = licenses.first();
  const key = (await first.locator("code").textContent())!;
  await first.getByRole("button", { name: `Assign licence ${key}` }).click();
  const assign = page.getByRole("dialog", { name: "Assign a licence" });
  await assign.getByRole("textbox", { name: "Customer's e-mail" }).fill(customer);
  await assign.getByRole("button", { name: "Assign" }).click();
  await expect(assign).toBeHidden();
  await expect(toast(page, "Licence assigned")).toContainText(`An account was made for ${customer}`);
  const row = licenses.filter({ hasText: key });
  await expect(row.getByTestId("license-state")).toHaveText("Assigned");
  await expect(row).toContainText(customer);
  await expect(order.getByTestId("order-assigned")).toHaveText("1 of 3");

  // The customer's e-mail carries the key and says whom it is from.
  const mail = await waitForEmail(page, customer, /^Your Keyshop licence from /);
  expect(mail.subject).toContain(resellerEmail.toLowerCase());
  expect(mail.subject).toContain(key);

  // Transactions History names the order's size by its plan.
  await page.goto("/transactions-history");
  await expect(page.getByTestId("order-quantity").first()).toHaveText("× 3");

  // The customer signs in by magic link (their account has no password) and finds the licence.
  const theirs = await browser.newPage();
  await theirs.goto("/auth?view=magic_link");
  await waitForHydration(theirs);
  const signInDialog = theirs.getByRole("dialog", { name: "Welcome Back" });
  await signInDialog.getByLabel("Email address").fill(customer);
  await signInDialog.getByRole("button", { name: "Send magic link" }).click();
  await expect(signInDialog.getByText("Check your email for the magic link")).toBeVisible();
  const link = await waitForEmail(theirs, customer, /sign-in link/);
  await theirs.goto(link.links.find((href) => href.includes("/magic-link/verify"))!);
  await theirs.goto("/license-keys");
  await expect(theirs.getByRole("row").filter({ hasText: key })).toBeVisible();
  // Not the reseller's page: the customer is no reseller.
  await expect(theirs.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Reseller" })).toHaveCount(0);
  await theirs.close();
});
