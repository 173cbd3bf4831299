// Helpers for browser tests: unique users, reading the dev mailbox, signing up through the UI.
import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { nextTotpCode, totpCode } from "../server/lib/totp";
import { OTP_SERVICE_CATALOGUE } from "../contracts/otp-services";

export { nextTotpCode, totpCode };

export const PASSWORD = "correct horse battery 9";

/** The shop's time zone (web/app/lib/dates.ts): every date on the dashboard is the shop's day. */
export const SHOP_TIME_ZONE = "Asia/Phnom_Penh";

export function uniqueEmail(tag: string) {
  return `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}

interface MailboxMessage {
  subject: string;
  links: string[];
  /** The plain-text part. */
  text: string;
}

/** Waits for an e-mail to arrive over SMTP in the dev mailbox and returns it. */
export async function waitForEmail(page: Page, to: string, subject: RegExp): Promise<MailboxMessage> {
  let found: MailboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/dev/mailbox/messages.json?to=${encodeURIComponent(to)}`);
        const { messages } = (await res.json()) as { messages: MailboxMessage[] };
        found = messages.find((m) => subject.test(m.subject));
        return Boolean(found);
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return found!;
}

/** Signs up through /auth and confirms the address through the link in the dev mailbox. */
/** Waits until React has taken over the page (root.tsx marks <html>), so typing is not lost. */
export async function waitForHydration(page: Page) {
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
}

/** Signs up through /auth; the confirmation e-mail is on its way (not opened). */
export async function signUp(page: Page, email: string) {
  await page.goto("/auth");
  await waitForHydration(page);
  const welcome = page.getByRole("dialog", { name: "Welcome Back" });
  await welcome.getByRole("button", { name: /Sign up/ }).or(welcome.getByRole("link", { name: /Sign up/ })).first().click();
  // The sign-up view has a title of its own. It is there (its password field) before typing: an
  // e-mail typed while the view switch is in flight can land in the sign-in form being replaced.
  const dialog = page.getByRole("dialog", { name: "Create your account" });
  await expect(dialog.getByLabel("Create a password")).toBeVisible();
  await dialog.getByLabel("Email address").fill(email);
  await dialog.getByLabel("Create a password").fill(PASSWORD);
  await dialog.getByRole("button", { name: "Sign up", exact: true }).click();
  await expect(dialog.getByText("Check your email for the confirmation link")).toBeVisible();
}

export async function signUpAndConfirm(page: Page, email: string) {
  await signUp(page, email);
  await waitForEmail(page, email, /Confirm your Keyshop e-mail/);
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
  await page.getByRole("link", { name: /verify-email/ }).first().click();
  await expect(page).toHaveURL(/\/auth\?verified=1/);
}

export async function signIn(page: Page, email: string, password = PASSWORD, opts: { totpSecret?: string } = {}) {
  if (!/\/auth/.test(page.url())) await page.goto("/auth");
  await waitForHydration(page);
  const dialog = page.getByRole("dialog", { name: "Welcome Back" });
  await dialog.getByLabel("Email address").fill(email);
  await dialog.getByLabel("Password", { exact: true }).fill(password);
  await dialog.getByRole("button", { name: "Sign in", exact: true }).click();
  // Admins (and customers who opted in) give the code their authenticator app shows next.
  if (opts.totpSecret) await enterSecondFactor(page, await nextTotpCode(opts.totpSecret));
}

/** Signs `user` in (with their authenticator's next code when they have one), then opens `path`. */
export async function signInTo(page: Page, user: { email: string; totpSecret?: string }, path: string) {
  await signIn(page, user.email, undefined, { totpSecret: user.totpSecret });
  await expect(page).not.toHaveURL(/\/auth/);
  await page.goto(path);
}

/** The second step of a sign-in, or the dashboard's prompt: a code from the app (or a backup code). */
export async function enterSecondFactor(page: Page, code: string, { backup = false } = {}) {
  if (backup) await page.getByRole("button", { name: "Use a backup code instead" }).click();
  const field = page.getByLabel(backup ? "Backup code" : "Code from your authenticator app");
  await field.fill(code);
  await page.getByRole("button", { name: "Verify", exact: true }).click();
}

// ---- Test API (DEV_TEST_API_TOKEN; see playwright.config.ts) ------------------------------

export const TEST_API_TOKEN = process.env.DEV_TEST_API_TOKEN ?? "e2e-token";

type TestApiRequest = Pick<APIRequestContext, "post">;

async function testApi<T>(request: TestApiRequest, path: string, data: unknown): Promise<T> {
  const res = await request.post(`/dev/test-api/${path}`, {
    headers: { "x-test-token": TEST_API_TOKEN },
    data,
  });
  if (!res.ok()) throw new Error(`POST /dev/test-api/${path} answered ${res.status()}: ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * Creates a verified user through the test API (no e-mail round trip). Admins get an
 * authenticator enrolled unless `twoFactor: false` (its secret comes back, for signIn).
 */
export function createUser(
  request: TestApiRequest,
  user: { email: string; password?: string; role?: "user" | "admin"; superAdmin?: boolean; twoFactor?: boolean; language?: "en" | "km" },
) {
  return testApi<{ id: string; email: string; totpSecret?: string; backupCodes?: string[] }>(request, "users", { password: PASSWORD, ...user });
}

/** Seeds a licence for `email`; dates as ISO strings (or null for a New licence). */
export function seedLicense(
  request: TestApiRequest,
  license: {
    email: string;
    /** A plan of the catalogue ("local-3m"), or of a test catalogue (useTestCatalogue). */
    planId: string;
    name?: string;
    deviceKey?: string | null;
    startDate?: string | null;
    expireDate?: string | null;
    changesLeft?: number;
  },
) {
  return testApi<{ id: string; buyKey: string }>(request, "licenses", license);
}

/** Credits `amountMills` (1000 = $1.00) to the user's API key through the ledger. */
/** Seeds orders in any state without PayWay (priced from the plan unless an amount is given). */
export async function seedOrders(
  request: TestApiRequest,
  orders: Array<{ email: string; kind: "plan" | "topup" | "tool"; planId?: string; amountMills?: number; status?: string; createdAt?: string; locale?: "en" | "km" }>,
) {
  return (await testApi<{ orders: Array<{ id: string; tranId: string }> }>(request, "orders", { orders })).orders;
}

export function seedBalance(request: TestApiRequest, input: { email: string; amountMills: number }) {
  return testApi<{ balanceMills: number }>(request, "balance", input);
}

/** A plan entry of a test catalogue (contracts/plan-catalogue.ts PlanEntry, its extra features aside). */
export interface TestPlanEntry {
  months: number;
  periodDays: number;
  bonusDays: number;
  keyChanges: number;
  popular?: boolean;
  prices: { local: number; foreign: number };
}

/**
 * The instance sells the shop's plans plus `extraEntries` (decision 047), as if it had started with
 * that catalogue; `[]` puts the shop's own back (plans left out are deactivated, never deleted).
 */
export function useTestCatalogue(request: TestApiRequest, extraEntries: TestPlanEntry[]) {
  return testApi<{ planIds: string[] }>(request, "catalogue", { extraEntries });
}

/** Approves the payment on the PayWay simulator's checkout page, opened by the plugin in its frame. */
export async function approveOnPayway(page: Page, amount: string) {
  const payway = page.frameLocator('iframe[name="aba_webservice"]');
  await expect(payway.getByTestId("sim-amount")).toHaveText(`${amount} USD`);
  await payway.getByRole("button", { name: "Approve" }).click();
}

/** A toast (sonner) whose text has `text`. */
export function toast(page: Page, text: string) {
  return page.locator("[data-sonner-toast]").filter({ hasText: text });
}

/** Console errors other than failed requests (the header asks /api/me, a 401 when signed out). */
export function collectConsoleErrors(page: Page) {
  const errors: string[] = [];
  page.on("console", (message) => {
    // The dev mailbox shows each e-mail in a sandboxed srcdoc frame (no scripts, on purpose); Chromium may log that
    // it blocked a script there when the tooling probes the frame. That is the sandbox working, not the product failing.
    const sandboxed = message.text().startsWith("Blocked script execution in 'about:srcdoc'");
    if (message.type() === "error" && !message.text().startsWith("Failed to load resource") && !sandboxed) {
      errors.push(message.text());
    }
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

// ---- Pages in Khmer ----------------------------------------------------------------------------

/** Latin words the Khmer pages keep: names of brands, products, currencies and codes (the glossary's). */
// The sites OTP Gmail sells are proper names, shown as they are in every language.
const KEPT_NAMES = new Set([...OTP_SERVICE_CATALOGUE.map((s) => s.name), "Keyshop", "OTP", "Gmail", "facebook", "Facebook", "USD", "KHQR", "ABA", "Pay", "PayWay", "Visa", "Mastercard", "API", "Key", "PDF", "UTC", "Emulator", "Android", "Google", "Telegram", "Passkey", "Webhooks"]);
/** Names of more than one word, or with digits (the authenticator apps Profile suggests). */
const KEPT_PHRASES = /\b(Google Authenticator|Microsoft Authenticator|1Password)\b/g;

/** Chooses Khmer as the header's switch does: remembered in localStorage and the cookie, before the next page loads. */
export async function chooseKhmer(page: Page) {
  await page.evaluate(() => localStorage.setItem("lang", "km"));
  await page.context().addCookies([{ name: "ks_lang", value: "km", url: page.url() }]);
}

/**
 * English left in the page's own content (or in `where`, a dialog): its text, the labels read aloud, placeholders and
 * titles, less e-mails, keys, ids, time zones ('Asia/Phnom_Penh': identifiers), the kept names
 * (the glossary's, plus `kept`) and the `data` the test made itself (an API key, a name), written
 * by people rather than by the shop. With `identifiers` (the admin pages), also less what they
 * show as identifiers: anything in monospace (keys, ids, event types), URLs, a secret's last
 * characters, event types (order.paid) and "API Key" (a name).
 */
export async function englishIn(where: Page | Locator, data: string[] = [], { identifiers = false, kept = [] }: { identifiers?: boolean; kept?: string[] } = {}): Promise<string[]> {
  // A page's own content, or one part of it (a dialog, which lives outside #main-content).
  const root = "goto" in where ? where.locator("#main-content") : where;
  let text = await root.evaluate((main, skipMonospace) => {
    const root = main.cloneNode(true) as HTMLElement;
    if (skipMonospace) for (const el of root.querySelectorAll("code, pre, .font-mono")) el.remove();
    const parts = [root.textContent ?? ""];
    for (const el of root.querySelectorAll("[aria-label], [placeholder], [title]")) {
      // An aria-label inside a part hidden from screen readers is never read (recharts labels its legend's icons in English).
      const read = !el.closest("[aria-hidden='true']");
      parts.push(read ? (el.getAttribute("aria-label") ?? "") : "", el.getAttribute("placeholder") ?? "", el.getAttribute("title") ?? "");
    }
    return parts.join(" ");
  }, identifiers);
  for (const value of data) text = text.replaceAll(value, " ");
  text = text.replace(/\S+@\S+/g, " ").replace(KEPT_PHRASES, " "); // e-mail addresses, names of more than one word
  if (identifiers) {
    text = text
      .replace(/\bhttps?:\/\/\S+/g, " ") // URLs
      .replace(/…\S+/g, " ") // the end of a secret or key
      .replace(/\b[a-z]+\.[a-z_]+\b/g, " ") // event types (order.paid)
      .replace(/API Key/g, " ");
  }
  const words =
    text
      .replace(/\b[A-Za-z]+\/[A-Za-z_]+(?:\/[A-Za-z_]+)?\b/g, " ") // time zones
      .replace(/\b[A-Z0-9]+(?:-[A-Z0-9]+)+\b/g, " ") // keys
      .replace(/\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g, " ") // settings' names (BACKUP_EVERY): identifiers the owner types
      .replace(/\b[A-Z0-9]{12,}\b/g, " ") // transaction ids
      .match(/[A-Za-z]{2,}/g) ?? [];
  const names = new Set([...KEPT_NAMES, ...kept]);
  return [...new Set(words.filter((word) => !names.has(word)))];
}
