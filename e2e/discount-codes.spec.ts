// Discount codes in Chromium (issue #33 item 2, decision 077), as the "Must show" asks: the
// seller (a super-admin) adds a plan on the Catalogue page and a code for it on the Discount codes
// page; a customer on the Khmer landing picks that plan, applies the code under "Have a discount
// code?" (the old price struck through, the new one beside it), pays the new price through the
// PayWay simulator, and the receipt e-mail and Transactions History show the code and the
// discount; the code a second time (one use per customer) is refused under the field, in Khmer.
import { expect, test, type Page } from "@playwright/test";

import { approveOnPayway, chooseKhmer, createUser, englishIn, signIn, signInTo, toast, uniqueEmail, useTestCatalogue, waitForEmail } from "./support";
import { KHMER_PRICING_HEADING } from "./landing-page";

// The shop's own catalogue again after the test: other specs expect its plans (the added plan is
// retired; the code only covers that plan, so it can sell nothing else).
test.afterAll(async ({ request }) => {
  await useTestCatalogue(request, []);
});

// 2 months at $24.99, 20 % off: $4.99 off (whole cents, rounded down), $20.00 to pay.
const PLAN = { months: "2", price: "24.99", en: "2 Months", km: "2 ខែ" };
const PRICE = "$24.99";
const OFF = "$4.99";
const PAID = "$20.00";
// The field's placeholder shows an example code ("ឧ. NEWYEAR"): a code, written as customers type it.
const KEPT = { kept: ["NEWYEAR"] };

/** The seller adds the plan on the Catalogue page and a code for it, one use per customer, on Discount codes. */
async function sellerMakesCode(page: Page, code: string) {
  const seller = await createUser(page.request, { email: uniqueEmail("discount-seller"), role: "admin", superAdmin: true });
  await signInTo(page, seller, "/catalogue");
  await expect(page.getByRole("heading", { level: 1, name: "Catalogue" })).toBeVisible();
  await page.getByRole("button", { name: "Add plan" }).click();
  const add = page.getByRole("dialog", { name: "Add a plan" });
  await add.getByLabel("Length in months").fill(PLAN.months);
  await add.getByLabel("Price in dollars").fill(PLAN.price);
  await add.getByLabel("Key changes").fill("10");
  await add.getByRole("button", { name: "Add plan" }).click();
  await expect(toast(page, "Plan added")).toBeVisible();
  await expect(add).toBeHidden();
  const local = page.getByRole("region", { name: "Local price list" });
  await expect(local.getByRole("row").filter({ hasText: PLAN.en }).getByText(PRICE)).toBeVisible();

  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Discount codes" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Discount codes" })).toBeVisible();
  await page.getByRole("button", { name: "New code" }).click();
  const form = page.getByRole("dialog", { name: "New discount code" });
  await form.getByLabel("Code", { exact: true }).fill(code.toLowerCase()); // case does not matter
  await form.getByLabel("Percent", { exact: true }).check();
  await form.getByLabel("Percent off").fill("20");
  await form.getByLabel(`${PLAN.en} · Local · ${PRICE}`).check();
  await form.getByLabel("Uses per customer").fill("1");
  await form.getByRole("button", { name: "Create code" }).click();
  await expect(toast(page, "Code created")).toBeVisible();
  await expect(form).toBeHidden();
  await expect(page.getByRole("row").filter({ hasText: code }).getByText("20% off")).toBeVisible();
}

/** The Khmer landing's card of the added plan, its payment pop-up open. */
async function openPlanCheckout(page: Page) {
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "km");
  const pricing = page.getByRole("region", { name: KHMER_PRICING_HEADING });
  await pricing.getByRole("listitem", { name: PLAN.km, exact: true }).getByRole("button", { name: "ចាប់ផ្ដើម" }).click();
  const pay = page.getByRole("dialog", { name: `${PLAN.km} — ${PRICE}` });
  await expect(pay.getByTestId("checkout-amount")).toContainText(PRICE);
  await pay.getByRole("button", { name: "មានកូដបញ្ចុះតម្លៃទេ?" }).click();
  return pay;
}

test("a seller's code for a new plan, applied on the Khmer landing, paid, on the receipt and history, and refused the second time", async ({ browser, page, request }) => {
  test.setTimeout(240_000);
  const code = `KHNY-${Date.now().toString(36).toUpperCase()}`;
  const sellerPage = await browser.newPage();
  await sellerMakesCode(sellerPage, code);
  await sellerPage.close();

  // A customer whose account speaks Khmer, on the Khmer landing.
  const email = uniqueEmail("discount-km");
  await createUser(request, { email, language: "km" });
  await signIn(page, email);
  await expect(page).toHaveURL(/\/license-keys$/);
  await chooseKhmer(page);
  const pay = await openPlanCheckout(page);

  // Apply the code: the old price struck through, the new one, the discount line, Pay at the new price.
  const field = pay.getByRole("textbox", { name: "កូដបញ្ចុះតម្លៃ" });
  await field.fill(code.toLowerCase());
  await pay.getByRole("button", { name: "ប្រើកូដ" }).click();
  await expect(pay.getByRole("status").filter({ hasText: code })).toHaveText(`បានប្រើកូដ ${code}៖ បញ្ចុះ ${OFF}។`);
  const amount = pay.getByTestId("checkout-amount");
  await expect(amount.getByRole("deletion")).toContainText(PRICE);
  await expect(amount.getByRole("insertion")).toContainText(PAID);
  await expect(pay.getByTestId("checkout-discount")).toHaveText(`−${OFF}`);
  await expect(pay.getByText(`ការបញ្ចុះតម្លៃ (${code})`)).toBeVisible();
  expect(await englishIn(pay, [code], KEPT)).toEqual([]);

  // Pay through the simulator: the amount PayWay is asked for is the new price.
  await pay.getByRole("button", { name: `បង់ ${PAID}` }).click();
  await approveOnPayway(page, PAID.slice(1));
  const popup = page.getByRole("dialog", { name: "ការបង់ប្រាក់បានជោគជ័យ!" });
  await expect(popup).toBeVisible({ timeout: 30_000 });
  await expect(popup.getByTestId("paid-plan")).toHaveText(PLAN.km);
  await expect(popup.getByTestId("paid-amount")).toHaveText(PAID);
  await popup.getByRole("button", { name: "រួចរាល់" }).click();
  await expect(popup).toBeHidden();

  // The Khmer receipt e-mail: the plan's price, the discount with its code, the amount paid.
  const receipt = await waitForEmail(page, email, /^បង្កាន់ដៃបង់ប្រាក់ Keyshop /);
  expect(receipt.text).toContain(`${PRICE} USD`);
  expect(receipt.text).toContain(`ការបញ្ចុះតម្លៃ (${code})`);
  expect(receipt.text).toContain(`-${OFF} USD`);
  expect(receipt.text).toContain(`${PAID} USD`);

  // Transactions History: the order at the new price, with the code and what it took off.
  await page.goto("/transactions-history");
  await expect(page.getByRole("heading", { level: 1, name: "ប្រវត្តិប្រតិបត្តិការ" })).toBeVisible();
  const paid = page.getByRole("table").getByRole("row").filter({ hasText: PAID });
  await expect(paid.getByRole("cell", { name: PLAN.km, exact: true })).toBeVisible();
  await expect(paid.getByTestId("order-discount")).toHaveText(`កូដ ${code}៖ បញ្ចុះ ${OFF}`);

  // The code again: one use per customer, so it is refused under the field, in Khmer, at the old price.
  const again = await openPlanCheckout(page);
  await again.getByRole("textbox", { name: "កូដបញ្ចុះតម្លៃ" }).fill(code);
  await again.getByRole("button", { name: "ប្រើកូដ" }).click();
  await expect(again.getByRole("alert")).toHaveText("អ្នកបានប្រើកូដបញ្ចុះតម្លៃនេះរួចហើយ។");
  await expect(again.getByRole("textbox", { name: "កូដបញ្ចុះតម្លៃ" })).toHaveAttribute("aria-invalid", "true");
  await expect(again.getByTestId("checkout-amount").getByRole("deletion")).toHaveCount(0);
  await expect(again.getByRole("button", { name: `បង់ ${PRICE}` })).toBeVisible();
  expect(await englishIn(again, [code], KEPT)).toEqual([]);
});
