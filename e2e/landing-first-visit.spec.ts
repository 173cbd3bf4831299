// The landing page's first visit: no React until a plan is chosen; a signed-in visitor gets the app.
import { expect, test } from "@playwright/test";
import { collectConsoleErrors, PASSWORD, signUpAndConfirm, uniqueEmail } from "./support";
import { FOREIGN_PRICES, isReact, LOCAL_PRICES, mainNav, open, scriptRequests, stubVideos } from "./landing-page";

test.beforeEach(async ({ page }) => {
  await stubVideos(page);
});

test("a first visit runs no React until a plan is chosen; choices made before carry over", async ({ page }) => {
  const errors = collectConsoleErrors(page);
  const scripts = scriptRequests(page);
  await open(page);
  // The prerendered page and its small script only: the app's modules are not even preloaded.
  expect(scripts.filter(isReact)).toEqual([]);
  expect(scripts.some((name) => name.startsWith("enhance-"))).toBe(true);

  // Choices on the static page: the Foreigner prices, a scroll past 50 px.
  const pricing = page.locator("#pricing");
  await pricing.getByRole("radio", { name: "Foreigner" }).click();
  await expect(pricing.getByTestId("plan-price").filter({ visible: true })).toHaveText(FOREIGN_PRICES);
  expect(scripts.filter(isReact)).toEqual([]);

  // A plan in the hero: the app loads, takes over the same page, and opens the dialog.
  await page.getByRole("button", { name: "3 Months · $29.99" }).click();
  const dialog = page.getByRole("dialog", { name: "Welcome" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("3 Months");
  expect(scripts.some((name) => name.startsWith("framework-"))).toBe(true);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.keyboard.press("Escape");

  // The Foreigner choice survived the hand-over, and React now runs the switch.
  await expect(pricing.getByRole("radio", { name: "Foreigner" })).toHaveAttribute("aria-checked", "true");
  await expect(pricing.getByTestId("plan-price").filter({ visible: true })).toHaveText(FOREIGN_PRICES);
  await pricing.getByRole("radio", { name: "Local" }).click();
  await expect(pricing.getByTestId("plan-price").filter({ visible: true })).toHaveText(LOCAL_PRICES);
  // One menu at a time, driven by React only (no double toggling by the static script).
  await mainNav(page).getByRole("button", { name: "Contact" }).click();
  await expect(mainNav(page).getByRole("link", { name: "FAQ" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(mainNav(page).getByRole("link", { name: "FAQ" })).toBeHidden();

  // No hydration mismatch, no error.
  expect(errors).toEqual([]);
});

test("a signed-in visitor gets the app at once; signed out, the static page again", async ({ page, context }) => {
  const email = uniqueEmail("static");
  await signUpAndConfirm(page, email);
  await page.goto("/auth");
  await page.getByRole("dialog", { name: "Welcome Back" }).getByLabel("Email address").fill(email);
  await page.getByRole("dialog", { name: "Welcome Back" }).getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("dialog", { name: "Welcome Back" }).getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/license-keys/);
  const hint = (await context.cookies()).find((cookie) => cookie.name === "ks_signed_in");
  expect(hint?.value).toBe("1");
  expect(hint?.httpOnly).toBe(false);

  // React is slow to arrive (held back 1.5 s): a plan clicked meanwhile waits for it, not lost.
  await page.route(/\/assets\/framework-[^/]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  const scripts = scriptRequests(page);
  // DOMContentLoaded: the page's own module script has run (the app is on its way), React has not.
  await page.goto("/", { waitUntil: "domcontentloaded" });
  await page.getByRole("button", { name: "1 Month · $9.99" }).click();
  await expect(page.getByRole("dialog", { name: "1 Month — $9.99" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  expect(scripts.some((name) => name.startsWith("framework-"))).toBe(true);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("banner").getByRole("link", { name: "Dashboard" })).toBeVisible();

  // Sign out (from /faq, where the bar has the button): the hint goes with the session.
  await page.goto("/faq");
  await page.getByRole("banner").getByRole("button", { name: "Sign Out" }).click();
  await expect(page.getByText("Signed out successfully")).toBeVisible();
  expect((await context.cookies()).find((cookie) => cookie.name === "ks_signed_in")).toBeUndefined();
  scripts.length = 0;
  await open(page);
  expect(scripts.filter(isReact)).toEqual([]);
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();
});
