#!/usr/bin/env node
// Screenshots of the Reseller page (issue #33 item 3, decision 080), to look at (desktop and
// 375 px, English and Khmer, light and dark): the page with a paid bulk order (two of its licences
// assigned) and a pending one, the price with a volume tier, a quantity out of range, and the
// assign dialog.
//   node scripts/screenshots/reseller.mjs [outDir]
// Starts the built server (dist/) on a throw-away embedded database; needs `npm run build` first.
import { PASSWORD, startShots, totp } from "./setup.mjs";

const shots = await startShots({ name: "reseller", portBase: 3900, fullPage: true });
const { browser, base: BASE, origin, testApi, shot } = shots;
const stamp = Date.now().toString(36);

async function ok(response, what) {
  if (!response.ok()) throw new Error(`${what}: ${response.status()} ${await response.text()}`);
  return response.json();
}

// ---- A super-admin gives the 1-month plan volume tiers and marks the resellers -----------------
const admin = await browser.newContext({ baseURL: BASE });
const adminEmail = `shots-admin-${stamp}@example.com`;
const adminUser = await testApi(admin.request, "users", { email: adminEmail, password: PASSWORD, role: "admin", superAdmin: true });
await ok(await admin.request.post("/api/auth/sign-in/email", { headers: origin, data: { email: adminEmail, password: PASSWORD } }), "admin sign-in");
await ok(await admin.request.post("/api/auth/two-factor/verify-totp", { headers: origin, data: { code: totp(adminUser.totpSecret) } }), "second factor");
const tiers = [{ minQuantity: 10, percentOff: 5 }, { minQuantity: 50, percentOff: 10 }, { minQuantity: 100, percentOff: 15 }];
await ok(await admin.request.patch("/api/admin/catalogue/plans/local-1m", { headers: origin, data: { volumeTiers: tiers } }), "tiers");

/** A reseller in `language` with a paid order of 12 (two assigned) and a pending order of 3. */
async function reseller(language) {
  const context = await browser.newContext({ baseURL: BASE });
  const email = `shots-reseller-${language}-${stamp}@example.com`;
  const user = await testApi(context.request, "users", { email, password: PASSWORD, language });
  await ok(await admin.request.patch(`/api/admin/users/${user.id}/reseller`, { headers: origin, data: { reseller: true } }), "reseller flag");
  await ok(await context.request.post("/api/auth/sign-in/email", { headers: origin, data: { email, password: PASSWORD } }), "reseller sign-in");
  const paid = await ok(await context.request.post("/api/reseller/checkout", { headers: origin, data: { planId: "local-1m", quantity: 12 } }), "bulk checkout");
  await context.request.post(paid.checkout.action, { form: paid.checkout.fields });
  await ok(await context.request.post(`/payway-sim/__sim/transactions/${paid.order.tranId}/approve`, { data: {} }), "approve");
  let licenses = [];
  for (let i = 0; i < 40 && licenses.length < 12; i++) {
    licenses = (await ok(await context.request.get("/api/reseller/licenses"), "licenses")).licenses;
    if (licenses.length < 12) await new Promise((r) => setTimeout(r, 250));
  }
  for (const [i, license] of licenses.slice(0, 2).entries()) {
    await ok(await context.request.post(`/api/reseller/licenses/${license.id}/assign`, { headers: origin, data: { email: `customer-${i + 1}-${language}-${stamp}@example.com` } }), "assign");
  }
  await ok(await context.request.post("/api/reseller/checkout", { headers: origin, data: { planId: "local-3m", quantity: 3 } }), "pending checkout");
  const state = await context.storageState();
  await context.close();
  return state;
}
const sessions = { en: await reseller("en"), km: await reseller("km") };
await admin.close();

for (const lang of ["en", "km"]) {
  for (const width of [1280, 375]) {
    for (const scheme of ["light", "dark"]) {
      const mobile = width < 768;
      const tag = `${lang}-${width}-${scheme}`;
      const t = (en, km) => (lang === "km" ? km : en);
      const context = await browser.newContext({ viewport: { width, height: mobile ? 812 : 900 }, baseURL: BASE, isMobile: mobile, hasTouch: mobile, colorScheme: scheme, storageState: sessions[lang] });
      await context.route((url) => url.hostname !== "localhost" && url.hostname !== "127.0.0.1", (route) => route.abort());
      await context.addInitScript(([l, s]) => {
        localStorage.setItem("lang", l);
        localStorage.setItem("theme", s);
      }, [lang, scheme]);
      if (lang === "km") await context.addCookies([{ name: "ks_lang", value: "km", url: BASE }]);
      const page = await context.newPage();
      await page.goto("/reseller");
      await page.getByTestId("reseller-license").first().waitFor();
      await shot(page, `reseller-${tag}`);

      const buy = page.getByTestId("bulk-buy");
      await buy.getByLabel(t("Number of licences", "ចំនួនអាជ្ញាប័ណ្ណ")).fill("1");
      await shot(page, `reseller-quantity-${tag}`, { element: buy });
      await buy.getByLabel(t("Number of licences", "ចំនួនអាជ្ញាប័ណ្ណ")).fill("60");
      await shot(page, `reseller-tier-${tag}`, { element: buy });

      await page.getByRole("button", { name: new RegExp(`^${t("Assign licence", "ចាត់តាំងអាជ្ញាប័ណ្ណ")} `) }).first().click();
      const dialog = page.getByRole("dialog");
      await dialog.getByRole("textbox").fill("sokha@example.com");
      await shot(page, `reseller-assign-${tag}`, { fullPage: false });
      await context.close();
    }
  }
}
await shots.close();
