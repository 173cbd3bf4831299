// Two-factor authentication in Chromium (decision 018): an admin without it is sent to Profile to
// enrol, enrols with an authenticator app, then signs in with a code and with a backup code.
import { expect, test, type Page } from "@playwright/test";

import { createUser, enterSecondFactor, nextTotpCode, signIn, totpCode, uniqueEmail } from "./support";

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/$/);
}

test("an admin enrols, signs out, and signs in again with a code and with a backup code", async ({ page, request }) => {
  const email = uniqueEmail("admin-2fa");
  await createUser(request, { email, role: "admin", twoFactor: false });

  // Without a second factor the admin console sends them to Profile.
  await signIn(page, email);
  await expect(page).toHaveURL(/\/license-keys$/);
  await page.goto("/overview");
  const gate = page.getByTestId("second-factor-enrol");
  await expect(gate.getByRole("heading", { name: "Set up a second factor" })).toBeVisible();
  // A passkey is recommended (e2e/passkeys.spec.ts); this admin takes the authenticator app.
  await expect(gate.getByRole("link", { name: "Add a passkey in Profile" })).toHaveAttribute("href", "/profile#passkeys");
  await gate.getByRole("link", { name: "Set up an authenticator app" }).click();
  await expect(page).toHaveURL(/\/profile#two-factor$/);

  // Enrol: password, scan (here: read the key), one code, then the backup codes.
  const card = page.locator("#two-factor");
  await expect(card.getByText("Off", { exact: true })).toBeVisible();
  await card.getByRole("button", { name: "Set up two-factor authentication" }).click();
  await card.getByLabel("Password").fill("correct horse battery 9");
  await card.getByRole("button", { name: "Continue" }).click();
  await expect(card.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const secret = (await card.getByTestId("totp-secret").textContent())!.replace(/\s/g, "");
  await card.getByLabel("Code from the app").fill(await nextTotpCode(secret));
  await card.getByRole("button", { name: "Turn on" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Two-factor authentication is on" })).toBeVisible();
  const codes = card.getByRole("list", { name: "Backup codes" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  const backupCode = (await codes.first().textContent())!.trim();
  await card.getByRole("button", { name: "Done" }).click();
  await expect(card.getByText("On", { exact: true })).toBeVisible();

  await page.goto("/overview");
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();

  // Signing in again: the password, then the code from the app.
  await signOut(page);
  await signIn(page, email);
  await expect(page.getByText("Password accepted. Now the second step")).toBeVisible();
  await enterSecondFactor(page, await nextTotpCode(secret));
  await expect(page).toHaveURL(/\/license-keys$/);
  await page.goto("/overview");
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();

  // And with a backup code instead of the phone.
  await signOut(page);
  await signIn(page, email);
  await enterSecondFactor(page, backupCode, { backup: true });
  await expect(page).toHaveURL(/\/license-keys$/);
  await page.goto("/overview");
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();

  // A wrong code is refused in words.
  await signOut(page);
  await signIn(page, email);
  await enterSecondFactor(page, totpCode(secret, Date.now() + 10 * 30_000));
  await expect(page.getByRole("alert")).toContainText(/invalid/i);
});
