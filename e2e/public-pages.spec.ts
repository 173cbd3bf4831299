// FAQ, legal pages and the donation thank-you page (all prerendered).
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { collectConsoleErrors } from "./support";

const QUESTIONS = [
  "What is Keyshop?",
  "How do I get started?",
  "Which payment methods do you accept?",
  "How long is a license valid?",
  "Can I move my license to another device?",
  "How do I get help?",
  "What is your refund policy?",
  "Do you offer licenses for teams?",
];

const PRIVACY_SECTIONS = [
  "Information we collect",
  "How we use your information",
  "Sharing your information",
  "Data security",
  "Contact us",
];

const TERMS_SECTIONS = [
  "Acceptance of terms",
  "Use license",
  "Account responsibilities",
  "Service modifications",
  "Termination",
];


test.describe("FAQ", () => {
  test("the prerendered HTML has the heading, the 8 questions, their answers and FAQPage data", async ({
    page,
  }) => {
    const response = await page.request.get("/faq");
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain("Frequently Asked Questions");
    for (const question of QUESTIONS) expect(html).toContain(question);
    // The money-back window is the site's one setting (decision 054).
    const days = (JSON.parse(readFileSync("site.config.json", "utf8")) as { refundWindowDays: number }).refundWindowDays;
    expect(html).toContain(`within ${days} days of your payment`);
    expect(html).toContain('<script type="application/ld+json">');
    expect(html).toContain('"@type":"FAQPage"');
  });

  test("the accordion keeps one item open at a time", async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await page.goto("/faq");
    await expect(page.getByRole("heading", { level: 1, name: "Frequently Asked Questions" })).toBeVisible();
    const triggers = page.getByRole("main").getByRole("button");
    await expect(triggers).toHaveCount(QUESTIONS.length);
    for (const [i, question] of QUESTIONS.entries()) await expect(triggers.nth(i)).toHaveAccessibleName(question);

    const first = page.getByRole("button", { name: QUESTIONS[0] });
    const second = page.getByRole("button", { name: QUESTIONS[1] });
    await expect(first).toHaveAttribute("aria-expanded", "false");
    // Clicks before hydration do nothing; retry until the app is live.
    await expect(async () => {
      if ((await first.getAttribute("aria-expanded")) !== "true") await first.click();
      await expect(first).toHaveAttribute("aria-expanded", "true", { timeout: 1000 });
    }).toPass();
    await expect(page.getByRole("region", { name: QUESTIONS[0] })).toBeVisible();
    await expect(page.getByRole("region", { name: QUESTIONS[0] })).toContainText("desktop tool");

    await second.click();
    await expect(second).toHaveAttribute("aria-expanded", "true");
    await expect(first).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByRole("region", { name: QUESTIONS[0] })).toBeHidden();
    await expect(page.getByRole("region", { name: QUESTIONS[1] })).toBeVisible();

    // Collapsible: the open item closes again.
    await second.click();
    await expect(second).toHaveAttribute("aria-expanded", "false");
    await expect(page.locator("[data-slot=accordion]").getByRole("region")).toHaveCount(0);

    // Keyboard: arrows move between questions, Enter opens.
    await first.focus();
    await page.keyboard.press("ArrowDown");
    await expect(second).toBeFocused();
    await page.keyboard.press("End");
    const last = page.getByRole("button", { name: QUESTIONS[7] });
    await expect(last).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(last).toHaveAttribute("aria-expanded", "true");
    expect(errors).toEqual([]);
  });

  test("support links open the configured chats in a new tab", async ({ page }) => {
    await page.goto("/faq");
    const trigger = page.getByRole("button", { name: QUESTIONS[5] });
    await expect(async () => {
      if ((await trigger.getAttribute("aria-expanded")) !== "true") await trigger.click();
      await expect(trigger).toHaveAttribute("aria-expanded", "true", { timeout: 1000 });
    }).toPass();
    const links = page.getByRole("region", { name: QUESTIONS[5] }).getByRole("link");
    await expect(links).toHaveCount(3);
    for (const link of await links.all()) {
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", /noopener/);
      await expect(link).toHaveAttribute("href", /^https:\/\//);
    }
  });
});

test.describe("legal pages", () => {
  for (const { path, title, sections } of [
    { path: "/privacy-policy", title: "Privacy Policy", sections: PRIVACY_SECTIONS },
    { path: "/terms-of-service", title: "Terms of Service", sections: TERMS_SECTIONS },
  ]) {
    test(`${path} has one h1, the date and 5 section headings`, async ({ page }) => {
      const errors = collectConsoleErrors(page);
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
      await expect(page.locator("time[datetime='2026-11-22']")).toBeVisible();
      await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText(
        sections.map((section, i) => `${i + 1}. ${section}`),
      );
      await expect(page.getByRole("navigation", { name: "On this page" }).getByRole("link")).toHaveCount(5);
      await expect(page).toHaveTitle(`${title} | Keyshop`);
      expect(errors).toEqual([]);
    });
  }

  test("the privacy policy gives the configured support e-mail", async ({ page }) => {
    await page.goto("/privacy-policy");
    await expect(page.locator("#contact").getByRole("link", { name: "support@keyshop.example" })).toHaveAttribute(
      "href",
      "mailto:support@keyshop.example",
    );
  });
});

test.describe("donation success", () => {
  test("query values are shown as text, never as HTML, and req_time only when given", async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await page.goto("/donation-success?donor_name=<b>x</b>&amount=5");
    const thanks = page.getByRole("heading", { level: 1 });
    await expect(thanks).toContainText("សូមអរគុណ");
    await expect(thanks).toContainText("Thank you, <b>x</b>!");
    await expect(thanks.locator("b")).toHaveCount(0);
    await expect(page.getByTestId("donation-amount")).toHaveText("$5");
    await expect(page.getByText("Transaction number")).toBeHidden();
    await expect(page.getByTestId("donation-transaction")).toBeHidden();
    expect(errors).toEqual([]);
  });

  test("interpolation syntax in a name stays literal text", async ({ page }) => {
    await page.goto(`/donation-success?donor_name=${encodeURIComponent("{{donor}} $t(faq:title)")}&amount=5`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Thank you, {{donor}} $t(faq:title)!");
  });

  test("shows the transaction number from req_time", async ({ page }) => {
    await page.goto("/donation-success?donor_name=Dara&amount=12.50&req_time=123");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Thank you, Dara!");
    await expect(page.getByTestId("donation-amount")).toHaveText("$12.50");
    await expect(page.getByText("Transaction number")).toBeVisible();
    await expect(page.getByTestId("donation-transaction")).toHaveText("123");
  });

  test("defaults to Anonymous Supporter and $0; a non-number amount shows 0", async ({ page }) => {
    await page.goto("/donation-success");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Thank you, Anonymous Supporter!");
    await expect(page.getByTestId("donation-amount")).toHaveText("$0");

    await page.goto("/donation-success?amount=1e9&donor_name=%20%20");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Thank you, Anonymous Supporter!");
    await expect(page.getByTestId("donation-amount")).toHaveText("$0");
  });

  test("confetti loads after mount, and not at all with reduced motion", async ({ page }) => {
    const confettiRequests: string[] = [];
    page.on("request", (request) => {
      if (/confetti/i.test(request.url())) confettiRequests.push(request.url());
    });
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/donation-success?amount=5");
    await expect(page.getByTestId("donation-amount")).toHaveText("$5");
    await page.waitForLoadState("networkidle");
    expect(confettiRequests).toEqual([]);

    await page.emulateMedia({ reducedMotion: "no-preference" });
    await page.goto("/donation-success?amount=6");
    await expect(page.getByTestId("donation-amount")).toHaveText("$6");
    await expect.poll(() => confettiRequests.length).toBeGreaterThan(0);
  });

  test("Back to Home goes to /", async ({ page }) => {
    await page.goto("/donation-success?amount=5");
    await expect(page.getByTestId("donation-amount")).toHaveText("$5");
    await page.getByRole("link", { name: "Back to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe("a page that does not exist", () => {
  test("answers 404 and shows the not-found page with a way home", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expect(page).toHaveTitle(/Page not found/);
    await page.getByRole("link", { name: "Back to home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
