// Issue #14: journeys end where they started, with the truth on screen (the approved top-up back on
// Profile is in payments.spec.ts). A declined payment is said
// within two seconds and the history shows Failed; a closed checkout is Not completed; a cancelled plan
// is back on the landing; both confirmation e-mails end on a page that lets the person in; Google
// sign-in through the local stand-in creates the account.
import { expect, test, type Page } from "@playwright/test";

import { createUser, signIn, signUp, uniqueEmail, waitForHydration } from "./support";

function toast(page: Page, text: string) {
  return page.locator("[data-sonner-toast]").filter({ hasText: text });
}

const paywayWindow = (page: Page) => page.locator("#aba-checkout, #aba_checkout_sheet");

async function startTopUp(page: Page, email: string, amount: string) {
  await createUser(page.request, { email });
  await signIn(page, email);
  await expect(page).toHaveURL(/\/license-keys$/);
  await page.goto("/profile");
  await page.getByLabel("Amount (USD)").fill(amount);
  await page.getByRole("button", { name: "Top Up Now" }).click();
  await page.getByRole("dialog", { name: "Balance Top Up" }).getByRole("button", { name: /^Pay \$/ }).click();
  const payway = page.frameLocator('iframe[name="aba_webservice"]');
  await expect(payway.getByTestId("sim-amount")).toHaveText(`${Number(amount).toFixed(2)} USD`);
  return payway;
}

async function historyStatus(page: Page, amount: string) {
  await page.goto("/transactions-history");
  const row = page.getByRole("row").filter({ hasText: `$${amount}` });
  return row.first();
}

test("a declined payment is said within two seconds, PayWay's window closes, and the history shows Failed", async ({ page }) => {
  const payway = await startTopUp(page, uniqueEmail("declined"), "3");
  await payway.getByRole("button", { name: "Decline" }).click();
  const declinedAt = Date.now();
  await expect(toast(page, "Payment failed")).toBeVisible({ timeout: 2_000 });
  expect(Date.now() - declinedAt).toBeLessThan(2_000);
  await expect(toast(page, "Payment failed")).toContainText("PayWay did not approve the payment. No money was taken; please try again.");
  await expect(paywayWindow(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByTestId("profile-balance")).toHaveText("$0.00");
  await expect(await historyStatus(page, "3.00")).toContainText("Failed");
});

test("a checkout the customer closes is closed at PayWay and shows Not completed, back on Profile", async ({ page }) => {
  await startTopUp(page, uniqueEmail("closed"), "4");
  page.once("dialog", (dialog) => void dialog.accept()); // the plugin's "Are you sure you want to close?"
  await paywayWindow(page).getByRole("button", { name: "Close" }).click();
  await expect(page).toHaveURL(/\/profile$/, { timeout: 20_000 });
  await expect(toast(page, "Payment cancelled")).toContainText("The payment was cancelled. Nothing was charged.");
  await expect(await historyStatus(page, "4.00")).toContainText("Not completed");
});

test("a plan cancelled on PayWay leaves the buyer on the landing, told so", async ({ page }) => {
  const email = uniqueEmail("landing-cancel");
  await createUser(page.request, { email });
  await signIn(page, email);
  await expect(page).toHaveURL(/\/license-keys$/);
  await page.goto("/");
  await page.getByRole("button", { name: "1 Month · $9.99" }).click();
  await page.getByRole("dialog", { name: "1 Month — $9.99" }).getByRole("button", { name: "Pay $9.99" }).click();
  await page.frameLocator('iframe[name="aba_webservice"]').getByRole("button", { name: "Cancel" }).click();
  await expect(toast(page, "Payment cancelled")).toBeVisible({ timeout: 10_000 });
  await expect(page).toHaveURL(/localhost:\d+\/$/);
  await expect(paywayWindow(page)).toHaveCount(0);
});

/** Every confirmation e-mail the dev mailbox holds for `to`, newest first. */
async function confirmationLinks(page: Page, to: string): Promise<string[]> {
  const res = await page.request.get(`/dev/mailbox/messages.json?to=${encodeURIComponent(to)}`);
  const { messages } = (await res.json()) as { messages: Array<{ subject: string; links: string[] }> };
  return messages.filter((m) => /Confirm your Keyshop e-mail/.test(m.subject)).map((m) => m.links.find((l) => l.includes("/verify-email"))!);
}

test("both confirmation e-mails end on a page that says the address is confirmed and lets the person in", async ({ page }) => {
  const email = uniqueEmail("confirm-twice");
  await signUp(page, email);

  // Signing in before confirming says why, and sends a second e-mail.
  await page.goto("/auth");
  await signIn(page, email);
  await expect(page.getByRole("dialog", { name: "Welcome Back" }).getByText(/Please confirm your e-mail address first/)).toBeVisible();
  await expect.poll(() => confirmationLinks(page, email).then((links) => links.length), { timeout: 20_000 }).toBe(2);
  const [second, first] = await confirmationLinks(page, email);

  await page.goto(second!);
  await expect(page).toHaveURL(/\/auth\?verified=1$/);
  await expect(page.getByText("Your e-mail is confirmed. Sign in to continue.")).toBeVisible();
  await signIn(page, email);
  await expect(page).toHaveURL(/\/license-keys$/);

  // The first e-mail's link, opened later in another browser, says the same (the address is confirmed).
  const other = await page.context().browser()!.newPage();
  await other.goto(first!);
  await expect(other).toHaveURL(/\/auth\?verified=1$/);
  await expect(other.getByText("Your e-mail is confirmed. Sign in to continue.")).toBeVisible();
  await other.close();
});

test("a confirmation link that no longer works says so and sends a new one", async ({ page }) => {
  const email = uniqueEmail("confirm-broken");
  await signUp(page, email);
  await expect.poll(() => confirmationLinks(page, email).then((links) => links.length), { timeout: 20_000 }).toBe(1);
  const [link] = await confirmationLinks(page, email);
  const broken = new URL(link!);
  broken.searchParams.set("token", `${broken.searchParams.get("token")!.slice(0, -4)}AAAA`);

  await page.goto(broken.toString());
  await expect(page).toHaveURL(/\/auth\?verified=1&error=/);
  await expect(page.getByText(/This confirmation link has expired or is no longer valid/)).toBeVisible();
  await waitForHydration(page);
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Send a new confirmation link" }).click();
  await expect(page.getByText("Check your email for the confirmation link")).toBeVisible();
  await expect.poll(() => confirmationLinks(page, email).then((links) => links.length), { timeout: 20_000 }).toBe(2);
  await page.goto((await confirmationLinks(page, email))[0]!);
  await expect(page.getByText("Your e-mail is confirmed. Sign in to continue.")).toBeVisible();
});

/** The Google stand-in's page: the person picks an account (e-mail and name) and continues. */
async function chooseGoogleAccount(page: Page, email: string, name: string) {
  await expect(page).toHaveURL(/\/google-sim\/o\/oauth2\/v2\/auth\?/);
  await expect(page.getByRole("heading", { name: "Sign in with Google" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Name").fill(name);
  await page.getByRole("button", { name: "Continue" }).click();
}

test("Google sign-in through the stand-in creates the account and lands on License Keys", async ({ page }) => {
  const email = uniqueEmail("google");
  await page.goto("/auth");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Sign in with Google" }).click();
  await chooseGoogleAccount(page, email, "Dara Google");
  await expect(page).toHaveURL(/\/license-keys$/, { timeout: 20_000 });
  await expect(page.getByRole("heading", { level: 1, name: "License Management" })).toBeVisible();
  const me = (await (await page.request.get("/api/me")).json()) as { user: { email: string; name: string; emailVerified: boolean } };
  expect(me.user).toMatchObject({ email, name: "Dara Google", emailVerified: true });
});

test("the landing's 'Welcome' dialog offers Google, which brings the buyer back to the landing signed in", async ({ page }) => {
  const email = uniqueEmail("google-landing");
  await page.goto("/");
  await page.locator("#pricing").getByRole("button", { name: "Get Started" }).first().click();
  const welcome = page.getByRole("dialog", { name: "Welcome" });
  await welcome.getByRole("button", { name: "Sign in with Google" }).click();
  await chooseGoogleAccount(page, email, "Landing Buyer");
  await expect(page).toHaveURL(/localhost:\d+\/$/, { timeout: 20_000 });
  await expect(page.getByRole("banner").getByRole("link", { name: "Dashboard" })).toBeVisible();
});
