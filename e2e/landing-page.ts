// What the landing specs share (landing*.spec.ts): the site configuration, the plans' prices, opening
// a public page until it is interactive, the main navigation, and the scripts a page loaded.
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";

export interface SiteConfig {
  links: { supportChat: string; communityChat: string; documentation: string; sellerTelegram: string };
  videos: { playlistEmbed: string; allPlaylists: string };
  downloads: Record<string, string>;
  paymentMethods: Array<{ id: string; name: string; logo: string }>;
}
export const SITE = JSON.parse(readFileSync(path.join(process.cwd(), "site.config.json"), "utf8")) as SiteConfig;

export const LOCAL_PRICES = ["$9.99", "$29.99", "$119.99"];
export const FOREIGN_PRICES = ["$15.99", "$47.99", "$179.99"];
export const KHMER_PRICING_HEADING = "ជ្រើសរើសគម្រោងដែលស័ក្ដិសមបំផុតសម្រាប់អ្នក";

/**
 * Opens a public page and waits until it is interactive: the static page's script (web/enhance)
 * or, for signed-in visitors and a remembered Khmer, React marks the bar.
 */
export async function open(page: Page, url = "/") {
  await page.goto(url);
  await expect(page.getByRole("banner")).toHaveAttribute("data-hydrated", "true");
}

export const mainNav = (page: Page) => page.getByRole("banner").getByRole("navigation", { name: "Main" });

/** No external network here: the tutorial embed is answered with an empty page (call in beforeEach). */
export async function stubVideos(page: Page) {
  await page.route(/youtube/, (route) => route.fulfill({ contentType: "text/html", body: "<p>playlist</p>" }));
}


/** Script files the page has requested so far (their names under /assets). */
export function scriptRequests(page: Page) {
  const names: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") names.push(new URL(request.url()).pathname.replace("/assets/", ""));
  });
  return names;
}
export const isReact = (name: string) => /^(framework|entry\.client|public|home|root)-/.test(name);
