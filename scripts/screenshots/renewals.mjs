#!/usr/bin/env node
// Screenshots of renewals (issue #17 items 1-4), to look at: the expiry reminder e-mail in English
// and Khmer as a phone shows it, and the Renew flow at 375 px (License Keys with days left and a
// licence's term, the Renew dialog, the reminder link's page with its checkout), light and dark.
//   node scripts/screenshots/renewals.mjs [outDir]
// Starts the built server (dist/) on a throw-away embedded database; needs `npm run build` first.
import { DAY, PASSWORD, startShots, VIEWPORTS } from "./setup.mjs";

const shots = await startShots({ name: "renewals", portBase: 3450 });
const { browser, base: BASE, origin, testApi, shot } = shots;
const PHONE = VIEWPORTS.phone;

// ---- Two customers, each with a licence expiring in 3 days; the second paid in Khmer -----------
const setup = await browser.newContext({ baseURL: BASE });
const now = Date.now();
const stamp = now.toString(36);
const en = `shots-renew-${stamp}@example.com`;
const km = `shots-renew-km-${stamp}@example.com`;
for (const email of [en, km]) await testApi(setup.request, "users", { email, password: PASSWORD });
await testApi(setup.request, "orders", { orders: [{ email: km, kind: "plan", planId: "local-1m", status: "failed", locale: "km" }] });
const iso = (ms) => new Date(ms).toISOString();
for (const email of [en, km]) {
  await testApi(setup.request, "licenses", { email, planId: "local-3m", name: "Office PC", deviceKey: `LDREEL-SHOT-${email.length}-${stamp}`, startDate: iso(now - 102 * DAY), expireDate: iso(now + 3 * DAY) });
}
await testApi(setup.request, "licenses", { email: en, planId: "local-12m", name: "Spare seat", deviceKey: null, startDate: null, expireDate: null });
await testApi(setup.request, "workers/run", { now: iso(now) });

async function reminder(email) {
  for (let i = 0; i < 60; i++) {
    const res = await setup.request.get(`/dev/mailbox/messages.json?to=${encodeURIComponent(email)}`);
    const found = (await res.json()).messages.find((m) => m.links.some((l) => l.includes("/renew/")));
    if (found) return found;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`no reminder for ${email}`);
}


// The e-mails as a phone's mail client shows them.
const mails = {};
for (const [lang, email] of [["en", en], ["km", km]]) {
  const message = await reminder(email);
  mails[lang] = message;
  const page = await (await browser.newContext({ viewport: PHONE })).newPage();
  await page.setContent(message.html, { waitUntil: "load" });
  await shot(page, `email-${lang}`, { fullPage: true });
}

// The Renew flow at 375 px.
for (const scheme of ["light", "dark"]) {
  const context = await browser.newContext({ viewport: PHONE, colorScheme: scheme, baseURL: BASE, isMobile: true, hasTouch: true });
  await context.request.post("/api/auth/sign-in/email", { headers: origin, data: { email: en, password: PASSWORD } });
  const page = await context.newPage();
  await page.goto("/license-keys");
  await page.getByText("days left").first().waitFor();
  await shot(page, `${scheme}-1-license-keys`, { fullPage: true });
  await page.getByRole("button", { name: "Renew Office PC" }).click();
  const dialog = page.getByRole("dialog", { name: "Renew Office PC" });
  await dialog.getByRole("radio").first().waitFor();
  await shot(page, `${scheme}-2-renew-dialog`);
  await page.keyboard.press("Escape");
  // The reminder's link, in a browser without a session.
  const anonymous = await browser.newContext({ viewport: PHONE, colorScheme: scheme, baseURL: BASE, isMobile: true, hasTouch: true });
  const linkPage = await anonymous.newPage();
  await linkPage.goto(new URL(mails.en.links.find((l) => l.includes("/renew/"))).pathname);
  await linkPage.getByRole("dialog", { name: "Renew Office PC" }).waitFor();
  await shot(linkPage, `${scheme}-3-link-checkout`);
  await linkPage.keyboard.press("Escape");
  await shot(linkPage, `${scheme}-4-link-page`, { fullPage: true });
  await anonymous.close();
  await context.close();
}

// The reminder link's page in Khmer (the customer chose Khmer on the site).
{
  const context = await browser.newContext({ viewport: PHONE, baseURL: BASE, isMobile: true, hasTouch: true });
  await context.addInitScript(() => localStorage.setItem("lang", "km"));
  await context.addCookies([{ name: "ks_lang", value: "km", url: BASE }]);
  const page = await context.newPage();
  await page.goto(new URL(mails.km.links.find((l) => l.includes("/renew/"))).pathname);
  await page.getByRole("dialog").waitFor();
  await page.waitForTimeout(1500); // the Khmer copy and font arrive
  await shot(page, "km-3-link-checkout");
  await page.keyboard.press("Escape");
  await shot(page, "km-4-link-page");
  await context.close();
}

await shots.close();
