// Khmer all the way, whole journeys (issue #27): a customer on the Khmer landing signs up (the
// account speaks Khmer), confirms the address from a Khmer e-mail, buys a plan through the PayWay
// simulator (the Khmer payment pop-up, success and receipt e-mail), renews it from the Renew
// dialog, asks for a refund (Khmer dialog, toast and e-mail), tops up and buys an OTP Gmail address
// whose code arrives: at each step the texts a customer reads are Khmer, and no English is left.
import { expect, test, type Page } from "@playwright/test";
import nodemailer from "nodemailer";

import { approveOnPayway, chooseKhmer, collectConsoleErrors, createUser, englishIn, PASSWORD, signIn, toast, uniqueEmail, waitForEmail, waitForHydration } from "./support";

const PORT = Number(process.env.E2E_PORT ?? 3100);
const SMTP_PORT = PORT + 25;

test.beforeEach(async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  // Only this machine is ever asked (the landing's tutorial embed would go out).
  await page.route((url) => url.hostname !== "localhost" && url.hostname !== "127.0.0.1", (route) => route.abort());
});

/** The success toast and pop-up after a return from PayWay: Khmer, verified, closed with Done; the buy key it names. */
async function khmerSuccess(page: Page, plan: string, amount: string, said: string) {
  const popup = page.getByRole("dialog", { name: "ការបង់ប្រាក់បានជោគជ័យ!" });
  // Back from PayWay through the verified return (a full page load).
  await expect(popup).toBeVisible({ timeout: 30_000 });
  await expect(toast(page, "ការបង់ប្រាក់បានជោគជ័យ!")).toContainText(said);
  await expect(popup.getByTestId("paid-plan")).toHaveText(plan);
  await expect(popup.getByTestId("paid-amount")).toHaveText(amount);
  await expect(popup.getByTestId("payment-verified-status")).toContainText("បានផ្ទៀងផ្ទាត់ជាមួយ PayWay៖ បានបង់ប្រាក់។");
  expect(await englishIn(popup)).toEqual([]);
  // A plan's buy key (a top-up has none).
  const key = popup.getByTestId("payment-verified-status").locator("code");
  const buyKey = (await key.count()) ? ((await key.textContent()) ?? "").trim() : null;
  await popup.getByRole("button", { name: "រួចរាល់" }).click();
  await expect(popup).toBeHidden();
  return buyKey;
}

test("a Khmer customer signs up, buys, renews, asks for a refund, tops up and reads an OTP, all in Khmer", async ({ page }) => {
  test.setTimeout(300_000);
  const errors = collectConsoleErrors(page);
  const email = uniqueEmail("journey-km");

  // The landing, switched to Khmer.
  await page.goto("/");
  await expect(page.getByRole("banner")).toHaveAttribute("data-hydrated", "true");
  await page.getByRole("button", { name: /^Language/ }).click();
  await page.getByRole("button", { name: "ខ្មែរ", exact: true }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "km");
  await expect(page.locator("#pricing").getByRole("heading", { level: 3, name: "3 ខែ" })).toBeVisible();

  // Sign up from the header's Sign In.
  await page.getByRole("banner").getByRole("link", { name: "ចូលគណនី" }).first().click();
  await expect(page).toHaveURL(/\/auth$/);
  await waitForHydration(page);
  await page.getByRole("dialog", { name: "សូមស្វាគមន៍ការត្រឡប់មកវិញ" }).getByRole("link", { name: "មិនទាន់មានគណនី? ចុះឈ្មោះ" }).click();
  const signUp = page.getByRole("dialog", { name: "បង្កើតគណនីរបស់អ្នក" });
  await expect(signUp.getByLabel("បង្កើតពាក្យសម្ងាត់")).toBeVisible();
  await signUp.getByLabel("អាសយដ្ឋានអ៊ីមែល").fill(email);
  await signUp.getByLabel("បង្កើតពាក្យសម្ងាត់").fill(PASSWORD);
  await signUp.getByRole("button", { name: "ចុះឈ្មោះ", exact: true }).click();
  await expect(signUp.getByRole("status").filter({ hasText: "សូមពិនិត្យអ៊ីមែលរបស់អ្នក ដើម្បីបើកតំណបញ្ជាក់" })).toBeVisible();

  // The confirmation e-mail is Khmer (the account took the page's language); its link confirms.
  const confirm = await waitForEmail(page, email, /./);
  expect(confirm.subject).toBe("បញ្ជាក់អ៊ីមែល Keyshop របស់អ្នក");
  const link = confirm.links.find((l) => l.includes("/verify-email"));
  expect(link).toBeTruthy();
  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await expect(page).toHaveURL(/\/auth\?verified=1/);
  await waitForHydration(page);
  const signIn = page.getByRole("dialog", { name: "សូមស្វាគមន៍ការត្រឡប់មកវិញ" });
  await expect(signIn.getByText("អ៊ីមែលរបស់អ្នកបានបញ្ជាក់រួចហើយ។ សូមចូលគណនីដើម្បីបន្ត។")).toBeVisible();
  await signIn.getByLabel("អាសយដ្ឋានអ៊ីមែល").fill(email);
  await signIn.getByLabel("ពាក្យសម្ងាត់", { exact: true }).fill(PASSWORD);
  await signIn.getByRole("button", { name: "ចូលគណនី", exact: true }).click();
  await expect(page).toHaveURL(/\/license-keys$/);
  await expect(toast(page, "សូមស្វាគមន៍! អ្នកបានចូលគណនីដោយជោគជ័យ។")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "ការគ្រប់គ្រងអាជ្ញាប័ណ្ណ" })).toBeVisible();

  // Buy the 3-month plan from the landing: the Khmer payment pop-up, PayWay, the Khmer success.
  await page.goto("/");
  await page.locator("#pricing").getByRole("button", { name: "ចាប់ផ្ដើម" }).nth(1).click();
  const pay = page.getByRole("dialog", { name: "3 ខែ — $29.99" });
  await expect(pay.getByLabel("អ៊ីមែល")).toHaveValue(email);
  expect(await englishIn(pay)).toEqual([]);
  await pay.getByRole("button", { name: "បង់ $29.99" }).click();
  await approveOnPayway(page, "29.99");
  await expect(page).toHaveURL(/\/license-keys$/, { timeout: 20_000 });
  const buyKey = (await khmerSuccess(page, "3 ខែ", "$29.99", "ការជាវគម្រោង 3 ខែ របស់អ្នក បានដំណើរការរួចរាល់។")) ?? "";
  expect(buyKey).toMatch(/^KS-/);
  // The licence e-mail and the receipt, in Khmer.
  await waitForEmail(page, email, new RegExp(`^អាជ្ញាប័ណ្ណ Keyshop 3 ខែ របស់អ្នក៖ ${buyKey}$`));
  const receipt = await waitForEmail(page, email, /^បង្កាន់ដៃបង់ប្រាក់ Keyshop /);
  expect(receipt.text).toContain("3 ខែ");
  expect(receipt.text).not.toContain("3 Months");

  // Renew it from License Keys: the Renew dialog, PayWay, the Khmer success.
  const licenses = page.getByRole("table", { name: /អាជ្ញាប័ណ្ណរបស់អ្នក/ });
  const row = licenses.getByRole("row").filter({ hasText: buyKey });
  await expect(row.getByText("គម្រោង 3 ខែ")).toBeVisible();
  await row.getByRole("button", { name: /^បន្តសុពលភាព / }).click();
  const renew = page.getByRole("dialog", { name: /^បន្តសុពលភាព / });
  await renew.getByRole("radio", { name: /1\s+ខែ/ }).check();
  await expect(renew.getByTestId("checkout-item")).toContainText("1 ខែ");
  expect(await englishIn(renew)).toEqual([]);
  await renew.getByRole("button", { name: "បង់ $9.99" }).click();
  await approveOnPayway(page, "9.99");
  await khmerSuccess(page, "1 ខែ", "$9.99", "ការជាវគម្រោង 1 ខែ របស់អ្នក បានដំណើរការរួចរាល់។");
  expect(await englishIn(page)).toEqual([]);

  // Ask for the 3-month plan's money back from Transactions History.
  await page.getByRole("link", { name: "ប្រវត្តិការបង់ប្រាក់" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "ប្រវត្តិប្រតិបត្តិការ" })).toBeVisible();
  await expect(page.getByTestId("transactions-count")).toHaveText("ប្រតិបត្តិការ 2");
  const paid = page.getByRole("table").getByRole("row").filter({ hasText: buyKey });
  await expect(paid.getByRole("cell", { name: "3 ខែ", exact: true })).toBeVisible();
  expect(await englishIn(page)).toEqual([]);
  await paid.getByRole("button", { name: /^ស្នើសុំសងប្រាក់វិញសម្រាប់ 3 ខែ / }).click();
  const ask = page.getByRole("dialog", { name: "ស្នើសុំសងប្រាក់វិញ" });
  await ask.getByLabel("ហេតុអ្វីបានជាអ្នកចង់បានប្រាក់វិញ?").fill("ខុស");
  await ask.getByRole("button", { name: "ផ្ញើសំណើ" }).click();
  await expect(ask.getByRole("alert")).toHaveText("សូមប្រាប់យើងពីមូលហេតុ ក្នុងចន្លោះ 10 ដល់ 1000 តួអក្សរ");
  expect(await englishIn(ask)).toEqual([]);
  await ask.getByLabel("ហេតុអ្វីបានជាអ្នកចង់បានប្រាក់វិញ?").fill("ខ្ញុំបានទិញគម្រោងខុស សូមសងប្រាក់វិញ។");
  await ask.getByRole("button", { name: "ផ្ញើសំណើ" }).click();
  await expect(toast(page, "បានស្នើសុំសងប្រាក់វិញ")).toContainText("យើងនឹងឆ្លើយតបតាមអ៊ីមែល។");
  await expect(paid.getByTestId("refund-request-status")).toHaveText("បានស្នើសុំសងប្រាក់វិញ");
  await waitForEmail(page, email, /^យើងបានទទួលសំណើសងប្រាក់វិញរបស់អ្នក \(គម្រោង 3 ខែ\)$/);
  expect(await englishIn(page)).toEqual([]);

  // Top up $5 on Profile: the Khmer pop-up, PayWay, back on Profile with the balance.
  await page.goto("/profile");
  await expect(page.getByRole("heading", { level: 1, name: "ប្រវត្តិរូប" })).toBeVisible();
  await page.getByLabel("ចំនួនទឹកប្រាក់ (USD)").fill("5");
  await page.getByRole("button", { name: "បញ្ចូលសមតុល្យឥឡូវនេះ" }).click();
  const topUp = page.getByRole("dialog", { name: "ការបញ្ចូលសមតុល្យ" });
  await expect(topUp.getByTestId("checkout-item")).toHaveText("ការបញ្ចូលសមតុល្យ");
  expect(await englishIn(topUp)).toEqual([]);
  await topUp.getByRole("button", { name: "បង់ $5.00", exact: true }).click();
  await approveOnPayway(page, "5.00");
  // Back where the top-up started.
  await khmerSuccess(page, "ការបញ្ចូលសមតុល្យ", "$5.00", "ការបញ្ចូលសមតុល្យ $5.00 របស់អ្នក បានដំណើរការរួចរាល់។");
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByTestId("profile-balance")).toHaveText("$5.00");
  expect(await englishIn(page)).toEqual([]);

  // Buy an OTP Gmail address and read the code that arrives.
  await page.goto("/otp-gmail");
  await expect(page.getByRole("heading", { level: 1, name: "ប្រវត្តិ OTP Gmail" })).toBeVisible();
  await page.getByRole("button", { name: "ទិញ Gmail" }).click();
  await expect(toast(page, "បានទិញ Gmail")).toBeVisible();
  const otp = page.getByRole("table").locator("tbody tr").first();
  const address = (await otp.getByRole("button", { name: /^ចម្លងអាសយដ្ឋាន / }).textContent())!.trim();
  await nodemailer
    .createTransport({ host: "127.0.0.1", port: SMTP_PORT, secure: false, ignoreTLS: true })
    .sendMail({ from: "Facebook <security@facebookmail.com>", to: address, subject: "FB-27031 is your Facebook confirmation code", text: "FB-27031 is your Facebook confirmation code." });
  await expect(async () => {
    await otp.getByRole("button", { name: /^ពិនិត្យ OTP/ }).click();
    await expect(toast(page, "រកឃើញ OTP ហើយបានចម្លង")).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  await expect(toast(page, "រកឃើញ OTP ហើយបានចម្លង")).toContainText("OTP ចុងក្រោយ៖ 27031");
  await expect(otp.getByText("ជោគជ័យ")).toBeVisible();
  expect(await englishIn(page)).toEqual([]);
  expect(errors).toEqual([]);
});

test("at 375 px the Khmer landing, its pricing and its payment pop-up stay within the screen", async ({ page, request }) => {
  const email = uniqueEmail("journey-km-375");
  await createUser(request, { email, language: "km" });
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, email);
  await expect(page).toHaveURL(/\/license-keys$/);
  await chooseKhmer(page);
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "km");
  // Every section, the lazy ones too.
  await page.locator("footer").last().scrollIntoViewIfNeeded();
  const fits = () => page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth] as const);
  let [scrollWidth, innerWidth] = await fits();
  expect(scrollWidth, `the landing is ${scrollWidth}px wide in a ${innerWidth}px window`).toBeLessThanOrEqual(innerWidth);

  await page.locator("#pricing").getByRole("button", { name: "ចាប់ផ្ដើម" }).nth(1).click();
  const pay = page.getByRole("dialog", { name: "3 ខែ — $29.99" });
  await expect(pay.getByRole("button", { name: "បង់ $29.99" })).toBeVisible();
  const [contentWidth, boxWidth] = await pay.evaluate((el) => [el.scrollWidth, el.clientWidth]);
  expect(contentWidth, "the pop-up's content is wider than the pop-up").toBeLessThanOrEqual(boxWidth);
  const box = (await pay.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(375);
  [scrollWidth, innerWidth] = await fits();
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
});
