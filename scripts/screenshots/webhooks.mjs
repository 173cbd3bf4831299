#!/usr/bin/env node
// Screenshots of the Webhooks page (issue #17 items 5, 6), to look at (desktop and 375 px, light
// and dark): the page with Telegram, endpoints and a delivery log (delivered, retrying), the add
// dialog, the secret shown once, a delivery's details, and the Telegram simulator's page.
//   node scripts/screenshots/webhooks.mjs [outDir]
// Starts the built server (dist/) on a throw-away embedded database; needs `npm run build` first.
import { createServer } from "node:http";

import { PASSWORD, startShots, totp, VIEWPORTS } from "./setup.mjs";


// A receiver: /books answers 200, /crm answers 500 (so the log shows a retry).
const receiver = createServer((req, res) => {
  req.resume();
  req.on("end", () => {
    if (req.url === "/crm") res.writeHead(500, { "content-type": "application/json" }).end('{"error":"CRM is down for maintenance"}');
    else res.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
  });
});
await new Promise((resolve) => receiver.listen(0, "127.0.0.1", resolve));
const HOOK = `http://127.0.0.1:${receiver.address().port}`;

const shots = await startShots({ name: "webhooks", portBase: 3350 });
const { browser, base: BASE, origin, testApi, shot } = shots;

// ---- The shop's state: a super-admin, two endpoints, a few sales -------------------------------
const setup = await browser.newContext({ baseURL: BASE });
const adminEmail = `shots-admin-${Date.now()}@example.com`;
const admin = await testApi(setup.request, "users", { email: adminEmail, password: PASSWORD, role: "admin", superAdmin: true });
await setup.request.post("/api/auth/sign-in/email", { headers: origin, data: { email: adminEmail, password: PASSWORD } });
const verified = await setup.request.post("/api/auth/two-factor/verify-totp", { headers: origin, data: { code: totp(admin.totpSecret) } });
if (!verified.ok()) throw new Error(`second factor: ${verified.status()}`);
const session = await setup.storageState();
for (const [url, description, events] of [
  [`${HOOK}/books`, "Bookkeeping sheet", ["order.paid", "order.refunded", "balance.low"]],
  [`${HOOK}/crm`, "CRM", ["order.paid", "licence.created", "licence.extended", "licence.expiring"]],
]) {
  const res = await setup.request.post("/api/admin/webhooks", { headers: origin, data: { url, description, events } });
  if (res.status() !== 201) throw new Error(`endpoint: ${res.status()} ${await res.text()}`);
}
const buyer = await browser.newContext({ baseURL: BASE });
const buyerEmail = `shots-buyer-${Date.now()}@example.com`;
await testApi(buyer.request, "users", { email: buyerEmail, password: PASSWORD });
await buyer.request.post("/api/auth/sign-in/email", { headers: origin, data: { email: buyerEmail, password: PASSWORD } });
for (const body of [{ kind: "topup", amountMills: 5_000 }, { kind: "plan", planId: "local-3m" }, { kind: "topup", amountMills: 12_500 }]) {
  const created = await buyer.request.post("/api/orders/checkout", { headers: origin, data: body });
  const { order, checkout } = await created.json();
  await buyer.request.post(checkout.action, { form: checkout.fields });
  await buyer.request.post(`/payway-sim/__sim/transactions/${order.tranId}/approve`);
}
await buyer.close();
// Let the worker make its first attempts.
await new Promise((r) => setTimeout(r, 4_000));

let n = 0;

for (const [device, viewport] of Object.entries(VIEWPORTS)) {
  for (const scheme of ["light", "dark"]) {
    const tag = `${device}-${scheme}`;
    const context = await browser.newContext({ viewport, colorScheme: scheme, baseURL: BASE, isMobile: device === "phone", hasTouch: device === "phone", storageState: session });
    const page = await context.newPage();
    await page.goto("/webhooks");
    await page.getByRole("heading", { name: "Webhooks", level: 1 }).waitFor();
    await page.getByText("HTTP 200").first().waitFor();
    await shot(page, `${tag}-1-page`, { fullPage: true });
    if (device === "phone") {
      // What a phone shows at a time: the top, the endpoints' cards, the log's cards.
      await shot(page, `${tag}-1a-top`);
      await page.getByRole("heading", { name: "Endpoints" }).scrollIntoViewIfNeeded();
      await shot(page, `${tag}-1b-endpoints`);
      await page.getByRole("heading", { name: "Delivery log" }).evaluate((h) => h.scrollIntoView());
      await shot(page, `${tag}-1c-log`);
    }

    // The CRM's log: a 500, retrying.
    if (device === "phone") await page.getByRole("list", { name: "Webhook endpoints" }).getByRole("listitem").nth(1).getByRole("button", { name: "Delivery log" }).click();
    else await page.getByRole("row").filter({ hasText: "/crm" }).getByRole("button", { name: /^Deliveries to / }).click();
    await page.getByText("HTTP 500").first().waitFor();
    await shot(page, `${tag}-2-retrying-log`, { fullPage: true });

    // A delivery's details.
    await page.getByRole("button", { name: /^Details of/ }).first().click();
    await page.getByRole("dialog", { name: "Delivery details" }).getByText("Attempts").waitFor();
    await shot(page, `${tag}-3-details`);
    await page.keyboard.press("Escape");

    // Adding an endpoint, then its secret, once.
    await page.getByRole("button", { name: "Add endpoint" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Add endpoint" });
    await dialog.getByLabel("Endpoint URL").fill(`${HOOK}/bot-${++n}`);
    await dialog.getByLabel("Description (optional)").fill("Sales bot");
    await shot(page, `${tag}-4-add-dialog`);
    await dialog.getByRole("button", { name: "Add endpoint" }).click();
    await page.getByRole("dialog", { name: "Endpoint added" }).waitFor();
    await shot(page, `${tag}-5-secret-once`);
    await page.getByRole("button", { name: "Done" }).click();

    // The seller's chat in the simulator.
    await page.goto("/dev/telegram");
    await page.getByText("New sale").first().waitFor();
    await shot(page, `${tag}-6-telegram-simulator`);
    await context.close();
  }
}

await shots.close();
receiver.close();
