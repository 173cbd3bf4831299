// Khmer all the way (issue #27): a visitor who chose Khmer on the landing signs up through /auth,
// confirms the address from the dev mailbox and signs in, and every word of the sign-in they read
// is Khmer; the dashboard opens in Khmer with its language switch, which also saves the choice on
// the account.
import { expect, test, type Locator, type Page } from "@playwright/test";

import { collectConsoleErrors, PASSWORD, uniqueEmail, waitForEmail, waitForHydration } from "./support";

/** Latin words a Khmer page may show: names, and the language switch's own "English". */
const ALLOWED_LATIN = /\b(Keyshop|Google|Passkey|English|PayWay|OTP|Gmail|API|Key)\b/g;

/** The visible text of `locator`, less e-mail addresses and allowed names: no English word left. */
async function expectNoEnglish(locator: Locator) {
  const text = (await locator.innerText()).replace(/\S+@\S+/g, "").replace(ALLOWED_LATIN, "");
  expect(text.match(/[A-Za-z]{2,}/g) ?? [], `English in: ${text}`).toEqual([]);
}

test.beforeEach(async ({ page }) => {
  // Only this machine is ever asked (the landing's tutorial embed would go out).
  await page.route((url) => url.hostname !== "localhost" && url.hostname !== "127.0.0.1", (route) => route.abort());
});

async function chooseKhmerOnLanding(page: Page) {
  await page.goto("/");
  await expect(page.getByRole("banner")).toHaveAttribute("data-hydrated", "true");
  await page.getByRole("button", { name: /^Language/ }).click();
  await page.getByRole("button", { name: "ខ្មែរ", exact: true }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "km");
}

test("chosen on the landing, Khmer carries through sign-up, confirmation and sign-in, and into the dashboard", async ({ page }) => {
  const errors = collectConsoleErrors(page);
  const email = uniqueEmail("khmer");
  await chooseKhmerOnLanding(page);

  // The header's Sign In leads to /auth, in Khmer.
  await page.getByRole("banner").getByRole("link", { name: "ចូលគណនី" }).first().click();
  await expect(page).toHaveURL(/\/auth$/);
  await waitForHydration(page);
  const welcome = page.getByRole("dialog", { name: "សូមស្វាគមន៍ការត្រឡប់មកវិញ" });
  await expect(welcome.getByLabel("អាសយដ្ឋានអ៊ីមែល")).toBeVisible();
  await expect(welcome.getByRole("combobox", { name: "ភាសា" })).toHaveValue("km");
  await expect(page).toHaveTitle("ចូលគណនី | Keyshop");
  await expectNoEnglish(welcome);

  // Sign up: its own title; what is missing is said in Khmer.
  await welcome.getByRole("link", { name: "មិនទាន់មានគណនី? ចុះឈ្មោះ" }).click();
  const signUp = page.getByRole("dialog", { name: "បង្កើតគណនីរបស់អ្នក" });
  await expect(signUp.getByLabel("បង្កើតពាក្យសម្ងាត់")).toBeVisible();
  await signUp.getByRole("button", { name: "ចុះឈ្មោះ", exact: true }).click();
  await expect(signUp.getByText("សូមបញ្ចូលអាសយដ្ឋានអ៊ីមែល")).toBeVisible();
  await signUp.getByLabel("អាសយដ្ឋានអ៊ីមែល").fill(email);
  await signUp.getByLabel("បង្កើតពាក្យសម្ងាត់").fill("short");
  await signUp.getByRole("button", { name: "ចុះឈ្មោះ", exact: true }).click();
  await expect(signUp.getByText("ពាក្យសម្ងាត់ត្រូវមានយ៉ាងតិច 8 តួអក្សរ")).toBeVisible();
  await expectNoEnglish(signUp);
  await signUp.getByLabel("បង្កើតពាក្យសម្ងាត់").fill(PASSWORD);
  await signUp.getByRole("button", { name: "ចុះឈ្មោះ", exact: true }).click();
  await expect(signUp.getByRole("status").filter({ hasText: "សូមពិនិត្យអ៊ីមែលរបស់អ្នក ដើម្បីបើកតំណបញ្ជាក់" })).toBeVisible();
  await expectNoEnglish(signUp);

  // Confirm from the dev mailbox (whatever language the e-mail is in): back on /auth, in Khmer.
  const mail = await waitForEmail(page, email, /./);
  expect(mail.links.some((link) => link.includes("/verify-email"))).toBe(true);
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
  await page.getByRole("link", { name: /verify-email/ }).first().click();
  await expect(page).toHaveURL(/\/auth\?verified=1/);
  await waitForHydration(page);
  const confirmed = page.getByRole("dialog", { name: "សូមស្វាគមន៍ការត្រឡប់មកវិញ" });
  await expect(confirmed.getByText("អ៊ីមែលរបស់អ្នកបានបញ្ជាក់រួចហើយ។ សូមចូលគណនីដើម្បីបន្ត។")).toBeVisible();
  await expectNoEnglish(confirmed);

  // A wrong password is refused in Khmer; the right one signs in.
  await confirmed.getByLabel("អាសយដ្ឋានអ៊ីមែល").fill(email);
  await confirmed.getByLabel("ពាក្យសម្ងាត់", { exact: true }).fill("not the password");
  await confirmed.getByRole("button", { name: "ចូលគណនី", exact: true }).click();
  await expect(confirmed.getByRole("alert")).toHaveText("អ៊ីមែល ឬពាក្យសម្ងាត់មិនត្រឹមត្រូវ");
  await expectNoEnglish(confirmed);
  await confirmed.getByLabel("ពាក្យសម្ងាត់", { exact: true }).fill(PASSWORD);
  await confirmed.getByRole("button", { name: "ចូលគណនី", exact: true }).click();

  // The dashboard, in Khmer: the toast, the menu, the header and its language switch.
  await expect(page).toHaveURL(/\/license-keys$/);
  await expect(page.getByText("សូមស្វាគមន៍! អ្នកបានចូលគណនីដោយជោគជ័យ។")).toBeVisible();
  // The menu's own name follows the language too.
  const menu = page.getByRole("navigation", { name: /^(ផ្ទាំងគ្រប់គ្រង|Dashboard)$/ });
  await expect(page.getByRole("navigation", { name: "ផ្ទាំងគ្រប់គ្រង" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "លេខកូដអាជ្ញាប័ណ្ណ" })).toBeVisible();
  const header = page.locator("header").filter({ has: page.getByRole("combobox") });
  const language = header.getByRole("combobox", { name: "ភាសា" });
  await expect(language).toHaveValue("km");
  await expect(header).toContainText("លេខកូដអាជ្ញាប័ណ្ណ");

  // Choosing English there switches the texts and saves the choice on the account.
  const saved = page.waitForResponse((res) => res.url().endsWith("/api/profile") && res.request().method() === "PATCH");
  await language.selectOption("en");
  expect((await saved).request().postDataJSON()).toEqual({ language: "en" });
  await expect(menu.getByRole("link", { name: "License Keys" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Language" })).toHaveValue("en");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");

  // And back to Khmer with the keyboard.
  await page.getByRole("combobox", { name: "Language" }).focus();
  // (A closed select takes ArrowDown as the next option; where it opens a list instead, Enter picks it.)
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await expect(menu.getByRole("link", { name: "លេខកូដអាជ្ញាប័ណ្ណ" })).toBeVisible();

  // Log out: the spec's toast, in Khmer.
  await page.getByRole("button", { name: "ចាកចេញ" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("អ្នកបានចាកចេញពីគណនីរបស់អ្នកហើយ")).toBeVisible();
  expect(errors).toEqual([]);
});
