// Issue #29 "Journeys, second round", items 2, 4 and 8: what a customer meets on the subscription
// tool with the wrong key, a refused payment, the first device key's change, and the small things.
import { expect, test, type Locator } from "@playwright/test";
import { createUser, seedLicense, signIn, uniqueEmail } from "./support";

const COLUMNS = ["Name", "License Key", "Buy Key", "Start Date", "Expiry Date", "Status", "Changes Left", "Actions"];
const cell = (row: Locator, column: string) => row.getByRole("cell").nth(COLUMNS.indexOf(column));

const BUY_KEY = "KS-7QX4M-9HTRW-ABCDE-FGHJK";

test("the subscription tool opened with a buy key says so, and what to do, before any payment step (#29 item 2)", async ({ page }, testInfo) => {
  await page.goto(`/subscription_tool?license=${BUY_KEY}`);
  const note = page.getByTestId("wrong-key");
  // A client-rendered address: the app's first load may take a while on a busy machine.
  await expect(note).toContainText("This link holds a buy key, not the tool's device key.", { timeout: 30_000 });
  await expect(note).toContainText("Open this page from the desktop tool, which shows its device key");
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: testInfo.outputPath("tool-buy-key-375.png"), fullPage: false });

  // A plan and an address: Purchase still answers with the reason, and no checkout opens.
  await page.locator('[data-plan="local-1m"]').click();
  const emailInput = page.getByLabel("Email address");
  await emailInput.fill(uniqueEmail("toolbuykey"));
  // Purchase looks disabled (aria-disabled) but still answers, as the spec's alerts do: submit the form.
  await expect(page.getByRole("button", { name: "Purchase" })).toBeDisabled();
  await emailInput.press("Enter");
  await expect(page.getByText("This link has no valid device key, so nothing can be paid for it.")).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  // Its way out: the same page without the key, where a new licence can be bought.
  await note.getByRole("link", { name: "Buy a new licence instead" }).click();
  await expect(page).toHaveURL(/\/subscription_tool$/);
  await expect(page.getByTestId("wrong-key")).toHaveCount(0);
  await expect(page.getByText("No device license in this link: a new license key is e-mailed to you.")).toBeVisible();
});

test("another wrong key in the tool's link is refused up front too, without calling it a buy key", async ({ page }) => {
  await page.goto("/subscription_tool?license=hello-world");
  const note = page.getByTestId("wrong-key");
  await expect(note).toContainText("The license key in this link is not valid.", { timeout: 30_000 });
  await expect(note).not.toContainText("buy key");
});

test("a refused payment says the spec's sentence inside the open checkout, not only in a toast behind it (#29 item 2)", async ({ page }) => {
  // The shop refuses the checkout (as it does when PayWay or the server is down).
  await page.route("**/api/orders/subscription-tool", (route) => route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ code: "UNAVAILABLE", message: "Unavailable" }) }));
  await page.goto("/subscription_tool");
  await page.locator('[data-plan="local-1m"]').click();
  await page.getByLabel("Email address").fill(uniqueEmail("toolrefused"));
  await page.getByRole("button", { name: "Purchase" }).click();
  const confirm = page.getByRole("dialog", { name: "Confirm your purchase" });
  await confirm.getByRole("button", { name: "Pay $9.99" }).click();
  await expect(confirm.getByTestId("checkout-refusal")).toContainText("Failed to process payment. Please try again.");
});

test("setting the first device key says beforehand that it uses one change, then Changes Left reads one less (#29 item 4, decision 051)", async ({ page, request }) => {
  const email = uniqueEmail("firstkey");
  await createUser(request, { email });
  const license = await seedLicense(request, { email, planId: "local-1m", name: "New seat", deviceKey: null, startDate: null, expireDate: null });
  await signIn(page, email);
  await expect(page).toHaveURL(/\/license-keys$/);
  const row = page.getByRole("table", { name: /Your licenses/ }).getByRole("row").filter({ hasText: license.buyKey });
  await expect(cell(row, "Changes Left")).toHaveText("2");
  await row.getByRole("button", { name: /^Actions for/ }).click();
  await page.getByRole("menu").getByRole("menuitem", { name: "Change License Key" }).click();
  const dialog = page.getByRole("dialog", { name: "Change License Key" });
  await expect(dialog).toContainText("Setting the first key here uses one change too: you have 2 changes left, 1 after this one.");
  await dialog.getByLabel("New license key").fill(`PC-LDREEL-FIRST-${Date.now().toString(36)}`);
  await dialog.getByRole("button", { name: "Update key" }).click();
  await expect(dialog).toBeHidden();
  await expect(cell(row, "Changes Left")).toHaveText("1");
});

test("the two sign-in dialogs say the same 'or continue with e-mail', and signing up is titled as such on both (#29 item 8)", async ({ page }) => {
  const { googleEnabled } = (await (await page.request.get("/api/config")).json()) as { googleEnabled: boolean };
  test.skip(!googleEnabled, "the separator shows with Google sign-in only");
  await page.goto("/");
  await page.locator("#pricing").getByRole("button", { name: "Get Started" }).first().click();
  const landing = page.getByRole("dialog", { name: "Welcome" });
  await expect(landing.getByText("or continue with e-mail", { exact: true })).toBeVisible({ timeout: 30_000 });
  await landing.getByRole("button", { name: "Don't have an account? Sign up" }).click();
  await expect(page.getByRole("dialog", { name: "Create your account" }).getByLabel("Create a password")).toBeVisible();

  await page.goto("/auth");
  const auth = page.getByRole("dialog", { name: "Welcome Back" });
  await expect(auth.getByText("or continue with e-mail", { exact: true })).toBeVisible({ timeout: 30_000 });
  await auth.getByRole("link", { name: /Sign up/ }).or(auth.getByRole("button", { name: /Sign up/ })).first().click();
  await expect(page.getByRole("dialog", { name: "Create your account" })).toBeVisible();
});

test("Manage Balances' search placeholder fits its box at 375 px (#29 item 8)", async ({ page, request }) => {
  const admin = uniqueEmail("narrowadmin");
  // Manage Balances is the super-admin's page.
  const created = await createUser(request, { email: admin, role: "admin", superAdmin: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, admin, undefined, { totpSecret: created.totpSecret });
  await expect(page).toHaveURL(/\/(license-keys|overview)$/, { timeout: 30_000 });
  await page.goto("/manage-balance");
  await expect(page.getByRole("heading", { level: 1, name: "Manage User Balances" })).toBeVisible({ timeout: 30_000 });
  const search = page.getByRole("searchbox", { name: "Search users and API keys" });
  await expect(search).toBeVisible({ timeout: 30_000 });
  // The placeholder's text, measured in the box's own font, is narrower than the box's text area.
  const fits = () =>
    search.evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const context = document.createElement("canvas").getContext("2d")!;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return { text: input.placeholder, width: Math.ceil(context.measureText(input.placeholder).width), room };
    });
  const english = await fits();
  expect(english.text).toBe("E-mail, name or API key");
  expect(english.width, JSON.stringify(english)).toBeLessThanOrEqual(english.room);
});
