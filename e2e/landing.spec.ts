// The landing page: the prerendered HTML, the pricing switch, plan clicks signed out and signing in
// from a plan. The bar and footer: landing-navigation.spec.ts; the first visit's scripts:
// landing-first-visit.spec.ts.
import { expect, test } from "@playwright/test";
import { PASSWORD, signUpAndConfirm, uniqueEmail } from "./support";
import { FOREIGN_PRICES, LOCAL_PRICES, open, SITE, stubVideos } from "./landing-page";

test.beforeEach(async ({ page }) => {
  await stubVideos(page);
});

test("GET / is prerendered with the pricing section and local prices", async ({ page }) => {
  const res = await page.request.get("/");
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(html).toContain("Choose Your Perfect Plan");
  for (const price of LOCAL_PRICES) expect(html).toContain(price);
  expect(html).toContain('id="setup-section"');
  expect(html).toContain('id="videos-section"');
});

test("the pricing switch shows foreigner prices with Telegram links, and back", async ({ page }) => {
  await open(page);
  const pricing = page.locator("#pricing");
  await expect(pricing.getByRole("heading", { level: 2, name: "Choose Your Perfect Plan" })).toBeVisible();
  const local = pricing.getByRole("radio", { name: "Local" });
  const foreign = pricing.getByRole("radio", { name: "Foreigner" });
  await expect(local).toHaveAttribute("aria-checked", "true");
  await expect(pricing.getByTestId("plan-price").filter({ visible: true })).toHaveText(LOCAL_PRICES);
  await expect(pricing.getByRole("heading", { level: 3 })).toHaveText(["1 Month", "3 Months", "12 Months"]);
  await expect(pricing.getByText("Most Popular").filter({ visible: true })).toBeVisible();
  await expect(pricing.getByText("per 3 months")).toBeVisible();
  await expect(pricing.getByRole("button", { name: "Get Started" })).toHaveCount(3);

  await foreign.click();
  await expect(foreign).toHaveAttribute("aria-checked", "true");
  await expect(pricing.getByTestId("plan-price").filter({ visible: true })).toHaveText(FOREIGN_PRICES);
  await expect(pricing.getByRole("button", { name: "Get Started" })).toHaveCount(0);
  const telegram = pricing.getByRole("link", { name: "Contact on Telegram" });
  await expect(telegram).toHaveCount(3);
  for (const link of await telegram.all()) {
    await expect(link).toHaveAttribute("href", SITE.links.sellerTelegram);
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", /noopener/);
  }

  // Keyboard: arrow keys move the selection inside the radio group.
  await foreign.press("ArrowLeft");
  await expect(local).toHaveAttribute("aria-checked", "true");
  await expect(local).toBeFocused();
  await expect(pricing.getByTestId("plan-price").filter({ visible: true })).toHaveText(LOCAL_PRICES);
});

test("a plan click while signed out opens the 'Welcome' sign-in dialog (no magic link)", async ({ page }) => {
  const { googleEnabled } = (await (await page.request.get("/api/config")).json()) as { googleEnabled: boolean };
  await open(page);
  await page.locator("#pricing").getByRole("button", { name: "Get Started" }).nth(1).click();

  const dialog = page.getByRole("dialog", { name: "Welcome" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("3 Months");
  await expect(dialog.getByLabel("Email address")).toBeVisible();
  await expect(dialog.getByLabel("Password", { exact: true })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Sign in with Google" })).toHaveCount(googleEnabled ? 1 : 0);
  await expect(dialog.getByText(/magic link/i)).toHaveCount(0);
  await expect(dialog.getByRole("button", { name: "Don't have an account? Sign up" })).toBeVisible();

  // The views switch inside the dialog; the page stays on /.
  await dialog.getByRole("button", { name: "Forgot your password?" }).click();
  await expect(dialog.getByRole("button", { name: "Send reset password instructions" })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  // The hero's plan buttons act like 'Get Started'.
  await page.getByRole("button", { name: "12 Months · $119.99" }).click();
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("12 Months");
  await expect(dialog.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
});

test("signing in from a plan keeps the visitor on / and opens the payment step; Sign Out only off home", async ({ page }) => {
  const email = uniqueEmail("landing");
  await signUpAndConfirm(page, email);

  await open(page);
  await page.locator("#pricing").getByRole("button", { name: "Get Started" }).nth(1).click();
  const welcome = page.getByRole("dialog", { name: "Welcome" });
  await welcome.getByLabel("Email address").fill(email);
  await welcome.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await welcome.getByRole("button", { name: "Sign in", exact: true }).click();

  await expect(page.getByText("Welcome! Successfully signed in to your account.")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  const payment = page.getByRole("dialog", { name: "3 Months — $29.99" });
  await expect(payment).toBeVisible();
  await expect(payment.getByLabel("Email")).toHaveValue(email);
  await expect(payment.getByRole("button", { name: "Pay $29.99" })).toBeEnabled();
  await payment.getByRole("button", { name: "Cancel" }).click();
  await expect(payment).toBeHidden();

  // Signed in: Dashboard instead of Sign In, and no Sign Out on the home page.
  const bar = page.getByRole("banner");
  await expect(bar.getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", "/license-keys");
  await expect(bar.getByRole("link", { name: "Sign In" })).toHaveCount(0);
  await expect(bar.getByRole("button", { name: "Sign Out" })).toHaveCount(0);

  // A plan click now goes straight to the payment step.
  await page.getByRole("button", { name: "1 Month · $9.99" }).click();
  await expect(page.getByRole("dialog", { name: "1 Month — $9.99" })).toBeVisible();
  await page.keyboard.press("Escape");

  await open(page, "/faq");
  await bar.getByRole("button", { name: "Sign Out" }).click();
  await expect(page.getByText("Signed out successfully")).toBeVisible();
  await expect(page.getByText("You have been logged out of your account")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(bar.getByRole("link", { name: "Sign In" })).toBeVisible();
});
