// The landing page's public navigation: section scrolling, the translucent bar, the mobile menu, the
// Contact menu, the footer and the language switch.
import { expect, test } from "@playwright/test";
import { collectConsoleErrors } from "./support";
import { isReact, KHMER_PRICING_HEADING, LOCAL_PRICES, mainNav, open, scriptRequests, SITE, stubVideos } from "./landing-page";

test.beforeEach(async ({ page }) => {
  await stubVideos(page);
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
