// The admin console in Khmer (issue #27 item 2): a super-admin whose account is in Khmer adds a
// webhook endpoint, opens a customer's page from the header's search, extends a licence through its
// dialog (its check, its toast, the row, the audit trail and the licence history in Khmer), and
// sees the licence.extended delivery in the endpoint's log and replays it. No English word is left
// in the page's own content but names and identifiers (keys, ids, URLs, event types in monospace).
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type Page } from "@playwright/test";

import { chooseKhmer, createUser, englishIn as englishLeft, PASSWORD, seedBalance, seedLicense, seedOrders, signIn, uniqueEmail, SHOP_TIME_ZONE } from "./support";

const DAY = 86_400_000;
const NBSP = "\u00a0";

/** Latin words the Khmer pages keep: names of brands, products, protocols and formats. */
const KEPT = ["Telegram", "Webhooks", "HTTP", "URL", "JSON"];

/** English left in the page's own content, less identifiers and the kept names. */
const englishIn = (page: Page) => englishLeft(page, [], { identifiers: true, kept: KEPT });

function toast(page: Page, title: string) {
  return page.locator("[data-sonner-toast]").filter({ hasText: title });
}

const khmerDate = (ms: number) =>
  new Intl.DateTimeFormat("km-KH-u-nu-latn", { month: "short", day: "numeric", year: "numeric", timeZone: SHOP_TIME_ZONE }).format(new Date(ms));

/** No horizontal scrolling: the page is no wider than the window. */
async function expectNoSideScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth, `page is ${scrollWidth}px wide in a ${innerWidth}px window`).toBeLessThanOrEqual(innerWidth);
}

let server: Server;
let hookUrl: string;

test.beforeAll(async () => {
  // A receiver that answers 204 with no body (the log shows its status only).
  server = createServer((req, res) => {
    req.resume();
    req.on("end", () => res.writeHead(204).end());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  hookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/keyshop-km-${Date.now().toString(36)}`;
});
test.afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function seedCustomer(page: Page, tag: string) {
  const customer = uniqueEmail(tag);
  await createUser(page.request, { email: customer });
  const expiry = Date.now() + 10 * DAY;
  const deviceKey = `LDREEL-KM-${Date.now().toString(36).toUpperCase()}`;
  const license = await seedLicense(page.request, {
    email: customer,
    planId: "local-3m",
    name: "កុំព្យូទ័រហាង",
    deviceKey,
    startDate: new Date(Date.now() - DAY).toISOString(),
    expireDate: new Date(expiry).toISOString(),
    changesLeft: 3,
  });
  await seedOrders(page.request, [{ email: customer, kind: "plan", planId: "local-3m", status: "paid" }]);
  await seedBalance(page.request, { email: customer, amountMills: 2_000 });
  return { customer, expiry, deviceKey, buyKey: license.buyKey };
}

async function signInKhmerSuperAdmin(page: Page, tag: string) {
  const email = uniqueEmail(tag);
  // A Khmer account: the account's language wins once signed in.
  const boss = await createUser(page.request, { email, role: "admin", superAdmin: true, language: "km" });
  await signIn(page, email, PASSWORD, { totpSecret: boss.totpSecret });
  await expect(page).not.toHaveURL(/\/auth/);
  await chooseKhmer(page);
  return email;
}

// The shop's endpoints are shared: this file's goes when its test ends (the log shows the oldest first).
test.afterEach(async ({ page }) => {
  const list = await page.request.get("/api/admin/webhooks");
  if (!list.ok()) return;
  const { endpoints } = (await list.json()) as { endpoints: Array<{ id: string; url: string }> };
  for (const endpoint of endpoints.filter((e) => e.url === hookUrl)) {
    await page.request.delete(`/api/admin/webhooks/${endpoint.id}`, { headers: { origin: new URL(page.url()).origin } });
  }
});

test("a super-admin in Khmer adds an endpoint, extends a customer's licence and sees the delivery, all in Khmer", async ({ page }, testInfo) => {
  // Two pages, a licence action and a delivery's round trip.
  test.setTimeout(150_000);
  const { customer, expiry, deviceKey } = await seedCustomer(page, "customer-km");
  const admin = await signInKhmerSuperAdmin(page, "super-km");

  // Webhooks: add an endpoint; its secret once; its (empty) delivery log.
  await page.goto("/webhooks");
  await expect(page.locator("html")).toHaveAttribute("lang", "km");
  await expect(page).toHaveTitle("Webhooks | Keyshop");
  await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();
  await expect(page.getByText("កម្មវិធីសាកល្បង", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "បន្ថែមចំណុចទទួល" }).first().click();
  const add = page.getByRole("dialog", { name: "បន្ថែមចំណុចទទួល" });
  await add.getByLabel("URL ចំណុចទទួល").fill("not a url");
  await add.getByRole("button", { name: "បន្ថែមចំណុចទទួល" }).click();
  await expect(add.getByText("សូមបញ្ចូល URL ពេញ ដូចជា https://example.com/keyshop-webhooks")).toBeVisible();
  await add.getByLabel("URL ចំណុចទទួល").fill(hookUrl);
  await add.getByLabel("ការពិពណ៌នា (ស្រេចចិត្ត)").fill("សៀវភៅគណនេយ្យ");
  // Each event by its identifier, with what it means in Khmer.
  await expect(add.getByRole("checkbox", { name: /licence\.extended/ })).toHaveAccessibleName(/រយៈពេលរបស់អាជ្ញាប័ណ្ណមួយត្រូវបានបន្ថែម/);
  await add.getByRole("button", { name: "បន្ថែមចំណុចទទួល" }).click();
  const secret = page.getByRole("dialog", { name: "បានបន្ថែមចំណុចទទួល" });
  await expect(secret.getByLabel("លេខសម្ងាត់ចុះហត្ថលេខា", { exact: true })).toHaveValue(/^whsec_/);
  await expect(secret).toContainText("សូមចម្លងវាឥឡូវនេះ៖ វានឹងមិនបង្ហាញម្ដងទៀតទេ។");
  await secret.getByRole("button", { name: "រួចរាល់" }).click();
  const endpoints = page.getByRole("table", { name: /^ចំណុចទទួល Webhooks/ });
  const endpointRow = endpoints.getByRole("row").filter({ hasText: hookUrl });
  await expect(endpointRow).toContainText("សកម្ម");
  await expect(page.getByRole("heading", { level: 2, name: "កំណត់ហេតុការផ្ញើ" })).toBeVisible();
  await expect(page.getByText("មិនទាន់មានការផ្ញើទេ")).toBeVisible();
  expect(await englishIn(page)).toEqual([]);

  // The customer's page, from the header's search.
  const search = page.getByRole("search").getByRole("combobox", { name: "ស្វែងរកអតិថិជន" });
  await search.fill("c");
  await expect(page.getByRole("search").getByRole("status")).toHaveText(`សូមវាយយ៉ាងតិច 2${NBSP}តួអក្សរ។`);
  await search.fill(deviceKey);
  const option = page.getByRole("listbox", { name: "អតិថិជនដែលរកឃើញ" }).getByRole("option").first();
  await expect(option).toContainText(customer);
  await expect(option).toContainText("កូដឧបករណ៍");
  await search.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: customer })).toBeVisible();
  await expect(page).toHaveTitle("អតិថិជន | Keyshop");
  await expect(page.getByTestId("customer-account")).toContainText("សមាជិក");
  const licenses = page.getByRole("region", { name: "តារាងអាជ្ញាប័ណ្ណ" });
  for (const header of ["អាជ្ញាប័ណ្ណ", "កូដឧបករណ៍", "ស្ថានភាព", "រយៈពេល", "ចំនួនប្ដូរនៅសល់", "ឃើញចុងក្រោយ", "សកម្មភាព"]) {
    await expect(licenses.getByRole("columnheader", { name: header, exact: true })).toBeVisible();
  }
  const row = licenses.getByTestId("licence-row").filter({ hasText: "កុំព្យូទ័រហាង" });
  await expect(row.getByText("សកម្ម", { exact: true })).toBeVisible();
  await expect(row).toContainText("គម្រោង 3 ខែ");
  await expect(row.getByTestId("licence-expiry")).toHaveText(khmerDate(expiry));
  await expect(page.getByRole("region", { name: "តារាងការបញ្ជាទិញ" }).getByText("បានបង់ប្រាក់", { exact: true })).toBeVisible();
  expect(await englishIn(page)).toEqual([]);
  // For a person to look at (kept in the test's output folder).
  await page.screenshot({ path: testInfo.outputPath("customer-km-desktop.png"), fullPage: true });

  // Extend by 30 days through its dialog: its own check, then the toast, the row, the audit trail and the history.
  await row.getByRole("button", { name: "សកម្មភាពសម្រាប់ កុំព្យូទ័រហាង" }).click();
  await page.getByRole("menuitem", { name: "បន្ថែមថ្ងៃ…" }).click();
  const dialog = page.getByRole("dialog", { name: "បន្ថែមថ្ងៃឱ្យអាជ្ញាប័ណ្ណ" });
  await expect(dialog).toContainText(`ចំនួនថ្ងៃត្រូវបន្ថែមលើកាលបរិច្ឆេទផុតកំណត់ (${khmerDate(expiry)})`);
  await expect(dialog.getByLabel("ចំនួនថ្ងៃដែលត្រូវបន្ថែម")).toHaveValue("30");
  await dialog.getByRole("button", { name: "បន្ថែមថ្ងៃ" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(`សូមផ្ដល់មូលហេតុ (យ៉ាងតិច 3${NBSP}តួអក្សរ)។`);
  await dialog.getByLabel("មូលហេតុ").fill("ផ្ដល់ជូនដោយសារការរំខានសេវា");
  await dialog.getByRole("button", { name: "បន្ថែមថ្ងៃ" }).click();
  await expect(toast(page, "បានបន្ថែមថ្ងៃឱ្យអាជ្ញាប័ណ្ណ")).toContainText(`បានបន្ថែម 30${NBSP}ថ្ងៃ (រហូតដល់ `);
  await expect(toast(page, "បានបន្ថែមថ្ងៃឱ្យអាជ្ញាប័ណ្ណ")).toContainText("យើងបានផ្ញើអ៊ីមែលទៅម្ចាស់ហើយ។");
  await expect(dialog).toBeHidden();
  await expect(row.getByTestId("licence-expiry")).toHaveText(khmerDate(expiry + 30 * DAY));
  await expect(row.getByTestId("licence-term")).toContainText(`នៅសល់ 40${NBSP}ថ្ងៃ`);
  const audit = page.getByRole("region", { name: "តារាងប្រវត្តិសវនកម្ម" });
  await expect(audit.getByRole("row").filter({ hasText: `បានបន្ថែម 30${NBSP}ថ្ងៃ រហូតដល់ ${khmerDate(expiry + 30 * DAY)}` })).toContainText(admin);
  await expect(page.getByRole("region", { name: "តារាងប្រវត្តិអាជ្ញាប័ណ្ណ" })).toContainText(`ផ្នែកជំនួយបានបន្ថែម 30${NBSP}ថ្ងៃ`);
  expect(await englishIn(page)).toEqual([]);

  // Back to Webhooks: the endpoint's log has the licence.extended delivery; Replay sends it again.
  await page.goto("/webhooks");
  const logRow = () => page.getByRole("table", { name: /ការផ្ញើទៅ / }).getByRole("row").filter({ hasText: "licence.extended" });
  await expect(async () => {
    await page.reload();
    await page.getByRole("table", { name: /^ចំណុចទទួល Webhooks/ }).getByRole("row").filter({ hasText: hookUrl }).getByRole("button", { name: `ការផ្ញើទៅ ${hookUrl}` }).click();
    await expect(logRow().first()).toContainText("បានផ្ញើដល់", { timeout: 10_000 });
  }).toPass({ timeout: 60_000 });
  await expect(logRow().first()).toContainText("HTTP 204");
  expect(await englishIn(page)).toEqual([]);
  await logRow().first().getByRole("button", { name: "ផ្ញើ licence.extended ឡើងវិញ" }).click();
  await expect(toast(page, "បានដាក់ការផ្ញើឡើងវិញក្នុងជួរ")).toContainText("licence.extended កំពុងត្រូវបានផ្ញើម្ដងទៀត។");

  // Delete the endpoint, through its confirmation.
  await page.getByRole("table", { name: /^ចំណុចទទួល Webhooks/ }).getByRole("button", { name: `សកម្មភាពសម្រាប់ ${hookUrl}` }).click();
  await page.getByRole("menuitem", { name: "លុប" }).click();
  const remove = page.getByRole("dialog", { name: "លុបចំណុចទទួលនេះ?" });
  await expect(remove).toContainText("កំណត់ហេតុការផ្ញើរបស់វាក៏ត្រូវលុបជាមួយដែរ។");
  await remove.getByRole("button", { name: "លុបចំណុចទទួល" }).click();
  await expect(toast(page, "បានលុបចំណុចទទួល")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: hookUrl })).toHaveCount(0);
});

test("at 375 px the customer's page in Khmer has no horizontal scrolling, and its action dialog fits", async ({ page }, testInfo) => {
  const { customer } = await seedCustomer(page, "customer-km-375-with-a-rather-long-address");
  await page.setViewportSize({ width: 375, height: 812 });
  await signInKhmerSuperAdmin(page, "super-km-375");
  await page.goto(`/customers/${encodeURIComponent(customer)}`);
  await expect(page.getByRole("heading", { level: 1, name: customer })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "km");
  await expect(page.getByRole("list", { name: "អាជ្ញាប័ណ្ណ" }).getByTestId("licence-row")).toHaveCount(1);
  await expectNoSideScroll(page);
  expect(await englishIn(page)).toEqual([]);
  // For a person to look at (kept in the test's output folder).
  await page.screenshot({ path: testInfo.outputPath("customer-km-375.png"), fullPage: true });
  await page.getByRole("list", { name: "អាជ្ញាប័ណ្ណ" }).getByRole("button", { name: /^សកម្មភាពសម្រាប់ / }).click();
  await page.getByRole("menuitem", { name: "កំណត់ចំនួនប្ដូរនៅសល់ឡើងវិញ…" }).click();
  await expect(page.getByRole("dialog", { name: "កំណត់ចំនួនប្ដូរនៅសល់ឡើងវិញ" })).toBeVisible();
  await expectNoSideScroll(page);
});
