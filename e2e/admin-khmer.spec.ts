// The admin console in Khmer (issue #27, item 2): a super-admin who has chosen Khmer opens
// Overview, Transactions Gmail, User Management, Manage Balance and Audit Log, sees Khmer headings,
// titles, columns and states, adjusts a balance through its confirmation and toast in Khmer, finds
// the change in the audit log in words, and no English word is left in the pages' own content.
// At 375 px the Overview stays within the screen.
import { expect, test, type Page } from "@playwright/test";

import { chooseKhmer, createUser, englishIn, seedBalance, seedOrders, signIn, uniqueEmail } from "./support";

function toast(page: Page, title: string) {
  return page.locator("[data-sonner-toast]").filter({ hasText: title });
}

test("a super-admin who chose Khmer runs the admin console in Khmer and adjusts a balance", async ({ page, request }, testInfo) => {
  test.slow(); // five pages, a role change and two balance changes: a long journey on a busy machine
  const boss = uniqueEmail("km-super");
  const customer = uniqueEmail("km-customer");
  // A Khmer account: the account's language wins on load. Admins sign in with a second factor.
  const bossUser = await createUser(request, { email: boss, role: "admin", superAdmin: true, language: "km" });
  await createUser(request, { email: customer });
  await seedBalance(request, { email: customer, amountMills: 1_000 });
  await seedOrders(request, [
    { email: customer, kind: "plan", planId: "local-3m" },
    { email: customer, kind: "topup", amountMills: 5_000 },
    { email: customer, kind: "plan", planId: "local-1m", status: "pending" },
  ]);

  await signIn(page, boss, undefined, { totpSecret: bossUser.totpSecret });
  await expect(page).not.toHaveURL(/\/auth/);
  await chooseKhmer(page);

  // Overview: cards, chart, plan mix, recent transactions.
  await page.goto("/overview");
  await expect(page.locator("html")).toHaveAttribute("lang", "km");
  await expect(page.getByRole("heading", { level: 1, name: "ទិដ្ឋភាពទូទៅ" })).toBeVisible();
  await expect(page).toHaveTitle("ទិដ្ឋភាពទូទៅ | Keyshop");
  await expect(page.getByTestId("card-total-users").getByRole("heading", { name: "អ្នកប្រើសរុប" })).toBeVisible();
  await expect(page.getByTestId("card-all-time").getByRole("heading", { name: "ចំណូលសរុបគ្រប់ពេល" })).toBeVisible();
  await expect(page.getByTestId("card-sales-today-value")).toHaveText(/^\$[\d,]+\.\d{2}$/);
  const chart = page.getByTestId("revenue-chart");
  await expect(chart.locator(".recharts-bar-rectangle").first()).toBeVisible();
  await expect(chart.getByText("ការបញ្ចូលសមតុល្យ")).toBeVisible();
  await expect(page.getByRole("table", { name: "ចំណូលប្រចាំថ្ងៃ 30\u00a0ថ្ងៃចុងក្រោយ" })).toBeAttached();
  await expect(page.getByRole("list", { name: "ការលក់តាមគម្រោង" })).toContainText("3 ខែ");
  const recent = page.getByRole("table", { name: /ការបញ្ជាទិញ 40 ចុងក្រោយ/ });
  await expect(recent.getByRole("columnheader", { name: "លេខកូដអាជ្ញាប័ណ្ណ" })).toBeVisible();
  await expect(recent.getByRole("row").filter({ hasText: customer })).toHaveCount(3);
  await expect(recent.getByRole("row").filter({ hasText: customer }).getByText("កំពុងរង់ចាំ", { exact: true })).toHaveCount(1);
  await expect(page.getByTestId("refund-queue")).toContainText("សំណើសងប្រាក់វិញ");
  expect(await englishIn(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath("overview-km-desktop.png"), fullPage: true });

  // Transactions Gmail, through the sidebar (the shell's Khmer name).
  await page.getByRole("navigation", { name: "ផ្ទាំងគ្រប់គ្រង" }).getByRole("link", { name: "ប្រតិបត្តិការ Gmail" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "ប្រតិបត្តិការ OTP Gmail" })).toBeVisible();
  await expect(page).toHaveTitle("ប្រតិបត្តិការ Gmail | Keyshop");
  await expect(page.getByTestId("otp-count-badge")).toHaveText("ប្រតិបត្តិការ 0");
  await expect(page.getByTestId("otp-total-revenue")).toContainText("ចំណូលសរុប");
  await expect(page.getByText("មិនទាន់មានប្រតិបត្តិការ Gmail នៅឡើយទេ")).toBeHidden();
  await expect(page.getByText("រកមិនឃើញប្រតិបត្តិការទេ")).toBeVisible();
  await expect(page.getByRole("searchbox", { name: "ស្វែងរកប្រតិបត្តិការ Gmail" })).toHaveAttribute("placeholder", "ស្វែងរកតាម Gmail, API Key ឬសេវាកម្ម...");
  expect(await englishIn(page)).toEqual([]);

  // User Management: promote the customer (role dropdown and its toast in Khmer).
  await page.goto("/user-management");
  await expect(page.getByRole("heading", { level: 1, name: "ការគ្រប់គ្រងអ្នកប្រើ" })).toBeVisible();
  await expect(page).toHaveTitle("ការគ្រប់គ្រងអ្នកប្រើ | Keyshop");
  await page.getByRole("searchbox", { name: "ស្វែងរកអ្នកប្រើ" }).fill(customer);
  const userRow = page.getByTestId("user-row").filter({ hasText: customer });
  await expect(page.getByTestId("user-row")).toHaveCount(1);
  const roleSelect = userRow.getByRole("combobox", { name: `តួនាទីរបស់ ${customer}` });
  await expect(roleSelect).toHaveText("អ្នកប្រើ");
  await expect(page.getByRole("table").getByRole("columnheader", { name: "តួនាទី" })).toBeVisible();
  expect(await englishIn(page)).toEqual([]);
  await roleSelect.click();
  await page.getByRole("option", { name: "អ្នកគ្រប់គ្រង" }).click();
  await expect(toast(page, "បានប្ដូរតួនាទី")).toContainText("អ្នកបានប្ដូរតួនាទីរបស់អ្នកប្រើដោយជោគជ័យ។");
  await expect(roleSelect).toHaveText("អ្នកគ្រប់គ្រង");
  await page.getByRole("searchbox", { name: "ស្វែងរកអ្នកប្រើ" }).fill(boss);
  await expect(page.getByTestId("user-row").filter({ hasText: boss })).toContainText("អ្នកគ្រប់គ្រងជាន់ខ្ពស់");
  await expect(page.getByTestId("user-row").filter({ hasText: boss })).toContainText("(អ្នក)");
  expect(await englishIn(page)).toEqual([]);

  // Manage Balance: a refused subtraction, then $1.00 + $10 through the confirmation.
  await page.goto("/manage-balance");
  await expect(page.getByRole("heading", { level: 1, name: "គ្រប់គ្រងសមតុល្យអ្នកប្រើ" })).toBeVisible();
  await expect(page).toHaveTitle("គ្រប់គ្រងសមតុល្យ | Keyshop");
  await page.getByRole("searchbox", { name: "ស្វែងរកអ្នកប្រើ និង API Key" }).fill(customer);
  const row = page.getByTestId("balance-row").filter({ hasText: customer });
  await expect(page.getByTestId("balance-row")).toHaveCount(1);
  await expect(row.getByTestId("key-balance")).toHaveText("$1.00");
  await expect(page.getByText("បង្ហាញ អ្នកប្រើ 1 ដល់ 1 នៃ 1")).toBeVisible();
  const apiKey = (await row.locator(".font-mono").first().textContent())!.trim();
  expect(await englishIn(page, [apiKey])).toEqual([]);

  const amount = row.getByLabel(`ចំនួនទឹកប្រាក់ជាដុល្លារសម្រាប់ ${customer}`);
  await expect(amount).toHaveAttribute("placeholder", "បញ្ចូលចំនួនទឹកប្រាក់");
  await amount.fill("50");
  await row.getByRole("button", { name: `ដកពីសមតុល្យរបស់ ${customer}` }).click();
  await expect(toast(page, "ប្រតិបត្តិការមិនត្រឹមត្រូវ")).toContainText("សមតុល្យមិនអាចតិចជាងសូន្យបានទេ");
  await expect(page.getByRole("dialog")).toHaveCount(0);

  await amount.fill("10");
  await row.getByRole("button", { name: `បន្ថែមទៅសមតុល្យរបស់ ${customer}` }).click();
  const dialog = page.getByRole("dialog", { name: "បន្ថែម $10.00 ទៅសមតុល្យនេះ?" });
  await expect(dialog).toContainText("$1.00 → $11.00");
  await expect(dialog).toContainText("ការប្ដូរនេះត្រូវបានកត់ត្រាជាមួយឈ្មោះរបស់អ្នក។");
  await dialog.getByLabel("កំណត់សម្គាល់ (មិនចាំបាច់)").fill("x".repeat(501));
  await dialog.getByRole("button", { name: "បន្ថែម $10.00" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("កំណត់សម្គាល់អាចមានយ៉ាងច្រើន 500 តួអក្សរ");
  await dialog.getByLabel("កំណត់សម្គាល់ (មិនចាំបាច់)").fill("ប្រាក់រង្វាន់");
  await dialog.getByRole("button", { name: "បន្ថែម $10.00" }).click();
  await expect(toast(page, "ជោគជ័យ")).toContainText("អ្នកបានបន្ថែមសមតុល្យដោយជោគជ័យ។");
  await expect(dialog).toBeHidden();
  await expect(row.getByTestId("key-balance")).toHaveText("$11.00");

  // Audit Log: the adjustment and the role change in words, the filter in Khmer.
  await page.getByRole("navigation", { name: "ផ្ទាំងគ្រប់គ្រង" }).getByRole("link", { name: "កំណត់ហេតុសវនកម្ម" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "កំណត់ហេតុសវនកម្ម" })).toBeVisible();
  await expect(page).toHaveTitle("កំណត់ហេតុសវនកម្ម | Keyshop");
  const audit = page.getByRole("table", { name: /កំណត់ហេតុសវនកម្ម/ });
  const mine = audit.getByRole("row").filter({ hasText: customer });
  await expect(mine.filter({ hasText: "បានបន្ថែមសមតុល្យ៖ $10.00" })).toContainText("ប្រាក់រង្វាន់");
  await expect(mine.filter({ hasText: "ការប្ដូរតួនាទី" })).toContainText("អ្នកគ្រប់គ្រង");
  expect(await englishIn(page)).toEqual([]);
  await page.getByRole("combobox", { name: "បង្ហាញ" }).click();
  await page.getByRole("option", { name: "ការកែសម្រួលសមតុល្យ" }).click();
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText("$11.00");

  // At 375 px the Overview in Khmer stays within the screen.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/overview");
  await expect(page.getByRole("heading", { level: 1, name: "ទិដ្ឋភាពទូទៅ" })).toBeVisible();
  await expect(page.getByTestId("revenue-chart").locator(".recharts-bar-rectangle").first()).toBeVisible();
  const [scrollWidth, innerWidth] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth] as const);
  expect(scrollWidth, `the Overview is ${scrollWidth}px wide in a ${innerWidth}px window`).toBeLessThanOrEqual(innerWidth);
  await page.screenshot({ path: testInfo.outputPath("overview-km-375.png"), fullPage: true });
});
