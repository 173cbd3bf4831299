import { expect, test } from "@playwright/test";
import { signIn, signUpAndConfirm, uniqueEmail } from "./support";

test("a new user signs up, confirms by e-mail, signs in and lands on License Keys", async ({ page }) => {
  const email = uniqueEmail("newcomer");
  await signUpAndConfirm(page, email);
  await expect(page.getByText("Your e-mail is confirmed. Sign in to continue.")).toBeVisible();

  await signIn(page, email);
  await expect(page.getByText("Welcome! Successfully signed in to your account.")).toBeVisible();
  await expect(page).toHaveURL(/\/license-keys$/);
  await expect(page.getByRole("heading", { level: 1, name: "License Management" })).toBeVisible();

  // A plain user sees no admin entries.
  const nav = page.getByRole("navigation", { name: "Dashboard" });
  await expect(nav.getByRole("link", { name: "Profile" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Overview" })).toHaveCount(0);
  await expect(nav.getByRole("link", { name: "User Management" })).toHaveCount(0);
});

test("the sidebar collapses with Ctrl+B and stays collapsed after a reload; logout returns home", async ({ page }) => {
  const email = uniqueEmail("sidebar");
  await signUpAndConfirm(page, email);
  await signIn(page, email);
  await expect(page).toHaveURL(/\/license-keys$/);

  const sidebar = page.locator('[data-slot="sidebar"][data-state]');
  await expect(sidebar).toHaveAttribute("data-state", "expanded");
  await page.keyboard.press("Control+b");
  await expect(sidebar).toHaveAttribute("data-state", "collapsed");
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "License Management" })).toBeVisible();
  await expect(sidebar).toHaveAttribute("data-state", "collapsed");
  await page.keyboard.press("Control+b");
  await expect(sidebar).toHaveAttribute("data-state", "expanded");

  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Signed out successfully")).toBeVisible();
  await expect(page.getByText("You have been logged out of your account")).toBeVisible();
  // The session is gone on the server too.
  expect((await page.request.get("/api/me")).status()).toBe(401);
});

test("an anonymous visit to /profile goes to /auth", async ({ page }) => {
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole("dialog", { name: "Welcome Back" })).toBeVisible();
});

test("/dashboard goes to /license-keys and keeps the query string", async ({ page }) => {
  const email = uniqueEmail("redirect");
  await signUpAndConfirm(page, email);
  await signIn(page, email);
  await expect(page).toHaveURL(/\/license-keys$/);
  await page.goto("/dashboard?foo=bar");
  await expect(page).toHaveURL(/\/license-keys\?foo=bar$/);
});

test("closing the sign-in dialog goes home", async ({ page }) => {
  await page.goto("/auth");
  const dialog = page.getByRole("dialog", { name: "Welcome Back" });
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(/\/$/);
});
