#!/usr/bin/env node
// Screenshots of issue #14's outcomes, to look at (desktop and 375 px, light and dark):
//   node scripts/screenshots/journeys.mjs [outDir]
// Starts the built server (dist/) on a throw-away embedded database; needs `npm run build` first.
import { PASSWORD, startShots, VIEWPORTS } from "./setup.mjs";

const shots = await startShots({ name: "journeys", portBase: 3300 });
const { browser, base: BASE, shot, testToken: TOKEN } = shots;
let n = 0;


for (const [device, viewport] of Object.entries(VIEWPORTS)) {
  for (const scheme of ["light", "dark"]) {
    const tag = `${device}-${scheme}`;
    const context = await browser.newContext({ viewport, colorScheme: scheme, baseURL: BASE, isMobile: device === "phone", hasTouch: device === "phone" });
    const page = await context.newPage();
    const email = `shots-${++n}-${Date.now()}@example.com`;
    await page.request.post("/dev/test-api/users", { headers: { "x-test-token": TOKEN }, data: { email, password: PASSWORD } });
    await page.request.post("/api/auth/sign-in/email", { headers: { origin: BASE }, data: { email, password: PASSWORD } });

    // A declined top-up on Profile.
    await page.goto("/profile");
    await page.getByLabel("Amount (USD)").fill("3");
    await page.getByRole("button", { name: "Top Up Now" }).click();
    await page.getByRole("dialog", { name: "Balance Top Up" }).getByRole("button", { name: "Pay", exact: true }).click();
    const payway = page.frameLocator('iframe[name="aba_webservice"]');
    await shot(page, `${tag}-1-payway-open`);
    await payway.getByRole("button", { name: "Decline" }).click();
    await page.locator("[data-sonner-toast]").filter({ hasText: "Payment failed" }).waitFor();
    await shot(page, `${tag}-2-declined-on-profile`);

    // A closed checkout: back on Profile, cancelled.
    await page.getByLabel("Amount (USD)").fill("4");
    await page.getByRole("button", { name: "Top Up Now" }).click();
    await page.getByRole("dialog", { name: "Balance Top Up" }).getByRole("button", { name: "Pay", exact: true }).click();
    await payway.getByRole("button", { name: "Approve" }).waitFor();
    page.once("dialog", (d) => void d.accept());
    await page.locator("#aba-checkout, #aba_checkout_sheet").getByRole("button", { name: "Close" }).click();
    await page.waitForURL(/\/profile$/);
    await page.locator("[data-sonner-toast]").filter({ hasText: "Payment cancelled" }).waitFor();
    await shot(page, `${tag}-3-closed-on-profile`);

    // An approved top-up: the success popup on Profile.
    await page.getByLabel("Amount (USD)").fill("5");
    await page.getByRole("button", { name: "Top Up Now" }).click();
    await page.getByRole("dialog", { name: "Balance Top Up" }).getByRole("button", { name: "Pay", exact: true }).click();
    await payway.getByRole("button", { name: "Approve" }).click();
    await page.waitForURL(/\/profile$/);
    await page.getByRole("dialog", { name: "Payment Successful!" }).waitFor();
    await shot(page, `${tag}-4-paid-on-profile`);

    // The history with Failed, Cancelled and Paid.
    await page.goto("/transactions-history");
    await page.getByRole("row").filter({ hasText: "Failed" }).first().waitFor().catch(() => page.getByText("Failed").first().waitFor());
    await shot(page, `${tag}-5-history`);

    // A plan cancelled from the landing.
    await page.goto("/");
    await page.getByRole("button", { name: "1 Month · $9.99" }).click();
    await page.getByRole("dialog", { name: "1 Month — $9.99" }).getByRole("button", { name: "Pay $9.99" }).click();
    await payway.getByRole("button", { name: "Cancel" }).click();
    await page.locator("[data-sonner-toast]").filter({ hasText: "Payment cancelled" }).waitFor();
    await shot(page, `${tag}-6-cancelled-on-landing`);

    // Confirmation links and Google, signed out.
    const anon = await browser.newContext({ viewport, colorScheme: scheme, baseURL: BASE, isMobile: device === "phone", hasTouch: device === "phone" });
    const visitor = await anon.newPage();
    await visitor.goto("/auth?verified=1");
    await visitor.getByText("Your e-mail is confirmed.").waitFor();
    await shot(visitor, `${tag}-7-confirmed`);
    await visitor.goto("/auth?verified=1&error=TOKEN_EXPIRED");
    await visitor.getByText(/This confirmation link has expired/).waitFor();
    await shot(visitor, `${tag}-8-link-expired`);
    await visitor.goto("/auth");
    await visitor.getByRole("button", { name: "Sign in with Google" }).click();
    await visitor.waitForURL(/google-sim/);
    await shot(visitor, `${tag}-9-google-stand-in`);
    await anon.close();
    await context.close();
  }
}

await shots.close();
