// The seller changes the catalogue (super-admin API, decision 074) and the static landing shows
// it on the next visit, in English and in Khmer: the new price on its card and hero button, a
// retired plan nowhere; a plan click then hands over to the app without a hydration error, and the
// app keeps the seller's list (decision 076).
import { expect, test, type Page } from "@playwright/test";

import { chooseKhmer, collectConsoleErrors, createUser, signIn, uniqueEmail, useTestCatalogue } from "./support";
import { open, stubVideos } from "./landing-page";

test.describe.configure({ mode: "serial" });

async function changeCatalogue(page: Page) {
  const seller = await createUser(page.request, { email: uniqueEmail("seller"), role: "admin", superAdmin: true });
  await signIn(page, seller.email, undefined, { totpSecret: seller.totpSecret });
  await expect(page).not.toHaveURL(/\/auth/);
  for (const [id, change] of [["local-1m", { priceMills: 12_990 }], ["local-12m", { active: false }]] as const) {
    const res = await page.request.patch(`/api/admin/catalogue/plans/${id}`, { data: change });
    expect(res.status(), await res.text()).toBe(200);
  }
}

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await changeCatalogue(page);
  await page.close();
});
test.afterAll(async ({ request }) => {
  // The code's catalogue again (the test API's sync replaces the table).
  await useTestCatalogue(request, []);
});
test.beforeEach(async ({ page }) => {
  await stubVideos(page);
});

const pricing = (page: Page) => page.locator("#pricing");
const hero = (page: Page) => page.getByRole("group", { name: /Choose a plan|ជ្រើសរើសគម្រោង/ });

test("the static landing shows the seller's price and no retired plan, in English", async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await open(page);
  await expect(pricing(page).getByTestId("plan-price").filter({ visible: true })).toHaveText(["$12.99", "$29.99"]);
  await expect(hero(page).getByRole("button")).toHaveText(["1 Month · $12.99", "3 Months · $29.99"]);
  await expect(pricing(page).getByRole("heading", { level: 3, name: "12 Months" })).toBeHidden();
  // A plan click loads the app, which hydrates the same markup and keeps the seller's list.
  await hero(page).getByRole("button", { name: "3 Months · $29.99" }).click();
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(hero(page).getByRole("button")).toHaveText(["1 Month · $12.99", "3 Months · $29.99"]);
  await expect(pricing(page).locator('[data-plan="local-12m"]')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("the static landing shows the seller's price and no retired plan, in Khmer", async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await page.goto("/");
  await chooseKhmer(page);
  await open(page);
  await expect(page.locator("html")).toHaveAttribute("lang", "km");
  await expect(pricing(page).getByTestId("plan-price").filter({ visible: true })).toHaveText(["$12.99", "$29.99"]);
  await expect(hero(page).getByRole("button")).toHaveText(["1 ខែ · $12.99", "3 ខែ · $29.99"]);
  await expect(pricing(page).getByRole("heading", { level: 3, name: "12 ខែ" })).toBeHidden();
  expect(errors).toEqual([]);
});
