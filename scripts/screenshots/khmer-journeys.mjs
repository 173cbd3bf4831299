#!/usr/bin/env node
// Screenshots of the Khmer journeys (issue #27), to look at: the Khmer landing (hero and pricing),
// the landing's payment pop-up, the Renew dialog and Transactions History, at 375 px and 1280 px,
// light and dark. The instance sells a 6-month plan from a test catalogue (decision 047), so the
// Renew dialog and the history show a fourth length.
//   node scripts/screenshots/khmer-journeys.mjs [outDir]
// Starts the built server (dist/) on a throw-away embedded database; needs `npm run build` first.
import { DAY, PASSWORD, startShots } from "./setup.mjs";

const shots = await startShots({ name: "khmer-journeys", portBase: 3600 });
const { browser, base: BASE, origin, testApi, shot } = shots;

// ---- A Khmer customer: a licence with a long Khmer name, payments of each kind, a 6-month plan --
const setup = await browser.newContext({ baseURL: BASE });
await testApi(setup.request, "catalogue", { extraEntries: [{ months: 6, periodDays: 180, bonusDays: 20, keyChanges: 30, prices: { local: 54_990, foreign: 89_990 } }] });
const now = Date.now();
const stamp = now.toString(36);
const email = `shots-km-${stamp}@example.com`;
const iso = (ms) => new Date(ms).toISOString();
const NAME = "កុំព្យូទ័រការិយាល័យជាន់ទីពីរ";
await testApi(setup.request, "users", { email, password: PASSWORD, language: "km" });
await testApi(setup.request, "licenses", { email, planId: "local-6m", name: NAME, deviceKey: `LDREEL-7F3A-91C2-${stamp.toUpperCase()}`, startDate: iso(now - 20 * DAY), expireDate: iso(now + 160 * DAY), changesLeft: 28 });
await testApi(setup.request, "orders", {
  orders: [
    { email, kind: "plan", planId: "local-6m", status: "paid", locale: "km" },
    { email, kind: "plan", planId: "local-3m", status: "paid", locale: "km" },
    { email, kind: "topup", amountMills: 5_000, status: "paid", locale: "km" },
    { email, kind: "plan", planId: "local-12m", status: "failed", locale: "km" },
  ],
});

for (const scheme of ["light", "dark"]) {
  for (const width of [375, 1280]) {
    const mobile = width < 768;
    const tag = `${scheme}-${width}`;
    const context = await browser.newContext({ viewport: { width, height: mobile ? 812 : 900 }, colorScheme: scheme, baseURL: BASE, isMobile: mobile, hasTouch: mobile });
    // Nothing but this machine (the landing's tutorial embed would go out).
    await context.route((url) => url.hostname !== "localhost" && url.hostname !== "127.0.0.1", (route) => route.abort());
    await context.addInitScript(() => localStorage.setItem("lang", "km"));
    await context.addCookies([{ name: "ks_lang", value: "km", url: BASE }]);
    const page = await context.newPage();

    // The landing, before signing in: the hero (the first screen) and the pricing section.
    await page.goto("/");
    await page.locator("html[lang=km]").waitFor();
    await shot(page, `landing-hero-${tag}`);
    await shot(page, `landing-pricing-${tag}`, { element: page.locator("#pricing") });

    // Signed in: the landing's payment pop-up for the 3-month plan.
    await context.request.post("/api/auth/sign-in/email", { headers: origin, data: { email, password: PASSWORD } });
    await page.goto("/");
    await page.locator("header[data-hydrated=true]").first().waitFor().catch(() => {});
    await page.locator("#pricing").getByRole("button", { name: "ចាប់ផ្ដើម" }).nth(1).click();
    const pay = page.getByRole("dialog");
    await pay.getByRole("button", { name: /^បង់ / }).waitFor();
    await shot(page, `payment-popup-${tag}`);
    await page.keyboard.press("Escape");

    // The Renew dialog.
    await page.goto("/license-keys");
    await page.getByRole("button", { name: `បន្តសុពលភាព ${NAME}` }).first().click();
    await page.getByRole("dialog").getByRole("radio").first().waitFor();
    await shot(page, `renew-dialog-${tag}`);
    await page.keyboard.press("Escape");

    // Transactions History.
    await page.goto("/transactions-history");
    await page.getByTestId("transactions-count").waitFor();
    await page.waitForLoadState("networkidle");
    await shot(page, `transactions-history-${tag}`, { fullPage: true });
    await context.close();
  }
}

await testApi(setup.request, "catalogue", { extraEntries: [] });
await shots.close();
