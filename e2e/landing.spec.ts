// The landing page and the public navigation bar: pricing switch, plan clicks, section scrolling,
// translucent bar, mobile menu, contact menu, footer, language switch, prerendered HTML.
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";

import { collectConsoleErrors, PASSWORD, signUpAndConfirm, uniqueEmail } from "./support";

interface SiteConfig {
  links: { supportChat: string; communityChat: string; documentation: string; sellerTelegram: string };
  videos: { playlistEmbed: string; allPlaylists: string };
  downloads: Record<string, string>;
  paymentMethods: Array<{ id: string; name: string; logo: string }>;
}
const SITE = JSON.parse(readFileSync(path.join(process.cwd(), "site.config.json"), "utf8")) as SiteConfig;

const LOCAL_PRICES = ["$9.99", "$29.99", "$119.99"];
const FOREIGN_PRICES = ["$15.99", "$47.99", "$179.99"];
const KHMER_PRICING_HEADING = "ជ្រើសរើសគម្រោងដែលស័ក្ដិសមបំផុតសម្រាប់អ្នក";

/**
 * Opens a public page and waits until it is interactive: the static page's script (web/enhance)
 * or, for signed-in visitors and a remembered Khmer, React marks the bar.
 */
async function open(page: Page, url = "/") {
  await page.goto(url);
  await expect(page.getByRole("banner")).toHaveAttribute("data-hydrated", "true");
}

const mainNav = (page: Page) => page.getByRole("banner").getByRole("navigation", { name: "Main" });

test.beforeEach(async ({ page }) => {
  // No external network here: answer the tutorial embed with an empty page.
  await page.route(/youtube/, (route) => route.fulfill({ contentType: "text/html", body: "<p>playlist</p>" }));
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

test("Videos and Download scroll to their sections; the playlist mounts only near the viewport", async ({ page }) => {
  await open(page);
  const videos = page.locator("#videos-section");
  await expect(videos.locator("iframe")).toHaveCount(0);

  await mainNav(page).getByRole("button", { name: "Videos" }).click();
  await expect(videos).toBeInViewport();
  const iframe = videos.locator('iframe[title="Keyshop tutorial playlist"]');
  await expect(iframe).toHaveAttribute("src", SITE.videos.playlistEmbed);
  await expect(iframe).toHaveAttribute("loading", "lazy");
  const all = videos.getByRole("link", { name: "View all playlists" });
  await expect(all).toHaveAttribute("href", SITE.videos.allPlaylists);
  await expect(all).toHaveAttribute("target", "_blank");

  await mainNav(page).getByRole("button", { name: "Download" }).click();
  const setup = page.locator("#setup-section");
  await expect(setup).toBeInViewport();
  await expect(setup.getByRole("heading", { level: 2, name: "Quick Setup Guide" })).toBeVisible();
  for (const [name, href] of [
    ["Emulator (official build)", SITE.downloads.emulatorOfficial],
    ["Emulator (Chinese build)", SITE.downloads.emulatorChinese],
    ["Installer", SITE.downloads.secondEmulatorInstaller],
    ["Import package", SITE.downloads.secondEmulatorImport],
    ["Download setup tool", SITE.downloads.setupTool],
  ]) {
    const link = setup.getByRole("link", { name, exact: true });
    await expect(link).toHaveAttribute("href", href);
    await expect(link).toHaveAttribute("target", "_blank");
  }
  for (const item of ["Setup", "Login License Keys", "Start Automating"]) {
    await expect(setup.getByText(item, { exact: true })).toBeVisible();
  }
});

test("the navigation bar turns translucent after 50 px of scrolling, without moving", async ({ page }) => {
  await open(page);
  const header = page.getByRole("banner");
  await expect(header).toHaveAttribute("data-scrolled", "false");
  const before = await header.boundingBox();

  await page.evaluate(() => window.scrollTo(0, 30));
  await page.waitForTimeout(150);
  await expect(header).toHaveAttribute("data-scrolled", "false");

  await page.evaluate(() => window.scrollTo(0, 400));
  await expect(header).toHaveAttribute("data-scrolled", "true");
  await expect(header).toHaveClass(/backdrop-blur/);
  const after = await header.boundingBox();
  expect(after?.height).toBe(before?.height);
  expect(after?.y).toBe(0);

  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(header).toHaveAttribute("data-scrolled", "false");
});

test("at 375 px the hamburger menu opens, and closes after a choice", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await open(page);
  const toggle = page.getByRole("button", { name: "Open menu" });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(mainNav(page).getByRole("button", { name: "Videos" })).toBeHidden();

  await toggle.click();
  const close = page.getByRole("button", { name: "Close menu" });
  await expect(close).toHaveAttribute("aria-expanded", "true");
  const menu = page.locator(`#${await close.getAttribute("aria-controls")}`);
  await expect(menu).toBeVisible();
  await expect(menu.getByRole("link", { name: "Sign In" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Support chat" })).toHaveAttribute("target", "_blank");

  await menu.getByRole("button", { name: "Download" }).click();
  await expect(menu).toBeHidden();
  await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");
  await expect(page.locator("#setup-section")).toBeInViewport();

  // Escape closes it too.
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(menu).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();
});

test("the Contact menu lists the chats, the documentation and the FAQ", async ({ page }) => {
  await open(page);
  const nav = mainNav(page);
  const contact = nav.getByRole("button", { name: "Contact" });
  await contact.click();
  await expect(contact).toHaveAttribute("aria-expanded", "true");
  for (const [name, href] of [
    ["Support chat", SITE.links.supportChat],
    ["Community chat", SITE.links.communityChat],
    ["Documentation", SITE.links.documentation],
  ]) {
    const link = nav.getByRole("link", { name });
    await expect(link).toHaveAttribute("href", href);
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
  }
  await page.keyboard.press("Escape");
  await expect(nav.getByRole("link", { name: "Support chat" })).toBeHidden();
  await expect(contact).toBeFocused();

  // Keyboard: ArrowDown opens the menu and focuses the first entry.
  await contact.press("ArrowDown");
  await expect(nav.getByRole("link", { name: "Support chat" })).toBeFocused();

  await nav.getByRole("link", { name: "FAQ" }).click();
  await expect(page).toHaveURL(/\/faq$/);

  // Off the home page, Download goes to /#setup-section.
  await expect(page.getByRole("banner")).toHaveAttribute("data-hydrated", "true");
  await mainNav(page).getByRole("button", { name: "Download" }).click();
  await expect(page).toHaveURL(/\/#setup-section$/);
  await expect(page.locator("#setup-section")).toBeInViewport();
});

test("footer links, payment logos and the floating Chat Support button", async ({ page }) => {
  await open(page);
  const footer = page.getByRole("contentinfo");
  for (const [name, href] of [
    ["Privacy Policy", "/privacy-policy"],
    ["Terms of Service", "/terms-of-service"],
    ["FAQ", "/faq"],
  ]) {
    const link = footer.getByRole("link", { name, exact: true });
    await expect(link).toHaveAttribute("href", href);
    await expect(link).toHaveAttribute("rel", "nofollow");
  }
  await expect(footer).toContainText("© 2024 Keyshop");
  await expect(footer).toContainText("We accept");
  for (const method of SITE.paymentMethods) {
    const logo = footer.getByRole("img", { name: method.name, exact: true });
    await expect(logo).toHaveAttribute("src", method.logo);
    await expect(logo).toHaveAttribute("width", /\d+/);
    await expect(logo).toHaveAttribute("height", /\d+/);
  }

  const chat = page.getByRole("link", { name: "Chat Support" });
  await expect(chat).toHaveAttribute("href", SITE.links.supportChat);
  await expect(chat).toHaveAttribute("target", "_blank");
  await expect(chat).toHaveCSS("position", "fixed");
});

test("the language switch turns the landing into Khmer, is remembered, and switches back", async ({ page }) => {
  const errors = collectConsoleErrors(page);
  const scripts = scriptRequests(page);
  await open(page);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await page.getByRole("button", { name: /^Language/ }).click();
  await page.getByRole("button", { name: "ខ្មែរ", exact: true }).click();

  // The page prerendered in Khmer, still without React.
  await expect(page.locator("html")).toHaveAttribute("lang", "km");
  const pricing = page.locator("#pricing");
  await expect(pricing.getByRole("heading", { level: 2, name: KHMER_PRICING_HEADING })).toBeVisible();
  await expect(pricing.getByTestId("plan-price").filter({ visible: true })).toHaveText(LOCAL_PRICES);
  const khmerNav = page.getByRole("banner").getByRole("navigation", { name: "ម៉ឺនុយមេ" });
  await expect(khmerNav.getByRole("button", { name: "វីដេអូ" })).toBeVisible();
  expect(scripts.filter(isReact)).toEqual([]);

  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", "km");
  await expect(pricing.getByRole("heading", { level: 2, name: KHMER_PRICING_HEADING })).toBeVisible();
  expect(scripts.filter(isReact)).toEqual([]);

  // A plan: the app hydrates the Khmer page in Khmer (no mismatch, no flash of English).
  await page.locator("[data-plan-choice=local-3m]").first().click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(pricing.getByRole("heading", { level: 2, name: KHMER_PRICING_HEADING })).toBeVisible();

  // Back to English, now through the app; remembered for the next visit too.
  await page.getByRole("button", { name: /^ភាសា/ }).click();
  await page.getByRole("button", { name: "English", exact: true }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(pricing.getByRole("heading", { level: 2, name: "Choose Your Perfect Plan" })).toBeVisible();
  scripts.length = 0;
  await open(page);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  expect(scripts.filter(isReact)).toEqual([]);
  expect(errors).toEqual([]);
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

/** Script files the page has requested so far (their names under /assets). */
function scriptRequests(page: Page) {
  const names: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") names.push(new URL(request.url()).pathname.replace("/assets/", ""));
  });
  return names;
}
const isReact = (name: string) => /^(framework|entry\.client|public|home|root)-/.test(name);

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
