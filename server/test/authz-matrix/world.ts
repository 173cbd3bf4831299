// The authorization matrix's world (authorization-matrix.test.ts): the kinds of caller, the accounts
// they are (Alice the user, Bob whose rows nobody else may reach, Carol the API key, the admins),
// what each owns, and one request as a caller.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import { deliveries, orders, user } from "../../db/schema";
import { type AdminTarget, seedRefundTargets } from "../../features/admin/authz-rows";
import { withRefundsMade } from "../refunding-provider";
import { insertOrders } from "../../features/admin/test-seed";
import { changeBalance, ensureApiKey, revealApiKey } from "../../features/balance/service";
import { createLicense } from "../../features/licenses/service";
import { buyOtpMail } from "../../features/otp-mail/buy";
import { createWebhook } from "../../features/notifications/endpoints";
import { recordShopEvent } from "../../features/notifications/events";
import { type Contract, loadContract } from "../contract";
import { createTestContext, type TestClient, type TestContext } from "../harness";

// adminPending: a super-admin with a second factor, in a session from a magic link that has not passed it.
// reseller: a customer a super-admin marked as a reseller (decision 080), on their own rows.
export const CALLERS = ["anonymous", "user", "otherUser", "admin", "superAdmin", "adminNo2fa", "adminPending", "apiKey", "apiKeyOther", "reseller"] as const;
export type Caller = (typeof CALLERS)[number];
export type Expectation = Record<Caller, number>;
export const TEST_API_TOKEN = "matrix-test-api-token";
export const METRICS_TOKEN = "matrix-metrics-token-0123456789";

/** What one account owns: the ids a caller puts in URLs and bodies. */
export interface Owner {
  id: string;
  email: string;
  apiKeyId: string;
  apiKey: string;
  licenceId: string;
  deviceKey: string;
  buyKey: string;
  orderId: string;
  tranId: string;
  otpCheckId: string;
  otpCancelId: string;
  otpAddress: string;
  /** A reseller's paid bulk order and two of its licences (one to assign); none for the other accounts. */
  bulkOrderId?: string;
  bulkLicenseIds?: string[];
}


export let t: TestContext;
/** The OpenAPI document the app serves: every answer below is checked against it. */
export let contract: Contract;
export let clients: { anonymous: TestClient; alice: TestClient; admin: TestClient; superAdmin: TestClient; adminNo2fa: TestClient; adminPending: TestClient; bearer: TestClient; reseller: TestClient };
export let alice: Owner; // the signed-in user
export let bob: Owner; // the other user, whose rows everybody but the admins must not reach
export let carol: Owner; // the API-key holder
export let dave: Owner; // the reseller (decision 080)
export let bobAdminTarget: AdminTarget; // Bob's rows the admin console's routes act on
/** Webhook endpoints (one to change, one to delete) and a delivery, for the webhooks rows. */
export let hooks: { endpointId: string; deleteId: string; deliveryId: string };
/** Licences of the desktop tool, one per route (each buy key has its own rate limit). */
export let tool: Record<"activate" | "validate" | "change", { buyKey: string; deviceKey: string }>;

async function owner(email: string, client: TestClient | null, role: { role?: "admin"; superAdmin?: boolean; twoFactor?: boolean } = {}): Promise<{ owner: Owner; client: TestClient }> {
  const signed = await t.signedInUser({ email, ...role });
  const db = t.database.db;
  const key = await ensureApiKey({ db, secret: t.config.authSecret, userId: signed.id });
  await db.transaction((tx) => changeBalance(tx, { apiKeyId: key.id, deltaMills: 10_000, reason: "topup", reference: "matrix" }));
  const deviceKey = `PC-LDREEL-${signed.id.slice(0, 8)}`;
  const license = await createLicense({ db, planId: "local-1m", email, userId: signed.id, deviceKey, startDate: new Date(), expireDate: new Date(Date.now() + 30 * 86_400_000) });
  const [order] = await insertOrders(db, [{ kind: "plan", planId: "local-1m", email, userId: signed.id, buyKey: license.buyKey }]);
  const check = await buyOtpMail(t.otpMail, { userId: signed.id, apiKeyId: key.id });
  const cancel = await buyOtpMail(t.otpMail, { userId: signed.id, apiKeyId: key.id });
  return {
    client: client ?? signed.client,
    owner: {
      id: signed.id,
      email,
      apiKeyId: key.id,
      apiKey: revealApiKey(t.config.authSecret, key),
      licenceId: license.id,
      deviceKey,
      buyKey: license.buyKey,
      orderId: order!.id,
      tranId: order!.tranId,
      otpCheckId: check.order.id,
      otpCancelId: cancel.order.id,
      otpAddress: check.order.address!,
    },
  };
}

/** The app and its accounts, made before the file's first test and closed after its last. */
export function useMatrixWorld() {
  beforeAll(async () => {
    // So are /dev/test-api and /metrics, so their routes are in the table and their guards tested.
    // The web app as the build leaves it (a prerendered page and the SPA shell), so the static
    // routes answer the same whether or not `npm run build` has run (CI tests before building).
    const site = mkdtempSync(path.join(tmpdir(), "keyshop-matrix-site-"));
    mkdirSync(path.join(site, "faq"));
    writeFileSync(path.join(site, "faq", "index.html"), "<!doctype html><title>FAQ</title>");
    writeFileSync(path.join(site, "__spa-fallback.html"), "<!doctype html><title>Keyshop</title>");
    // Refunds are made without PayWay here (access is what is tested; the money path has its own tests).
    t = await createTestContext({ DEV_TEST_API_TOKEN: TEST_API_TOKEN, METRICS_TOKEN, STATIC_DIR: site }, { paymentProvider: withRefundsMade });
    contract = await loadContract(t.app);
    const stamp = Date.now().toString(36);
    const a = await owner(`matrix-alice-${stamp}@example.com`, null);
    const b = await owner(`canary-bob-${stamp}@example.com`, null);
    const c = await owner(`matrix-carol-${stamp}@example.com`, t.client());
    const ad = await owner(`matrix-admin-${stamp}@example.com`, null, { role: "admin" });
    const sa = await owner(`matrix-super-${stamp}@example.com`, null, { role: "admin", superAdmin: true });
    // A super-admin account whose session has no second factor: an admin of nothing (decision 018).
    const no2fa = await owner(`matrix-no2fa-${stamp}@example.com`, null, { role: "admin", superAdmin: true, twoFactor: false });
    // The same kind of super-admin with a second factor, signed in by a magic link: the mailbox alone.
    const pend = await owner(`matrix-pending-${stamp}@example.com`, t.client(), { role: "admin", superAdmin: true });
    await pend.client.request("/api/auth/sign-in/magic-link", { json: { email: pend.owner.email, callbackURL: "/dashboard" } });
    await pend.client.request((await t.lastEmail(pend.owner.email, "magic-link")).link!);
    const d = await owner(`matrix-dave-${stamp}@example.com`, null);
    [alice, bob, carol, dave] = [a.owner, b.owner, c.owner, { ...d.owner, ...(await seedBulkOrder(d.owner)) }];
    bobAdminTarget = { userId: bob.id, apiKeyId: bob.apiKeyId, email: bob.email, licenceId: bob.licenceId, ...(await seedRefundTargets(t.database.db, { userId: bob.id, email: bob.email })) };
    clients = { anonymous: t.client(), alice: a.client, admin: ad.client, superAdmin: sa.client, adminNo2fa: no2fa.client, adminPending: pend.client, bearer: c.client, reseller: d.client };
    const toolLicense = async (bound: boolean) => {
      const deviceKey = `PC-LDREEL-MATRIX-${Math.random().toString(36).slice(2)}`;
      const term = bound ? { deviceKey, startDate: new Date(), expireDate: new Date(Date.now() + 30 * 86_400_000) } : {};
      const license = await createLicense({ db: t.database.db, planId: "local-1m", email: `matrix-tool-${stamp}@example.com`, ...term });
      return { buyKey: license.buyKey, deviceKey };
    };
    tool = { activate: await toolLicense(false), validate: await toolLicense(true), change: await toolLicense(true) };
    const webhookDeps = { db: t.database.db, secret: t.config.authSecret, policy: t.config.notifications.webhooks, resolver: async () => [], telegram: t.config.notifications.telegram };
    const hook = (events: ["order.paid"]) => createWebhook(webhookDeps, { url: "http://127.0.0.1:9/matrix", description: "", events, active: true }, "matrix");
    const [kept, doomed] = [await hook(["order.paid"]), await hook(["order.paid"])];
    const event = await t.database.db.transaction((tx) => recordShopEvent(tx, { type: "order.paid", subject: "matrix", data: { kind: "plan", amountMills: 9_990 } }));
    const [delivery] = await t.database.db.select({ id: deliveries.id }).from(deliveries).where(eq(deliveries.eventId, event!.id)).limit(1);
    hooks = { endpointId: kept.endpoint.id, deleteId: doomed.endpoint.id, deliveryId: delivery!.id };
  });
  afterAll(() => t?.close());
}

/** Dave becomes a reseller with a paid bulk order of two licences. */
async function seedBulkOrder(reseller: Owner): Promise<Pick<Owner, "bulkOrderId" | "bulkLicenseIds">> {
  const db = t.database.db;
  await db.update(user).set({ reseller: true }).where(eq(user.id, reseller.id));
  const [order] = await insertOrders(db, [{ kind: "plan", planId: "local-1m", email: reseller.email, userId: reseller.id }]);
  await db.update(orders).set({ quantity: 2, unitPriceMills: order!.amountMills, amountMills: order!.amountMills * 2 }).where(eq(orders.id, order!.id));
  const issued = [];
  for (let i = 0; i < 2; i++) issued.push(await createLicense({ db, planId: "local-1m", email: reseller.email, userId: reseller.id, orderId: order!.id }));
  return { bulkOrderId: order!.id, bulkLicenseIds: issued.map((l) => l.id) };
}

/** The rows a caller acts on: their own, or (for the intruders and the admins) Bob's. */
export function rowsOf(caller: Caller): Owner {
  return { user: alice, apiKey: carol, reseller: dave }[caller as "user" | "apiKey" | "reseller"] ?? bob;
}

/** Bob's secrets: nobody but the admins may read any of them in any answer. */
export const bobSecrets = () => [bob.email, bob.buyKey, bob.apiKey, bob.otpAddress, "canary"];
export const MAY_SEE_BOB: ReadonlySet<Caller> = new Set(["admin", "superAdmin"]);

export async function call(caller: Caller, url: string, init: { method?: string; json?: unknown; headers?: Record<string, string>; signal?: AbortSignal } = {}) {
  const headers = { ...init.headers };
  if (caller === "apiKey" || caller === "apiKeyOther") headers.authorization = `Bearer ${carol.apiKey}`;
  const client = { anonymous: clients.anonymous, user: clients.alice, otherUser: clients.alice, admin: clients.admin, superAdmin: clients.superAdmin, adminNo2fa: clients.adminNo2fa, adminPending: clients.adminPending, apiKey: clients.bearer, apiKeyOther: clients.bearer, reseller: clients.reseller }[caller];
  return client.request(url, { ...init, headers });
}
