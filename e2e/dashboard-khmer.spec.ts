// The customer dashboard in Khmer (issue #27): a signed-in customer who has chosen Khmer sees
// License Keys, Transactions History, Profile and OTP Gmail in Khmer, with Khmer month names and
// Western digits, Khmer toasts, and no English word left in the page's own content (the header and
// sidebar are the dashboard shell's, translated on their own).
import { expect, test } from "@playwright/test";
import nodemailer from "nodemailer";

import { chooseKhmer, createUser, englishIn, seedBalance, seedLicense, seedOrders, signIn, toast, uniqueEmail, SHOP_TIME_ZONE } from "./support";

const PORT = Number(process.env.E2E_PORT ?? 3100);
const SMTP_PORT = PORT + 25;
const DAY = 86_400_000;

const khmerDate = (ms: number) =>
  new Intl.DateTimeFormat("km-KH-u-nu-latn", { month: "short", day: "numeric", year: "numeric", timeZone: SHOP_TIME_ZONE }).format(new Date(ms));

test.beforeEach(async ({ context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
});

test("a customer who chose Khmer manages licences, payments, profile and OTP mail in Khmer", async ({ page, request }) => {
  const email = uniqueEmail("khmer");
  // A Khmer account (as one made from a Khmer page): the account's language wins on load.
  await createUser(request, { email, language: "km" });
  const expiry = Date.now() + 40 * DAY;
  const { buyKey } = await seedLicense(request, {
    email,
    planId: "local-3m",
    name: "កុំព្យូទ័រហាង",
    deviceKey: `LDREEL-KM-${Date.now().toString(36).toUpperCase()}`,
    startDate: new Date(Date.now() - 50 * DAY).toISOString(),
    expireDate: new Date(expiry).toISOString(),
    changesLeft: 3,
  });
  await seedOrders(request, [{ email, kind: "plan", planId: "local-3m", status: "paid" }]);
  await seedBalance(request, { email, amountMills: 1_000 });

  await signIn(page, email);
  await expect(page).toHaveURL(/\/license-keys$/);
  await chooseKhmer(page);

  // License Keys.
  await page.goto("/license-keys");
  await expect(page.locator("html")).toHaveAttribute("lang", "km");
  await expect(page.getByRole("heading", { level: 1, name: "ការគ្រប់គ្រងអាជ្ញាប័ណ្ណ" })).toBeVisible();
  await expect(page).toHaveTitle("លេខកូដអាជ្ញាប័ណ្ណ | Keyshop");
  const table = page.getByRole("table", { name: /អាជ្ញាប័ណ្ណរបស់អ្នក/ });
  for (const header of ["ឈ្មោះ", "កូដឧបករណ៍", "លេខកូដអាជ្ញាប័ណ្ណ", "កាលបរិច្ឆេទផុតកំណត់", "ស្ថានភាព", "ចំនួនប្ដូរនៅសល់"]) {
    await expect(table.getByRole("columnheader", { name: header })).toBeVisible();
  }
  const row = table.getByRole("row").filter({ hasText: buyKey });
  await expect(row.getByText("សកម្ម", { exact: true })).toBeVisible();
  await expect(row.getByText("គម្រោង 3 ខែ")).toBeVisible();
  await expect(row.getByTestId("licence-expiry")).toHaveText(khmerDate(expiry));
  await expect(row.getByTestId("licence-days-left")).toHaveText("នៅសល់ 40 ថ្ងៃ");
  expect(await englishIn(page)).toEqual([]);

  // The change-key dialog's own check, and the renewal's plans, in Khmer.
  await row.getByRole("button", { name: "សកម្មភាពសម្រាប់ កុំព្យូទ័រហាង" }).click();
  await page.getByRole("menuitem", { name: "ប្ដូរកូដឧបករណ៍" }).click();
  const changeKey = page.getByRole("dialog", { name: "ប្ដូរកូដឧបករណ៍" });
  await changeKey.getByLabel("កូដឧបករណ៍ថ្មី").fill("not-a-key");
  await expect(changeKey.getByText("* សូមប្រើកូដថ្មីនៅលើកម្មវិធី។")).toBeVisible();
  await changeKey.getByRole("button", { name: "ប្ដូរកូដ" }).click();
  await expect(changeKey.getByRole("alert")).toHaveText("ទម្រង់កូដឧបករណ៍មិនត្រឹមត្រូវ។ សូមប្រើកូដដែលកម្មវិធីផ្ដល់ឱ្យ។");
  await changeKey.getByRole("button", { name: "បោះបង់" }).click();
  await row.getByRole("button", { name: "បន្តសុពលភាព កុំព្យូទ័រហាង" }).click();
  const renew = page.getByRole("dialog", { name: "បន្តសុពលភាព កុំព្យូទ័រហាង" });
  await expect(renew.getByRole("radio", { name: /12\s+ខែ/ })).toBeVisible();
  await expect(renew.getByTestId("checkout-item")).toContainText("បន្តសុពលភាព កុំព្យូទ័រហាង៖");
  await renew.getByRole("button", { name: "បោះបង់" }).click();

  // Transactions History (the customer's way in: Payment history).
  await page.getByRole("link", { name: "ប្រវត្តិការបង់ប្រាក់" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "ប្រវត្តិប្រតិបត្តិការ" })).toBeVisible();
  await expect(page.getByTestId("transactions-count")).toHaveText("ប្រតិបត្តិការ 1");
  await expect(page.getByText("ចំនួនទឹកប្រាក់សរុបដែលបានបង់")).toBeVisible();
  await expect(page.getByTestId("date-range-trigger")).toHaveText(khmerDate(Date.now()));
  const payments = page.getByRole("table");
  await expect(payments.getByRole("columnheader", { name: "គម្រោង" })).toBeVisible();
  const paid = payments.getByRole("row").filter({ hasText: /3\s+ខែ/ });
  await expect(paid.getByText("បានបង់ប្រាក់", { exact: true })).toHaveAttribute("data-tone", "paid");
  await expect(paid.getByRole("link", { name: /^ទាញយកបង្កាន់ដៃសម្រាប់/ })).toHaveText("បង្កាន់ដៃ");
  await expect(page.getByRole("searchbox", { name: "ស្វែងរក" })).toHaveAttribute("placeholder", "ស្វែងរកតាមអ៊ីមែល ឬលេខកូដ...");
  expect(await englishIn(page)).toEqual([]);
  // The calendar speaks Khmer too.
  await page.getByTestId("date-range-trigger").click();
  const calendar = page.getByRole("dialog", { name: "ជ្រើសរើសកាលបរិច្ឆេទ" });
  await expect(calendar.getByRole("grid")).toHaveCount(2);
  await expect(calendar.getByRole("grid").last()).toHaveAccessibleName(new Intl.DateTimeFormat("km-KH-u-nu-latn", { month: "long", year: "numeric", timeZone: SHOP_TIME_ZONE }).format(new Date()));
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "សម្អាតកាលបរិច្ឆេទ" }).click();
  await expect(page.getByTestId("date-range-trigger")).toHaveText("គ្រប់កាលបរិច្ឆេទ");

  // Profile.
  await page.goto("/profile");
  await expect(page.getByRole("heading", { level: 1, name: "ប្រវត្តិរូប" })).toBeVisible();
  await expect(page.getByTestId("profile-name")).toHaveText("មិនទាន់កំណត់");
  await page.getByRole("button", { name: "ចម្លង", exact: true }).click();
  await expect(toast(page, "បានចម្លង!")).toContainText("បានចម្លង API Key ទៅក្ដារតម្បៀតខ្ទាស់");
  await expect(page.getByRole("button", { name: "បញ្ចូលសមតុល្យឥឡូវនេះ" })).toBeDisabled();

  // OTP Gmail: buy, check before and after the code arrives.
  await page.goto("/otp-gmail");
  await expect(page.getByRole("heading", { level: 1, name: "ប្រវត្តិ OTP Gmail" })).toBeVisible();
  await expect(page.getByText("រកមិនឃើញប្រវត្តិ OTP Gmail ទេ")).toBeVisible();
  await expect(page.getByTestId("balance-chip")).toHaveText("សមតុល្យ៖ $1.00");
  expect(await englishIn(page)).toEqual([]);
  await page.getByRole("button", { name: "ទិញ Gmail" }).click();
  await expect(toast(page, "បានទិញ Gmail")).toBeVisible();
  const rows = page.getByRole("table").locator("tbody tr");
  await expect(rows).toHaveCount(1);
  await expect(page.getByTestId("total-spent-chip")).toContainText("ប្រតិបត្តិការ 1");
  await expect(rows.first().getByText("កំពុងរង់ចាំ")).toBeVisible();
  const address = (await rows.first().getByRole("button", { name: /^ចម្លងអាសយដ្ឋាន / }).textContent())!.trim();
  await rows.first().getByRole("button", { name: /^ពិនិត្យ OTP/ }).click();
  await expect(toast(page, "មិនទាន់មាន OTP")).toBeVisible();
  await nodemailer
    .createTransport({ host: "127.0.0.1", port: SMTP_PORT, secure: false, ignoreTLS: true })
    .sendMail({ from: "Facebook <security@facebookmail.com>", to: address, subject: "FB-48213 is your Facebook confirmation code", text: "FB-48213 is your Facebook confirmation code." });
  await expect(async () => {
    await rows.first().getByRole("button", { name: /^ពិនិត្យ OTP/ }).click();
    await expect(toast(page, "រកឃើញ OTP ហើយបានចម្លង")).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  await expect(toast(page, "រកឃើញ OTP ហើយបានចម្លង")).toContainText("OTP ចុងក្រោយ៖ 48213 (បានចម្លងទៅក្ដារតម្បៀតខ្ទាស់)");
  await expect(rows.first().getByText("ជោគជ័យ")).toBeVisible();
  await page.getByRole("button", { name: "ម្សិលមិញ" }).click();
  await expect(page.getByText("រកមិនឃើញប្រតិបត្តិការក្នុងចន្លោះកាលបរិច្ឆេទដែលបានជ្រើសរើសទេ")).toBeVisible();
  expect(await englishIn(page)).toEqual([]);
});

test("at 375 px the Khmer pages, and the messages dialog with a long address, stay within the screen", async ({ page, request }) => {
  const email = uniqueEmail("khmer-375");
  // A Khmer account (as one made from a Khmer page): the account's language wins on load.
  await createUser(request, { email, language: "km" });
  await seedLicense(request, { email, planId: "local-12m", name: "កុំព្យូទ័រហាង", deviceKey: `LDREEL-7F3A-91C2-0B1D-${Date.now().toString(36).toUpperCase()}`, startDate: new Date(Date.now() - DAY).toISOString(), expireDate: new Date(Date.now() + 300 * DAY).toISOString() });
  await seedOrders(request, [{ email, kind: "plan", planId: "local-12m", status: "paid" }, { email, kind: "topup", amountMills: 5_000, status: "paid" }]);
  await seedBalance(request, { email, amountMills: 1_000 });
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, email);
  await expect(page).toHaveURL(/\/license-keys$/);
  await chooseKhmer(page);

  const fits = () =>
    page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth] as const);
  for (const [path, heading] of [
    ["/license-keys", "ការគ្រប់គ្រងអាជ្ញាប័ណ្ណ"],
    ["/license-history", "ប្រវត្តិអាជ្ញាប័ណ្ណ"],
    ["/transactions-history", "ប្រវត្តិប្រតិបត្តិការ"],
    ["/profile", "ប្រវត្តិរូប"],
    ["/otp-gmail", "ប្រវត្តិ OTP Gmail"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    const [scrollWidth, innerWidth] = await fits();
    expect(scrollWidth, `${path} is ${scrollWidth}px wide in a ${innerWidth}px window`).toBeLessThanOrEqual(innerWidth);
  }

  await page.getByRole("button", { name: "ទិញ Gmail" }).click();
  await page.getByRole("button", { name: /^បើកសារសម្រាប់ / }).click();
  const dialog = page.getByRole("dialog", { name: /^សារសម្រាប់ / });
  await expect(dialog).toBeVisible();
  const [contentWidth, boxWidth] = await dialog.evaluate((el) => [el.scrollWidth, el.clientWidth]);
  expect(contentWidth, "the dialog's content is wider than the dialog").toBeLessThanOrEqual(boxWidth);
});
