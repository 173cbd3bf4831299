// Webhooks and Telegram (issue #17 items 5, 6): a super-admin adds an endpoint (a small HTTP
// receiver this test runs), a customer's top-up is paid on the PayWay simulator, the delivery
// reaches the receiver signed (checked with the verification code published in docs/webhooks.md)
// and shows as delivered in the log, Replay sends it again, and the Telegram simulator's page
// shows the seller's "new sale".
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { baseURL } from "../playwright.config";
import { collectConsoleErrors, createUser, PASSWORD, signIn, uniqueEmail } from "./support";

type Received = { headers: IncomingHttpHeaders; body: string };
type Verify = (rawBody: string, headers: IncomingHttpHeaders, secret: string) => { id: string; type: string; data: Record<string, unknown> };

let server: Server;
let hookUrl: string;
const received: Received[] = [];

test.beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(200, { "content-type": "application/json" }).end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  hookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/keyshop-hook`;
});
test.afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** The verification example of docs/webhooks.md, as published. */
async function documentedVerifier(): Promise<Verify> {
  const doc = readFileSync(path.join(process.cwd(), "docs/webhooks.md"), "utf8");
  const code = /<!-- verification-example -->\s*```js\n([\s\S]*?)```/.exec(doc)![1]!;
  const file = path.join(mkdtempSync(path.join(tmpdir(), "keyshop-e2e-verify-")), "verify.mjs");
  writeFileSync(file, code);
  return ((await import(file)) as { verifyKeyshopWebhook: Verify }).verifyKeyshopWebhook;
}

async function signInSuperAdmin(page: Page) {
  const email = uniqueEmail("webhooks-admin");
  const admin = await createUser(page.request, { email, role: "admin", superAdmin: true });
  await signIn(page, email, PASSWORD, { totpSecret: admin.totpSecret });
  await expect(page).toHaveURL(/\/license-keys$/);
}

test("a super-admin adds an endpoint; a paid top-up reaches it signed, is logged as delivered and can be replayed; Telegram hears of the sale", async ({ page, context, browser }) => {
  const errors = collectConsoleErrors(page);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signInSuperAdmin(page);

  // The menu has Webhooks beside Audit Log.
  await page.getByRole("link", { name: "Webhooks" }).first().click();
  await expect(page).toHaveURL(/\/webhooks$/);
  await expect(page.getByRole("heading", { name: "Webhooks", level: 1 })).toBeVisible();
  await expect(page.getByText("Simulator", { exact: true })).toBeVisible();

  // Add the endpoint: URL, description, every event.
  await page.getByRole("button", { name: "Add endpoint" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Add endpoint" });
  await dialog.getByLabel("Endpoint URL").fill(hookUrl);
  await dialog.getByLabel("Description (optional)").fill("Bookkeeping");
  await expect(dialog.getByRole("checkbox", { name: /order\.paid/ })).toBeChecked();
  await dialog.getByRole("button", { name: "Add endpoint" }).click();

  // The secret, once, with a copy button.
  const secretDialog = page.getByRole("dialog", { name: "Endpoint added" });
  const secret = await secretDialog.getByLabel("Signing secret", { exact: true }).inputValue();
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
  await secretDialog.getByRole("button", { name: "Copy the signing secret" }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await secretDialog.getByRole("button", { name: "Done" }).click();
  const table = page.getByRole("table", { name: /Webhook endpoints/ });
  await expect(table.getByRole("row").filter({ hasText: hookUrl })).toContainText("Active");
  await expect(page.locator("body")).not.toContainText(secret);

  // A customer tops up $5.00 and PayWay (the simulator) approves it.
  const buyerEmail = uniqueEmail("webhooks-buyer");
  await createUser(page.request, { email: buyerEmail });
  const buyer = await browser.newContext({ baseURL });
  const origin = { origin: baseURL };
  expect((await buyer.request.post("/api/auth/sign-in/email", { data: { email: buyerEmail, password: PASSWORD }, headers: origin })).ok()).toBe(true);
  const created = await buyer.request.post("/api/orders/checkout", { data: { kind: "topup", amountMills: 5_000 }, headers: origin });
  expect(created.status()).toBe(201);
  const { order, checkout } = (await created.json()) as { order: { tranId: string }; checkout: { action: string; fields: Record<string, string> } };
  expect((await buyer.request.post(checkout.action, { form: checkout.fields })).ok()).toBe(true);
  expect((await buyer.request.post(`/payway-sim/__sim/transactions/${order.tranId}/approve`)).ok()).toBe(true);
  await buyer.close();

  // The receiver gets order.paid, signed: the documented code verifies it.
  await expect.poll(() => received.filter((r) => JSON.parse(r.body).type === "order.paid").length, { timeout: 20_000 }).toBe(1);
  const delivery = received.find((r) => JSON.parse(r.body).type === "order.paid")!;
  const verify = await documentedVerifier();
  const event = verify(delivery.body, delivery.headers, secret);
  expect(event.data).toMatchObject({ kind: "topup", amountMills: 5_000, amount: "5.00", email: buyerEmail, tranId: order.tranId });
  expect(() => verify(delivery.body, delivery.headers, `whsec_${"x".repeat(43)}`)).toThrow("bad signature");
  expect(delivery.headers["keyshop-webhook-id"]).toBe(event.id);

  // The log shows it delivered (HTTP 200 and the start of the answer).
  const logRow = () => page.getByRole("table", { name: /Deliveries to/ }).getByRole("row").filter({ hasText: "order.paid" });
  await expect(async () => {
    await page.reload();
    await expect(logRow()).toContainText("Delivered", { timeout: 10_000 });
  }).toPass({ timeout: 60_000 });
  await expect(logRow()).toContainText("HTTP 200");
  await expect(logRow()).toContainText('{"received":true}');

  // Its details: the body as sent and the attempt.
  await logRow().getByRole("button", { name: "Details of order.paid delivery" }).click();
  const details = page.getByRole("dialog", { name: "Delivery details" });
  await expect(details).toContainText(order.tranId);
  await expect(details.getByRole("listitem")).toHaveCount(1);
  await page.keyboard.press("Escape");

  // Replay: sent again with the same id.
  await logRow().getByRole("button", { name: "Replay order.paid delivery" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Replay queued" })).toBeVisible();
  await expect.poll(() => received.filter((r) => r.headers["keyshop-webhook-id"] === event.id).length, { timeout: 20_000 }).toBe(2);
  await expect(async () => {
    await page.reload();
    await expect(logRow().getByRole("cell").nth(3)).toHaveText("2", { timeout: 10_000 });
  }).toPass({ timeout: 60_000 });

  // The seller's Telegram (the simulator, embedded mode) heard of the sale.
  await page.goto("/dev/telegram");
  await expect(page.getByRole("heading", { name: "Telegram simulator" })).toBeVisible();
  const message = page.getByRole("listitem").filter({ hasText: order.tranId });
  await expect(message).toContainText("New sale: Balance top-up, $5.00");
  await expect(message.locator("b").first()).toHaveText("New sale");
  expect(errors).toEqual([]);
});

test("on a phone the endpoints and the log are cards, and the add dialog fits", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signInSuperAdmin(page);
  // An endpoint of its own (the shop's endpoints are shared; this test does not rely on the one above).
  const added = await page.request.post("/api/admin/webhooks", { data: { url: `${hookUrl}/phone`, events: ["order.paid"] }, headers: { origin: baseURL } });
  expect(added.status()).toBe(201);
  await page.goto("/webhooks");
  const endpoints = page.getByRole("list", { name: "Webhook endpoints" });
  await expect(endpoints.getByRole("listitem").first()).toBeVisible();
  await expect(page.getByRole("table")).toHaveCount(0);
  // Nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.getByRole("button", { name: "Add endpoint" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Add endpoint" });
  await dialog.getByLabel("Endpoint URL").fill("not a url");
  await dialog.getByRole("button", { name: "Add endpoint" }).click();
  await expect(dialog.getByText("Enter a full URL")).toBeVisible();
  const box = await dialog.boundingBox();
  expect(box!.width).toBeLessThanOrEqual(375);
});
