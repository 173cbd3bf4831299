// Issue #17: a licence expiring in 3 days → a worker pass at a chosen time → the reminder in the
// dev mailbox → its one-click link (no buy key on the page) → pay in the PayWay simulator →
// License Keys shows the new expiry; Renew from the dashboard; a licence not yet activated shows
// its term, and renewing it lengthens the term.
import { expect, test, type Locator, type Page } from "@playwright/test";
import { createUser, seedLicense, seedOrders, signIn, TEST_API_TOKEN, uniqueEmail, waitForEmail, SHOP_TIME_ZONE } from "./support";

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();
// Dates are shown on the shop's day (Asia/Phnom_Penh), whatever the browser's zone.
const shortDate = (ms: number) => new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: SHOP_TIME_ZONE }).format(new Date(ms));
const COLUMNS = ["Name", "License Key", "Buy Key", "Start Date", "Expiry Date", "Status", "Changes Left", "Actions"];

function licenseRow(page: Page, buyKey: string): Locator {
  return page.getByRole("table", { name: /Your licenses/ }).getByRole("row").filter({ hasText: buyKey });
}
const expiryCell = (row: Locator) => row.getByRole("cell").nth(COLUMNS.indexOf("Expiry Date"));

/** Pays `amount` in the PayWay simulator's window and closes the success popup back on License Keys. */
async function approveAndReturn(page: Page, amount: string) {
  const payway = page.frameLocator('iframe[name="aba_webservice"]');
  await expect(payway.getByTestId("sim-amount")).toHaveText(`${amount} USD`);
  await payway.getByRole("button", { name: "Approve" }).click();
  await expect(page).toHaveURL(/\/license-keys(\?|$)/, { timeout: 20_000 });
  const popup = page.getByRole("dialog", { name: "Payment Successful!" });
  await expect(popup.getByTestId("payment-verified-status")).toContainText("Verified with PayWay: paid.");
  await popup.getByRole("button", { name: "Done" }).click();
  await expect(popup).toBeHidden();
}

/** Pays on a reminder link's page and checks the page's answer: what was paid, and the new expiry; the checkout stays closed. */
async function approveOnLinkPage(page: Page, amount: string, name: string, newExpiry: string) {
  const payway = page.frameLocator('iframe[name="aba_webservice"]');
  await expect(payway.getByTestId("sim-amount")).toHaveText(`${amount} USD`);
  await payway.getByRole("button", { name: "Approve" }).click();
  await expect(page).toHaveURL(/\/renew\/[^?]+$/, { timeout: 20_000 });
  const paid = page.getByTestId("renewal-paid");
  await expect(paid.getByRole("heading", { name: "Payment successful: your licence is renewed" })).toBeVisible();
  await expect(paid).toContainText(`You paid $${amount} for 1 Month.`);
  await expect(paid.getByTestId("renewal-paid-expiry")).toContainText(`${name} now runs until ${newExpiry}`);
  // Not a second checkout, not a sign-in dialog.
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Choose a plan and pay" })).toHaveCount(0);
}

test("signed out, a reminder's Renew now ends on a page that says what was paid and until when the licence now runs (#29 item 1)", async ({ page, request }, testInfo) => {
  const email = uniqueEmail("signedout");
  await createUser(request, { email });
  const now = Date.now();
  const expiry = now + 3 * DAY;
  const tag = now.toString(36).toUpperCase();
  await seedLicense(request, { email, planId: "local-1m", name: "Shop laptop", deviceKey: `LDREEL-OUT-${tag}`, startDate: iso(now - 27 * DAY), expireDate: iso(expiry) });
  const run = await request.post("/dev/test-api/workers/run", { headers: { "x-test-token": TEST_API_TOKEN }, data: { now: iso(now) } });
  expect(run.ok()).toBe(true);
  const mail = await waitForEmail(page, email, /^Your Keyshop licence expires in 3 days$/);
  const link = mail.links.find((l) => l.includes("/renew/"))!;

  await page.goto(new URL(link).pathname);
  const dialog = page.getByRole("dialog", { name: "Renew Shop laptop" });
  await dialog.getByRole("radio", { name: /1 Month/ }).check();
  await dialog.getByRole("button", { name: "Pay $9.99" }).click();
  await approveOnLinkPage(page, "9.99", "Shop laptop", shortDate(expiry + 30 * DAY));
  await expect(page.getByTestId("renewal-paid")).toContainText(`A confirmation was e-mailed to ${email}.`);
  // The licence summary below reads the new expiry too; a reload shows no payment again.
  await expect(page.getByTestId("renew-expiry")).toHaveText(shortDate(expiry + 30 * DAY));
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: testInfo.outputPath("renewal-paid-375.png"), fullPage: true });
  await page.reload();
  await expect(page.getByTestId("renewal-paid")).toHaveCount(0);
});

test("an invalid renewal link says what is wrong once, then what to do", async ({ page }) => {
  await page.goto("/renew/not-a-real-link");
  const alert = page.getByRole("alert");
  await expect(alert).toContainText("This renewal link is not valid.", { timeout: 30_000 });
  await expect(alert).toContainText("Open the whole link from the reminder e-mail");
  expect((await alert.innerText()).match(/not valid/g)).toHaveLength(1);
});

test("a reminder 3 days before expiry: its link renews that licence without the buy key on the page, and License Keys shows the new expiry", async ({ page, request }) => {
  const email = uniqueEmail("reminded");
  await createUser(request, { email });
  const now = Date.now();
  const expiry = now + 3 * DAY;
  const tag = now.toString(36).toUpperCase();
  const license = await seedLicense(request, { email, planId: "local-1m", name: "Office PC", deviceKey: `LDREEL-REMIND-${tag}`, startDate: iso(now - 27 * DAY), expireDate: iso(expiry) });

  // One pass of every worker, as if the clock read now: the 3-day reminder goes out.
  const run = await request.post("/dev/test-api/workers/run", { headers: { "x-test-token": TEST_API_TOKEN }, data: { now: iso(now) } });
  expect(run.ok()).toBe(true);
  expect((await run.json()).reminders).toBeGreaterThanOrEqual(1);
  const mail = await waitForEmail(page, email, /^Your Keyshop licence expires in 3 days$/);
  const link = mail.links.find((l) => l.includes("/renew/"));
  expect(link).toBeTruthy();
  // A second pass at the same time sends nothing more.
  await request.post("/dev/test-api/workers/run", { headers: { "x-test-token": TEST_API_TOKEN }, data: { now: iso(now + 60_000) } });

  // The customer is signed in on this browser (the return lands on License Keys); the link itself needs no session.
  await signIn(page, email);
  await expect(page).toHaveURL(/\/license-keys$/);
  await page.goto(new URL(link!).pathname);
  const dialog = page.getByRole("dialog", { name: "Renew Office PC" });
  await expect(dialog).toBeVisible();
  // The page's own heading, behind the modal checkout (which hides the page from the accessibility tree once open).
  await expect(page.getByRole("heading", { level: 1, name: "Renew your licence", includeHidden: true })).toBeAttached();
  await expect(page.getByTestId("renew-licence-name")).toHaveText("Office PC");
  await expect(page.locator("body")).not.toContainText(license.buyKey);
  await dialog.getByRole("radio", { name: /1 Month/ }).check();
  await expect(dialog.getByTestId("checkout-amount")).toContainText("$9.99");
  await dialog.getByRole("button", { name: "Pay $9.99" }).click();
  // Signed in too, the return comes back to the link's page, which says what happened (#29 item 1).
  await approveOnLinkPage(page, "9.99", "Office PC", shortDate(expiry + 30 * DAY));
  await page.getByTestId("renewal-paid").getByRole("link", { name: "Open License Keys" }).click();
  await expect(page).toHaveURL(/\/license-keys$/);

  const row = licenseRow(page, license.buyKey);
  await expect(expiryCell(row).getByTestId("licence-expiry")).toHaveText(shortDate(expiry + 30 * DAY));
  await expect(expiryCell(row).getByTestId("licence-days-left")).toHaveText("33 days left");

  const mailbox = await page.request.get(`/dev/mailbox/messages.json?to=${encodeURIComponent(email)}`);
  const { messages } = (await mailbox.json()) as { messages: Array<{ subject: string }> };
  expect(messages.filter((m) => /expires in 3 days/.test(m.subject))).toHaveLength(1);
});

test("Renew from License Keys extends that licence; a licence not yet activated shows its term, and renewing it lengthens the term", async ({ page, request }) => {
  const email = uniqueEmail("renewer");
  await createUser(request, { email });
  const now = Date.now();
  const tag = now.toString(36).toUpperCase();
  const expiry = now + 10 * DAY;
  const running = await seedLicense(request, { email, planId: "local-1m", name: "Studio PC", deviceKey: `LDREEL-RUN-${tag}`, startDate: iso(now - 20 * DAY), expireDate: iso(expiry) });
  const fresh = await seedLicense(request, { email, planId: "local-3m", name: "Spare seat", deviceKey: null, startDate: null, expireDate: null });

  await signIn(page, email);
  await expect(page).toHaveURL(/\/license-keys$/);
  const runningRow = licenseRow(page, running.buyKey);
  const freshRow = licenseRow(page, fresh.buyKey);
  await expect(expiryCell(runningRow).getByTestId("licence-days-left")).toHaveText("10 days left");
  await expect(expiryCell(freshRow).getByTestId("licence-term")).toHaveText("105 days from first activation");

  await expect(runningRow).toContainText("1 Month plan");
  await runningRow.getByRole("button", { name: "Renew Studio PC" }).click();
  const dialog = page.getByRole("dialog", { name: "Renew Studio PC" });
  await expect(dialog.getByLabel("E-mail")).toHaveValue(email);
  await dialog.getByRole("radio", { name: /3 Months/ }).check();
  await dialog.getByRole("button", { name: "Pay $29.99" }).click();
  await approveAndReturn(page, "29.99");
  await expect(expiryCell(runningRow).getByTestId("licence-expiry")).toHaveText(shortDate(expiry + 105 * DAY));
  await expect(expiryCell(runningRow).getByTestId("licence-days-left")).toHaveText("115 days left");
  // The plan named on the licence is the one last paid for (#29 item 8).
  await expect(runningRow).toContainText("3 Months plan");

  await freshRow.getByRole("button", { name: "Renew Spare seat" }).click();
  const freshDialog = page.getByRole("dialog", { name: "Renew Spare seat" });
  await freshDialog.getByRole("radio", { name: /1 Month/ }).check();
  await freshDialog.getByRole("button", { name: "Pay $9.99" }).click();
  await approveAndReturn(page, "9.99");
  await expect(expiryCell(freshRow).getByTestId("licence-term")).toHaveText("135 days from first activation");
  // Still not activated: no dates, status New.
  await expect(freshRow).toContainText("New");
});

test("the Profile switch stops expiry reminders", async ({ page, request }) => {
  const email = uniqueEmail("quiet");
  await createUser(request, { email });
  const now = Date.now();
  await signIn(page, email);
  await expect(page).toHaveURL(/\/license-keys$/);
  await page.goto("/profile");
  const toggle = page.getByRole("switch", { name: "Expiry reminders" });
  await expect(toggle).toBeChecked();
  await toggle.click();
  await expect(page.getByText("Expiry reminders turned off")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("switch", { name: "Expiry reminders" })).not.toBeChecked();
  // Seeded only now: the server's own reminder pass (every 10 minutes) cannot reach it before the switch.
  await seedLicense(request, { email, planId: "local-1m", name: "Quiet PC", deviceKey: `LDREEL-QUIET-${now.toString(36).toUpperCase()}`, startDate: iso(now - 29 * DAY), expireDate: iso(now + 1 * DAY) });

  const run = await request.post("/dev/test-api/workers/run", { headers: { "x-test-token": TEST_API_TOKEN }, data: { now: iso(now) } });
  expect(run.ok()).toBe(true);
  // The outbox sends within a second or two of a pass: give it longer, then look.
  await page.waitForTimeout(3_000);
  const mailbox = await page.request.get(`/dev/mailbox/messages.json?to=${encodeURIComponent(email)}`);
  const { messages } = (await mailbox.json()) as { messages: Array<{ subject: string }> };
  expect(messages.filter((m) => /expires/.test(m.subject)), JSON.stringify(messages.map((m) => [m.subject, (m as { receivedAt?: string }).receivedAt]))).toHaveLength(0);
});

test("an abandoned checkout: one e-mail whose link opens a fresh checkout of the same plan on License Keys", async ({ page, request }) => {
  const email = uniqueEmail("abandoned");
  await createUser(request, { email });
  const now = Date.now();
  await seedOrders(request, [{ email, kind: "plan", planId: "local-3m", status: "cancelled", createdAt: iso(now - 2 * 3_600_000) }]);
  const run = await request.post("/dev/test-api/workers/run", { headers: { "x-test-token": TEST_API_TOKEN }, data: { now: iso(now) } });
  expect(run.ok()).toBe(true);
  const mail = await waitForEmail(page, email, /^Your Keyshop 3 Months checkout is still waiting$/);
  const link = mail.links.find((l) => l.includes("/license-keys?buy="));
  expect(link).toBeTruthy();

  await signIn(page, email);
  await expect(page).toHaveURL(/\/license-keys$/);
  await page.goto(new URL(link!).pathname + new URL(link!).search);
  const dialog = page.getByRole("dialog", { name: "Complete your purchase" });
  await expect(dialog.getByRole("radio", { name: /3 Months/ })).toBeChecked();
  await dialog.getByRole("button", { name: "Pay $29.99" }).click();
  await approveAndReturn(page, "29.99");
  await expect(page.getByRole("table", { name: /Your licenses/ }).getByRole("row").filter({ hasText: "3 Months plan" })).toHaveCount(1);
});
