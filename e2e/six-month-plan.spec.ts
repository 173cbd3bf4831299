// A 6-month plan added in a test catalogue (decision 047): the instance sells the shop's plans plus
// one entry, and with no other file touched the plan shows on License Keys, in the Renew dialog
// and its checkout, the PayWay success, the receipt and licence e-mails and Transactions History,
// in English and in Khmer. (The landing's cards, hero buttons and payment pop-up are prerendered
// from the catalogue module: web/app/features/landing/six-month-plan.test.tsx renders them with the
// same entry.)
import { expect, test } from "@playwright/test";

import { approveOnPayway, createUser, englishIn, seedLicense, signIn, toast, uniqueEmail, useTestCatalogue, waitForEmail } from "./support";

const DAY = 86_400_000;
const SIX_MONTHS = { months: 6, periodDays: 180, bonusDays: 20, keyChanges: 30, prices: { local: 54_990, foreign: 89_990 } };

test.beforeAll(async ({ request }) => {
  const { planIds } = await useTestCatalogue(request, [SIX_MONTHS]);
  expect(planIds).toContain("local-6m");
});
test.afterAll(async ({ request }) => {
  await useTestCatalogue(request, []);
});

const LANGUAGES = [
  {
    language: "en" as const,
    title: "6 Months",
    licensePlan: "6 Months plan",
    renew: (name: string) => `Renew ${name}`,
    pay: "Pay $54.99",
    success: "Payment Successful!",
    described: "Your 6 Months subscription has been processed.",
    done: "Done",
    receiptSubject: /^Your Keyshop receipt /,
    history: "Transactions History",
    licences: /Your licenses/,
  },
  {
    language: "km" as const,
    title: "6 ខែ",
    licensePlan: "គម្រោង 6 ខែ",
    renew: (name: string) => `បន្តសុពលភាព ${name}`,
    pay: "បង់ $54.99",
    success: "ការបង់ប្រាក់បានជោគជ័យ!",
    described: "ការជាវគម្រោង 6 ខែ របស់អ្នក បានដំណើរការរួចរាល់។",
    done: "រួចរាល់",
    receiptSubject: /^បង្កាន់ដៃបង់ប្រាក់ Keyshop /,
    history: "ប្រវត្តិប្រតិបត្តិការ",
    licences: /អាជ្ញាប័ណ្ណរបស់អ្នក/,
  },
];

for (const l of LANGUAGES) {
  test(`(${l.language}) a 6-month licence renewed with the 6-month plan: Renew dialog, checkout, success, e-mails and history say ${l.title}`, async ({ page, request }) => {
    const email = uniqueEmail(`six-${l.language}`);
    await createUser(request, { email, language: l.language });
    const now = Date.now();
    const name = l.language === "km" ? "កុំព្យូទ័រហាង" : "Shop PC";
    const license = await seedLicense(request, {
      email,
      planId: "local-6m",
      name,
      deviceKey: `LDREEL-SIX-${l.language.toUpperCase()}-${now.toString(36).toUpperCase()}`,
      startDate: new Date(now - 10 * DAY).toISOString(),
      expireDate: new Date(now + 170 * DAY).toISOString(),
    });

    await signIn(page, email);
    await expect(page).toHaveURL(/\/license-keys$/);
    const row = page.getByRole("table", { name: l.licences }).getByRole("row").filter({ hasText: license.buyKey });
    await expect(row.getByText(l.licensePlan)).toBeVisible();

    // The Renew dialog lists it among the market's plans, by length, with its price; its checkout sells it.
    await row.getByRole("button", { name: l.renew(name) }).click();
    const dialog = page.getByRole("dialog", { name: l.renew(name) });
    const radios = dialog.getByRole("radio");
    await expect(radios).toHaveCount(4);
    await expect(radios.nth(2)).toHaveAccessibleName(new RegExp(`^${l.title} .*\\$54\\.99$`));
    await radios.nth(2).check();
    await expect(dialog.getByTestId("checkout-item")).toContainText(l.title);
    await expect(dialog.getByTestId("checkout-amount")).toContainText("$54.99");
    if (l.language === "km") expect(await englishIn(dialog)).toEqual([]);
    await dialog.getByRole("button", { name: l.pay }).click();
    await approveOnPayway(page, "54.99");

    // The success pop-up and toast, back from PayWay through the verified return (a full page load).
    const popup = page.getByRole("dialog", { name: l.success });
    await expect(popup).toBeVisible({ timeout: 30_000 });
    await expect(toast(page, l.success)).toContainText(l.described);
    await expect(popup.getByTestId("paid-plan")).toHaveText(l.title);
    await expect(popup.getByTestId("paid-amount")).toHaveText("$54.99");
    await popup.getByRole("button", { name: l.done }).click();

    // The receipt e-mail names the plan in the account's language.
    const receipt = await waitForEmail(page, email, l.receiptSubject);
    expect(receipt.text).toContain(l.title);
    if (l.language === "km") expect(receipt.text).not.toContain("Months");

    // Transactions History: the plan column.
    await page.goto("/transactions-history");
    await expect(page.getByRole("heading", { level: 1, name: l.history })).toBeVisible();
    const paid = page.getByRole("table").getByRole("row").filter({ hasText: "$54.99" });
    await expect(paid.getByRole("cell", { name: l.title, exact: true })).toBeVisible();
    if (l.language === "km") expect(await englishIn(page)).toEqual([]);
  });
}
