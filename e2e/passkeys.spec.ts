// Passkeys in Chromium (decision 038), with Chromium's virtual authenticator (CDP WebAuthn): an
// admin adds, names, renames and removes passkeys in Profile and signs in with one, after the
// password and directly, to reach the console; a magic-link session of that admin reaches neither
// the console nor its factors until the passkey is used in it.
import { expect, test, type CDPSession, type Page } from "@playwright/test";

import { createUser, PASSWORD, signIn, uniqueEmail, waitForEmail, waitForHydration } from "./support";

/** A platform authenticator that holds discoverable credentials and verifies its user (a fingerprint, say). */
async function virtualAuthenticator(page: Page, cdp?: CDPSession) {
  const session = cdp ?? (await page.context().newCDPSession(page));
  await session.send("WebAuthn.enable");
  const { authenticatorId } = await session.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return { cdp: session, authenticatorId };
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/$/);
}

async function addPasskey(page: Page, name: string) {
  const card = page.getByTestId("passkeys-card");
  const field = card.getByLabel("Name of the new passkey");
  // Named after the device by default.
  await expect(field).toHaveValue(/Chrome on Linux|Chrome/);
  await field.fill(name);
  await card.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Passkey added" }).last()).toBeVisible();
  await expect(card.getByTestId("passkey-name-text").filter({ hasText: name })).toBeVisible();
}

async function expectConsole(page: Page) {
  await page.goto("/overview");
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
}

test("an admin adds, names, renames and removes passkeys, and signs in with one after the password and directly", async ({ page, request }) => {
  const email = uniqueEmail("admin-passkey");
  await createUser(request, { email, role: "admin", twoFactor: false });
  const first = await virtualAuthenticator(page);

  // No second factor yet: the console sends the admin to Profile, a passkey recommended.
  await signIn(page, email);
  await expect(page).toHaveURL(/\/license-keys$/);
  await page.goto("/overview");
  const gate = page.getByTestId("second-factor-enrol");
  await expect(gate.getByText("A passkey is recommended")).toBeVisible();
  await gate.getByRole("link", { name: "Add a passkey in Profile" }).click();
  await expect(page).toHaveURL(/\/profile#passkeys$/);
  const card = page.getByTestId("passkeys-card");
  await expect(card.getByText("Recommended", { exact: true })).toBeVisible();
  await expect(card.getByText("You have no passkeys yet.")).toBeVisible();

  await addPasskey(page, "Work laptop");
  await expect(card.getByText(/^Added [A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeVisible();
  await waitForEmail(page, email, /A passkey was added to your account/);
  // Its first factor: this session passed it, and the console opens.
  await expectConsole(page);

  // A second one, on another authenticator (a security key, say): the first is set aside.
  const firstCredentials = await first.cdp.send("WebAuthn.getCredentials", { authenticatorId: first.authenticatorId });
  expect(firstCredentials.credentials).toHaveLength(1);
  await first.cdp.send("WebAuthn.removeVirtualAuthenticator", { authenticatorId: first.authenticatorId });
  await virtualAuthenticator(page, first.cdp);
  await page.goto("/profile#passkeys");
  await addPasskey(page, "Security key");
  await expect(card.getByTestId("passkey-row")).toHaveCount(2);

  // Rename one.
  await card.getByRole("button", { name: "New name for Security key" }).click();
  await card.getByTestId("passkey-rename").fill("YubiKey 5");
  await card.getByRole("button", { name: "Save" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Passkey renamed" })).toBeVisible();
  await expect(card.getByTestId("passkey-name-text").filter({ hasText: "YubiKey 5" })).toBeVisible();

  // Remove the other: a real confirmation, which can be cancelled.
  await card.getByRole("button", { name: "Remove Work laptop" }).click();
  let confirm = page.getByRole("dialog", { name: "Remove the passkey “Work laptop”?" });
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(card.getByTestId("passkey-row")).toHaveCount(2);
  await card.getByRole("button", { name: "Remove Work laptop" }).click();
  confirm = page.getByRole("dialog", { name: "Remove the passkey “Work laptop”?" });
  await confirm.getByRole("button", { name: "Remove", exact: true }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Passkey removed" })).toBeVisible();
  await expect(card.getByTestId("passkey-row")).toHaveCount(1);
  await waitForEmail(page, email, /A passkey was removed from your account/);

  // The password, then the passkey (the admin has no authenticator app).
  await signOut(page);
  await signIn(page, email);
  await expect(page.getByText("Password accepted. Now confirm it is you with one of your passkeys.")).toBeVisible();
  await page.getByRole("button", { name: "Use a passkey" }).click();
  await expect(page).toHaveURL(/\/license-keys$/);
  await expectConsole(page);

  // The passkey alone.
  await signOut(page);
  await page.goto("/auth");
  await waitForHydration(page);
  await page.getByRole("dialog", { name: "Welcome Back" }).getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page).toHaveURL(/\/license-keys$/);
  await expectConsole(page);
});

test("a magic-link session of an admin with a passkey cannot reach the console or change its factors until the passkey is used", async ({ page, request }) => {
  const email = uniqueEmail("admin-passkey-mailbox");
  const { totpSecret } = await createUser(request, { email, role: "admin" }); // an authenticator app too
  await virtualAuthenticator(page);
  await signIn(page, email, PASSWORD, { totpSecret });
  await expect(page).toHaveURL(/\/license-keys$/);
  await page.goto("/profile#passkeys");
  await addPasskey(page, "Laptop");
  await signOut(page);

  // Whoever reads the mailbox: a magic link signs in, but has not passed the second factor.
  await page.goto("/auth?view=magic_link");
  await waitForHydration(page);
  const dialog = page.getByRole("dialog", { name: "Welcome Back" });
  await dialog.getByLabel("Email address").fill(email);
  await dialog.getByRole("button", { name: "Send magic link" }).click();
  await expect(dialog.getByText("Check your email for the magic link")).toBeVisible();
  const mail = await waitForEmail(page, email, /sign-in link/);
  await page.goto(mail.links.find((link) => link.includes("/magic-link/verify"))!);
  const prompt = page.getByTestId("second-factor-code");
  await expect(prompt.getByRole("button", { name: "Use a passkey" })).toBeVisible();
  await expect(prompt.getByLabel("Code from your authenticator app")).toBeVisible();

  // No console, however it is asked for.
  await page.goto("/overview");
  await expect(page.getByTestId("second-factor-code")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toHaveCount(0);

  // Nor its factors, from this browser's own pages (the cookies and the origin are the shop's).
  const answers = await page.evaluate(async (password) => {
    const call = async (path: string, body?: unknown) => {
      const res = await fetch(path, body === undefined ? {} : { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      return { path, status: res.status, code: ((await res.json().catch(() => ({}))) as { code?: string }).code };
    };
    const passkeys = (await (await fetch("/api/auth/passkey/list-user-passkeys")).json()) as Array<{ id: string }>;
    const id = passkeys[0]!.id;
    return {
      listed: passkeys.length,
      refused: [
        await call("/api/admin/overview"),
        await call("/api/auth/passkey/generate-register-options"),
        await call("/api/auth/passkey/update-passkey", { id, name: "Attacker's" }),
        await call("/api/auth/passkey/delete-passkey", { id }),
        await call("/api/auth/two-factor/disable", { password }),
        await call("/api/auth/two-factor/generate-backup-codes", { password }),
      ],
    };
  }, PASSWORD);
  expect(answers.listed).toBe(1);
  for (const answer of answers.refused) expect(answer, answer.path).toMatchObject({ status: 403, code: "SECOND_FACTOR_REQUIRED" });

  // The owner's passkey, in that same browser: a new session past the second factor.
  await page.getByTestId("second-factor-code").getByRole("button", { name: "Use a passkey" }).click();
  await expect(page.getByTestId("second-factor-code")).toBeHidden();
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  // Nothing was changed by the attempts: the passkey and the authenticator app are both still there.
  await page.goto("/profile#passkeys");
  await expect(page.getByTestId("passkeys-card").getByTestId("passkey-name-text")).toHaveText(["Laptop"]);
  await expect(page.locator("#two-factor").getByText("On", { exact: true })).toBeVisible();
});
