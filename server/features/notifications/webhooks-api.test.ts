// The admin console's webhooks API: super-admins only; the secret shown once (creation, rotation)
// and never again; endpoints changed, paused, deleted; the delivery log filtered by endpoint,
// channel and status, one delivery's payload and attempts; replay makes a new attempt.
import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Delivery, DeliveryDetail, DeliveryList, WebhookEndpoint, WebhookList, WebhookWithSecret } from "../../../contracts/notifications";
import { deliveries, webhookEndpoints } from "../../db/schema";
import { createTestContext, type TestClient, type TestContext } from "../../test/harness";
import { recordShopEvent } from "./events";
import { syncNotificationSettings } from "./settings";
import { startReceiver, type Receiver } from "./test-receiver";
import { startDeliveryWorker } from "./worker";
import type { QueueWorker } from "../../lib/durable-queue";

let t: TestContext;
let receiver: Receiver;
let superAdmin: TestClient;
let admin: TestClient;
let user: TestClient;
let worker: QueueWorker;

beforeAll(async () => {
  t = await createTestContext();
  await syncNotificationSettings(t.database.db, t.config.notifications);
  receiver = await startReceiver();
  superAdmin = (await t.signedInUser({ role: "admin", superAdmin: true })).client;
  admin = (await t.signedInUser({ role: "admin" })).client;
  user = (await t.signedInUser()).client;
  // Telegram deliveries go nowhere here (the app is not on a port): only webhooks are drained.
  worker = startDeliveryWorker({ db: t.database.db, logger: pino({ level: "silent" }), secret: t.config.authSecret, telegram: { ...t.config.notifications.telegram, mode: "off" }, baseUrl: t.config.baseUrl, policy: t.config.notifications.webhooks, pollMs: 3_600_000 });
});
afterAll(async () => {
  await worker?.stop();
  await receiver?.close();
  await t?.close();
});

const create = (body: unknown, client = superAdmin) => client.json<WebhookWithSecret & { code?: string; issues?: Array<{ path: string }> }>("/api/admin/webhooks", { json: body });
const record = (type: "order.paid" | "balance.low" = "order.paid") => t.database.db.transaction((tx) => recordShopEvent(tx, { type, subject: "s", data: { kind: "plan", amountMills: 9_990 } }));

describe("who may", () => {
  it("only a super-admin (with a second factor) reads or changes webhooks", async () => {
    expect((await t.client().json("/api/admin/webhooks")).status).toBe(401);
    expect((await user.json("/api/admin/webhooks")).status).toBe(403);
    expect((await admin.json("/api/admin/webhooks")).status).toBe(403);
    expect((await create({ url: `${receiver.url}/x`, events: ["order.paid"] }, admin)).status).toBe(403);
    expect((await superAdmin.json("/api/admin/webhooks")).status).toBe(200);
  });
});

describe("endpoints", () => {
  let created: WebhookWithSecret;

  it("creating one answers the secret once; the list never shows it", async () => {
    const res = await create({ url: `${receiver.url}/keyshop`, description: "Bookkeeping", events: ["order.paid", "order.paid", "balance.low"] });
    expect(res.status).toBe(201);
    created = res.body;
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(created.endpoint).toMatchObject({ url: `${receiver.url}/keyshop`, description: "Bookkeeping", events: ["order.paid", "balance.low"], active: true, secretHint: created.secret.slice(-4), deliveries: { pending: 0, delivered: 0, failed: 0 } });
    const list = await superAdmin.json<WebhookList>("/api/admin/webhooks");
    expect(list.headers.get("cache-control")).toBe("no-store");
    expect(list.body.endpoints.map((e) => e.id)).toContain(created.endpoint.id);
    expect(JSON.stringify(list.body)).not.toContain(created.secret);
    expect(list.body.eventTypes.map((e) => e.type)).toEqual(["order.paid", "order.refunded", "licence.created", "licence.extended", "licence.expiring", "otp.code_received", "balance.low", "discount.used", "licence.assigned"]);
    expect(list.body.telegram).toMatchObject({ mode: "simulator", chats: 1, events: expect.arrayContaining(["order.paid", "refund.requested"]) });
    // Stored encrypted: the database has no clear secret either.
    const [row] = await t.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, created.endpoint.id));
    expect(JSON.stringify(row)).not.toContain(created.secret);
  });

  it("refuses what is not an endpoint: no events, unknown events, not http(s), credentials in the URL", async () => {
    for (const body of [
      { url: `${receiver.url}/x`, events: [] },
      { url: `${receiver.url}/x`, events: ["order.exploded"] },
      { url: `${receiver.url}/x`, events: ["licence.suspicious"] }, // the seller's own events are not for endpoints
      { url: "ftp://example.com/x", events: ["order.paid"] },
      { url: "http://user:pw@example.com/x", events: ["order.paid"] },
      { url: "not a url", events: ["order.paid"] },
    ]) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.code).toBe("VALIDATION_FAILED");
    }
  });

  it("changes, pauses and resumes; a paused endpoint gets no new deliveries", async () => {
    const id = created.endpoint.id;
    const changed = await superAdmin.json<{ endpoint: WebhookEndpoint }>(`/api/admin/webhooks/${id}`, { method: "PATCH", json: { description: "Books", events: ["order.paid"], active: false } });
    expect(changed.status).toBe(200);
    expect(changed.body.endpoint).toMatchObject({ description: "Books", events: ["order.paid"], active: false });
    expect(await record()).toMatchObject({ webhooks: 0 });
    await superAdmin.json(`/api/admin/webhooks/${id}`, { method: "PATCH", json: { active: true } });
    expect(await record()).toMatchObject({ webhooks: 1 });
    expect(await record("balance.low")).toMatchObject({ webhooks: 0 });
    expect((await superAdmin.json(`/api/admin/webhooks/${id}`, { method: "PATCH", json: {} })).status).toBe(422);
    expect((await superAdmin.json(`/api/admin/webhooks/00000000-0000-4000-8000-000000000000`, { method: "PATCH", json: { active: true } })).status).toBe(404);
    expect((await superAdmin.json(`/api/admin/webhooks/not-an-id`, { method: "PATCH", json: { active: true } })).status).toBe(404);
  });

  it("rotating the secret shows the new one once", async () => {
    const res = await superAdmin.json<WebhookWithSecret>(`/api/admin/webhooks/${created.endpoint.id}/rotate-secret`, { method: "POST" });
    expect(res.status).toBe(200);
    expect(res.body.secret).toMatch(/^whsec_/);
    expect(res.body.secret).not.toBe(created.secret);
    expect(res.body.endpoint.previousSecretExpiresAt).toEqual(expect.any(String));
  });

  it("the delivery log: filtered, one delivery's payload and attempts, replay makes a new attempt", async () => {
    const id = created.endpoint.id;
    receiver.answer(() => ({ status: 500, body: "boom" }));
    expect(await worker.drainOnce()).toBe(0);
    const log = await superAdmin.json<DeliveryList>(`/api/admin/webhook-deliveries?endpointId=${id}`);
    expect(log.status).toBe(200);
    expect(log.body.total).toBe(1);
    const [delivery] = log.body.deliveries;
    expect(delivery).toMatchObject({ eventType: "order.paid", channel: "webhook", endpointId: id, target: `${receiver.url}/keyshop`, status: "pending", attempts: 1, lastStatus: 500, lastResponse: "boom", lastError: "HTTP 500" });
    expect(delivery!.nextAttemptAt).toEqual(expect.any(String));
    expect((await superAdmin.json<DeliveryList>(`/api/admin/webhook-deliveries?endpointId=${id}&status=delivered`)).body.total).toBe(0);
    expect((await superAdmin.json<DeliveryList>("/api/admin/webhook-deliveries?channel=telegram")).body.deliveries.every((d) => d.channel === "telegram")).toBe(true);
    expect((await superAdmin.json("/api/admin/webhook-deliveries?status=lost")).status).toBe(422);

    // Replay now (no waiting for the minute): a new attempt, the same id.
    receiver.answer(() => ({ status: 200, body: "thanks" }));
    const replayed = await superAdmin.json<{ delivery: Delivery }>(`/api/admin/webhook-deliveries/${delivery!.id}/replay`, { method: "POST" });
    expect(replayed.status).toBe(200);
    expect(replayed.body.delivery).toMatchObject({ id: delivery!.id, status: "pending" });
    expect(await worker.drainOnce()).toBe(1);
    const detail = await superAdmin.json<DeliveryDetail>(`/api/admin/webhook-deliveries/${delivery!.id}`);
    expect(detail.body.delivery).toMatchObject({ status: "delivered", attempts: 2, lastStatus: 200, lastResponse: "thanks" });
    expect(detail.body.attemptLog.map((a) => a.status)).toEqual([200, 500]);
    expect(JSON.parse(detail.body.payload)).toMatchObject({ id: delivery!.id, type: "order.paid", data: { amountMills: 9_990 } });
    expect(receiver.received.at(-1)!.headers["keyshop-webhook-id"]).toBe(delivery!.id);

    // Being attempted right now (claimed): refused rather than sent twice at once.
    await t.database.db.update(deliveries).set({ status: "pending", lockedUntil: sql`now() + interval '1 minute'` }).where(eq(deliveries.id, delivery!.id));
    const busy = await superAdmin.json<{ code: string }>(`/api/admin/webhook-deliveries/${delivery!.id}/replay`, { method: "POST" });
    expect(busy.status).toBe(409);
    await t.database.db.update(deliveries).set({ status: "delivered", lockedUntil: null }).where(eq(deliveries.id, delivery!.id));
    expect((await superAdmin.json(`/api/admin/webhook-deliveries/00000000-0000-4000-8000-000000000000/replay`, { method: "POST" })).status).toBe(404);
  });

  it("deleting removes the endpoint and its log", async () => {
    const res = await superAdmin.request(`/api/admin/webhooks/${created.endpoint.id}`, { method: "DELETE" });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe("");
    expect((await superAdmin.json<DeliveryList>(`/api/admin/webhook-deliveries?endpointId=${created.endpoint.id}`)).body.total).toBe(0);
    expect((await superAdmin.request(`/api/admin/webhooks/${created.endpoint.id}`, { method: "DELETE" })).status).toBe(404);
  });

  it("a shop has at most 20 endpoints", async () => {
    for (let i = (await superAdmin.json<WebhookList>("/api/admin/webhooks")).body.endpoints.length; i < 20; i++) {
      expect((await create({ url: `${receiver.url}/n${i}`, events: ["order.paid"] })).status).toBe(201);
    }
    const refused = await create({ url: `${receiver.url}/one-too-many`, events: ["order.paid"] });
    expect(refused.status).toBe(409);
  });
});
