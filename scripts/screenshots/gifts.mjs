#!/usr/bin/env node
// Screenshots of a gift (issue #33 item 4, decision 079), to look at (desktop and 375 px, English
// and Khmer, light and dark): the landing's payment dialog with "Buy as a gift" checked and the
// recipient's e-mail filled, and the same refusing the payer's own address.
//   node scripts/screenshots/gifts.mjs [outDir]
// Starts the built server (dist/) on a throw-away embedded database; needs `npm run build` first.
import { PASSWORD, startShots } from "./setup.mjs";

const shots = await startShots({ name: "gifts", portBase: 3800 });
const { browser, base: BASE, origin, testApi, shot } = shots;

const setup = await browser.newContext({ baseURL: BASE });
const buyerEmail = `shots-payer-${Date.now().toString(36)}@example.com`;
await testApi(setup.request, "users", { email: buyerEmail, password: PASSWORD });
await setup.close();

for (const lang of ["en", "km"]) {
  for (const width of [1280, 375]) {
    for (const scheme of ["light", "dark"]) {
      const mobile = width < 768;
      const tag = `${lang}-${width}-${scheme}`;
      const t = (en, km) => (lang === "km" ? km : en);
      const context = await browser.newContext({ viewport: { width, height: mobile ? 812 : 900 }, baseURL: BASE, isMobile: mobile, hasTouch: mobile, colorScheme: scheme });
      await context.route((url) => url.hostname !== "localhost" && url.hostname !== "127.0.0.1", (route) => route.abort());
      await context.addInitScript(([l, s]) => {
        localStorage.setItem("lang", l);
        localStorage.setItem("theme", s);
      }, [lang, scheme]);
      if (lang === "km") await context.addCookies([{ name: "ks_lang", value: "km", url: BASE }]);
      await context.request.post("/api/auth/sign-in/email", { headers: origin, data: { email: buyerEmail, password: PASSWORD } });
      const page = await context.newPage();
      await page.goto("/");
      await page.locator("#pricing").getByRole("button", { name: t("Get Started", "ចាប់ផ្ដើម") }).first().click();
      const dialog = page.getByRole("dialog");
      await dialog.getByRole("checkbox", { name: t("Buy as a gift", "ទិញជាអំណោយ") }).check();
      const field = dialog.getByRole("textbox", { name: t("Recipient's e-mail", "អ៊ីមែលរបស់អ្នកទទួល") });
      await field.fill("sokha@example.com");
      await shot(page, `gift-${tag}`);
      await field.fill(buyerEmail);
      await dialog.getByRole("button", { name: /^(Pay|បង់)/ }).click();
      await dialog.getByRole("alert").first().waitFor();
      await shot(page, `gift-self-${tag}`);
      await context.close();
    }
  }
}
await shots.close();
