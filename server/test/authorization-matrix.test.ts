// The whole app's authorization matrix: every route × every kind of caller, with the status each
// must get. The rows are checked against the OpenAPI document and against the routes registered
// in the app (Hono's route table), so a new route without a row here fails the first test.
//
// Callers: nobody; a signed-in user on their own rows; the same user on another user's rows;
// an admin and a super-admin (on another user's rows); an API key (Bearer) on its own rows and
// on another user's. Another user's ids answer 404, exactly as ids that do not exist, and no
// answer to a caller who may not see the target names anything of it. Every answer of a
// documented operation is also checked against the OpenAPI document (contract.ts): its status
// must be listed for the operation and its body valid against that status's schema.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKeys, licenses, otpMailOrders, user } from "../db/schema";
import { ADMIN_ENDPOINTS, adminExpected, seedRefundTargets, type AdminTarget } from "../features/admin/authz-rows";
import { withRefundsMade } from "./refunding-provider";
import { insertOrders } from "../features/admin/test-seed";
import { changeBalance, ensureApiKey, revealApiKey } from "../features/balance/service";
import { createLicense } from "../features/licenses/service";
import { buyOtpMail } from "../features/otp-mail/service";
import { createWebhook } from "../features/notifications/endpoints";
import { recordShopEvent } from "../features/notifications/events";
import { KOPEECHKA_METHODS } from "../features/otp-mail/kopeechka-routes";
import { deliveries } from "../db/schema";
import { documentedOperations, expectNoSecrets, expectRefusal, registeredRoutes } from "./authz";
import { loadContract, type Contract } from "./contract";
import { createTestContext, type TestClient, type TestContext } from "./harness";

// adminPending: a super-admin with a second factor, in a session from a magic link that has not passed it.
const CALLERS = ["anonymous", "user", "otherUser", "admin", "superAdmin", "adminNo2fa", "adminPending", "apiKey", "apiKeyOther"] as const;
type Caller = (typeof CALLERS)[number];
type Expectation = Record<Caller, number>;
const TEST_API_TOKEN = "matrix-test-api-token";
const TOOL_NONCE = "matrix-nonce-0123456789";
let wrongSignIns = 0;
const METRICS_TOKEN = "matrix-metrics-token-0123456789";

/** What one account owns: the ids a caller puts in URLs and bodies. */
interface Owner {
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
}

let t: TestContext;
/** The OpenAPI document the app serves: every answer below is checked against it. */
let contract: Contract;
let clients: { anonymous: TestClient; alice: TestClient; admin: TestClient; superAdmin: TestClient; adminNo2fa: TestClient; adminPending: TestClient; bearer: TestClient };
let alice: Owner; // the signed-in user
let bob: Owner; // the other user, whose rows everybody but the admins must not reach
let carol: Owner; // the API-key holder
let bobAdminTarget: AdminTarget; // Bob's rows the admin console's routes act on
/** Webhook endpoints (one to change, one to delete) and a delivery, for the webhooks rows. */
let hooks: { endpointId: string; deleteId: string; deliveryId: string };
/** Licences of the desktop tool, one per route (each buy key has its own rate limit). */
let tool: Record<"activate" | "validate" | "change", { buyKey: string; deviceKey: string }>;

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
  [alice, bob, carol] = [a.owner, b.owner, c.owner];
  bobAdminTarget = { userId: bob.id, apiKeyId: bob.apiKeyId, email: bob.email, licenceId: bob.licenceId, ...(await seedRefundTargets(t.database.db, { userId: bob.id, email: bob.email })) };
  clients = { anonymous: t.client(), alice: a.client, admin: ad.client, superAdmin: sa.client, adminNo2fa: no2fa.client, adminPending: pend.client, bearer: c.client };
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

/** The rows a caller acts on: their own, or (for the intruders and the admins) Bob's. */
function rowsOf(caller: Caller): Owner {
  return { user: alice, apiKey: carol }[caller as "user" | "apiKey"] ?? bob;
}

/** Bob's secrets: nobody but the admins may read any of them in any answer. */
const bobSecrets = () => [bob.email, bob.buyKey, bob.apiKey, bob.otpAddress, "canary"];
const MAY_SEE_BOB: ReadonlySet<Caller> = new Set(["admin", "superAdmin"]);

async function call(caller: Caller, url: string, init: { method?: string; json?: unknown; headers?: Record<string, string>; signal?: AbortSignal } = {}) {
  const headers = { ...init.headers };
  if (caller === "apiKey" || caller === "apiKeyOther") headers.authorization = `Bearer ${carol.apiKey}`;
  const client = { anonymous: clients.anonymous, user: clients.alice, otherUser: clients.alice, admin: clients.admin, superAdmin: clients.superAdmin, adminNo2fa: clients.adminNo2fa, adminPending: clients.adminPending, apiKey: clients.bearer, apiKeyOther: clients.bearer }[caller];
  return client.request(url, { ...init, headers });
}

// ---- Expectations ----
const everyone = (status: number): Expectation => Object.fromEntries(CALLERS.map((c) => [c, status])) as Expectation;
/** A session route: 401 without a session (an API key is not a session). */
/** A session route: 401 without a session (an API key is not a session); 403 before the second factor. */
const signedIn = (ok: number, over: Partial<Expectation> = {}): Expectation => ({ anonymous: 401, user: ok, otherUser: ok, admin: ok, superAdmin: ok, adminNo2fa: ok, adminPending: 403, apiKey: 401, apiKeyOther: 401, ...over });
/** A route on one row of the caller's: another user's id is 404; admins too unless they see all. */
const ownRow = (ok: number, adminsSeeAll: boolean) => signedIn(ok, { otherUser: 404, admin: adminsSeeAll ? ok : 404, superAdmin: adminsSeeAll ? ok : 404, adminNo2fa: 404 });
/** A super-admin's route (webhooks): refused to everyone else, an admin without a second factor told why. */
const superAdminOnly = (ok: number): Expectation => ({ anonymous: 401, user: 403, otherUser: 403, admin: 403, superAdmin: ok, adminNo2fa: 403, adminPending: 403, apiKey: 401, apiKeyOther: 401 });
/** The public API: only a Bearer API key; another user's ids are 404. */
const bearer = (ok: number, other = ok): Expectation => ({ anonymous: 401, user: 401, otherUser: 401, admin: 401, superAdmin: 401, adminNo2fa: 401, adminPending: 401, apiKey: ok, apiKeyOther: other });

interface Row {
  url: (rows: Owner) => string;
  method?: string;
  json?: (rows: Owner) => unknown;
  expect: Expectation;
  /** Server-Sent Events: the status is read and the stream closed. */
  sse?: boolean;
  /** What the answer to the row's owner (user, API key) must contain, so the leak checks are not vacuous. */
  shows?: (rows: Owner) => string;
  /** What the admins' answer about Bob must contain. */
  showsAdmins?: () => string;
  /** Any further check of the answer. */
  check?: (caller: Caller, text: string) => void;
  /** A refusal's code where it is not the status's own. */
  code?: string;
  /** A refusal's code per caller, where they differ (better-auth's own codes). */
  codes?: Partial<Record<Caller, string>>;
  /** A foreign shape kept for compatibility (the spec's functions): code and message besides. */
  extraKeys?: boolean;
  /** A refusal in another protocol's shape (Kopeechka's { status, value }), which check() reads instead of ours. */
  foreignRefusal?: true;
  /** An admin console route: its refusal of an admin without a second factor says so. */
  adminConsole?: true;
}

/** Bob as the admin console's rows name him. */

/** Every operation of the OpenAPI document. */
const DOCUMENTED: Record<string, Row> = {
  // The desktop tool: the buy key is the credential; sessions and API keys change nothing. Protocol
  // 2: every answer names its request (features/licenses/protocol.test.ts checks the signatures).
  "POST /api/v1/licenses/activate": {
    url: () => "/api/v1/licenses/activate",
    json: () => ({ protocol: 2, ...tool.activate, nonce: TOOL_NONCE }),
    expect: everyone(200),
    check: (_, text) => expect(JSON.parse(text)).toMatchObject({ valid: true, action: "activate", buyKey: tool.activate.buyKey, nonce: TOOL_NONCE }),
  },
  "POST /api/v1/licenses/validate": {
    url: () => "/api/v1/licenses/validate",
    json: () => ({ protocol: 2, ...tool.validate, nonce: TOOL_NONCE }),
    expect: everyone(200),
    check: (_, text) => expect(JSON.parse(text)).toMatchObject({ valid: true, action: "validate", buyKey: tool.validate.buyKey, deviceKey: tool.validate.deviceKey }),
  },
  "POST /api/v1/licenses/change-key": {
    url: () => "/api/v1/licenses/change-key",
    json: () => ({ protocol: 2, buyKey: tool.change.buyKey, oldDeviceKey: tool.change.deviceKey, newDeviceKey: tool.change.deviceKey, nonce: TOOL_NONCE }),
    expect: everyone(200),
    check: (_, text) => expect(JSON.parse(text)).toMatchObject({ valid: true, code: "KEY_CHANGED", changesLeft: 2 }),
  },
  "GET /api/v1/licenses/public-key": { url: () => "/api/v1/licenses/public-key", expect: everyone(200), check: (_, text) => expect(JSON.parse(text).keys.length).toBeGreaterThan(0) },
  // The public API (Bearer API key).
  "GET /api/v1/balance": { url: () => "/api/v1/balance", expect: bearer(200) },
  "GET /api/v1/otp/orders": { url: () => "/api/v1/otp/orders", expect: bearer(200), shows: (r) => r.otpAddress },
  "POST /api/v1/otp/orders": { url: () => "/api/v1/otp/orders", method: "POST", expect: bearer(201) },
  "POST /api/v1/otp/orders/{id}/check": { url: (r) => `/api/v1/otp/orders/${r.otpCheckId}/check`, method: "POST", expect: bearer(200, 404), shows: (r) => r.otpAddress },
  "POST /api/v1/otp/orders/{id}/cancel": { url: (r) => `/api/v1/otp/orders/${r.otpCancelId}/cancel`, method: "POST", expect: bearer(200, 404) },
  "GET /api/v1/otp/services": { url: () => "/api/v1/otp/services", expect: bearer(200) },
  "GET /api/v1/otp/orders/{id}": { url: (r) => `/api/v1/otp/orders/${r.otpCheckId}`, expect: bearer(200, 404), shows: (r) => r.otpAddress },
  "GET /api/v1/otp/orders/{id}/messages": { url: (r) => `/api/v1/otp/orders/${r.otpCheckId}/messages`, expect: bearer(200, 404) },
  "POST /api/v1/otp/orders/{id}/reorder": { url: (r) => `/api/v1/otp/orders/${r.otpCheckId}/reorder`, method: "POST", expect: bearer(201, 404), shows: (r) => r.otpAddress },
  // Account.
  "GET /api/me": { url: () => "/api/me", expect: signedIn(200, { adminPending: 200 }) },
  "GET /api/config": { url: () => "/api/config", expect: everyone(200) },
  "GET /api/events": { url: () => "/api/events", expect: signedIn(200), sse: true },
  "GET /api/plans": { url: () => "/api/plans", expect: everyone(200) },
  "GET /api/profile": { url: () => "/api/profile", expect: signedIn(200), shows: () => alice.email },
  "PATCH /api/profile": { url: () => "/api/profile", method: "PATCH", json: () => ({ name: "Matrix" }), expect: signedIn(200) },
  "GET /api/api-key": { url: () => "/api/api-key", expect: signedIn(200) },
  "POST /api/api-key/regenerate": { url: () => "/api/api-key/regenerate", method: "POST", expect: signedIn(200) },
  "GET /api/balance": { url: () => "/api/balance", expect: signedIn(200) },
  // Licences: owner only, admins included (they use the admin console).
  "GET /api/licenses": { url: () => "/api/licenses", expect: signedIn(200), shows: () => alice.buyKey },
  "PATCH /api/licenses/{id}": { url: (r) => `/api/licenses/${r.licenceId}`, method: "PATCH", json: () => ({ name: "Matrix" }), expect: ownRow(200, false), shows: (r) => r.buyKey },
  "POST /api/licenses/{id}/change-key": { url: (r) => `/api/licenses/${r.licenceId}/change-key`, json: (r) => ({ deviceKey: r.deviceKey }), expect: ownRow(200, false), shows: (r) => r.buyKey },
  "GET /api/license-history": { url: () => "/api/license-history", expect: signedIn(200) },
  // Renewals (decision 026): the owner's licence only (its name and plans, never its buy key).
  "GET /api/licenses/{id}/renewal": {
    url: (r) => `/api/licenses/${r.licenceId}/renewal`,
    expect: ownRow(200, false),
    shows: (r) => r.licenceId,
    check: (_, text) => expect(text).not.toContain(alice.buyKey),
  },
  "POST /api/licenses/{id}/renew": { url: (r) => `/api/licenses/${r.licenceId}/renew`, json: () => ({ planId: "local-1m" }), expect: ownRow(201, false) },
  // A reminder's signed links (no session): the token is the proof; a made-up one is not found for anyone.
  "GET /api/renewals/{token}": { url: () => "/api/renewals/00000000-0000-0000-0000-000000000000.zzzzzz.AAAAAAAAAAAAAAAAAAAAAA", expect: everyone(404) },
  "POST /api/renewals/{token}/checkout": {
    url: () => "/api/renewals/00000000-0000-0000-0000-000000000000.zzzzzz.AAAAAAAAAAAAAAAAAAAAAA/checkout",
    json: () => ({ planId: "local-1m" }),
    expect: everyone(404),
  },
  "POST /api/reminders/unsubscribe/{token}": { url: () => "/api/reminders/unsubscribe/matrix.AAAAAAAAAAAAAAAAAAAAAA", method: "POST", expect: everyone(404) },
  // OTP mail orders (dashboard): owner only.
  "GET /api/otp-mail/orders": { url: () => "/api/otp-mail/orders", expect: signedIn(200), shows: () => alice.otpAddress },
  "POST /api/otp-mail/orders": { url: () => "/api/otp-mail/orders", method: "POST", expect: signedIn(201) },
  "POST /api/otp-mail/orders/{id}/check": { url: (r) => `/api/otp-mail/orders/${r.otpCheckId}/check`, method: "POST", expect: ownRow(200, false), shows: (r) => r.otpAddress },
  "POST /api/otp-mail/orders/{id}/cancel": { url: (r) => `/api/otp-mail/orders/${r.otpCancelId}/cancel`, method: "POST", expect: ownRow(200, false) },
  "GET /api/otp-mail/services": { url: () => "/api/otp-mail/services", expect: signedIn(200) },
  "GET /api/otp-mail/orders/{id}": { url: (r) => `/api/otp-mail/orders/${r.otpCheckId}`, expect: ownRow(200, false), shows: (r) => r.otpAddress },
  "GET /api/otp-mail/orders/{id}/messages": { url: (r) => `/api/otp-mail/orders/${r.otpCheckId}/messages`, expect: ownRow(200, false) },
  "POST /api/otp-mail/orders/{id}/reorder": { url: (r) => `/api/otp-mail/orders/${r.otpCheckId}/reorder`, method: "POST", expect: ownRow(201, false), shows: (r) => r.otpAddress },
  // Orders: owner, and admins see every order.
  "POST /api/orders/checkout": { url: () => "/api/orders/checkout", json: () => ({ kind: "plan", planId: "local-1m" }), expect: signedIn(201) },
  "POST /api/orders/subscription-tool": { url: () => "/api/orders/subscription-tool", json: () => ({ planId: "local-1m", email: "matrix-tool-buyer@example.com" }), expect: everyone(201) },
  "GET /api/orders": { url: () => "/api/orders", expect: signedIn(200), shows: () => alice.tranId },
  // A return page's receipt (no session): the token is the proof; a made-up one is not found for anyone.
  "GET /api/payments/receipts/{token}": { url: () => "/api/payments/receipts/TMATRIX0000000000.AAAAAAAAAAAAAAAAAAAAAA", expect: everyone(404) },
  "POST /api/payments/receipts/{token}/close": { url: () => "/api/payments/receipts/TMATRIX0000000000.AAAAAAAAAAAAAAAAAAAAAA/close", method: "POST", expect: everyone(404) },
  "GET /api/orders/{id}": { url: (r) => `/api/orders/${r.orderId}`, expect: ownRow(200, true), shows: (r) => r.tranId, showsAdmins: () => bob.tranId },
  // A paid order's receipt (PDF): like the order itself, the owner and admins. The 200 is a PDF whose
  // title names the tran_id (its text streams are compressed); refusals are JSON like any other.
  "GET /api/orders/{id}/receipt.pdf": {
    url: (r) => `/api/orders/${r.orderId}/receipt.pdf`,
    expect: ownRow(200, true),
    shows: (r) => r.tranId,
    showsAdmins: () => bob.tranId,
    check: (caller, text) => {
      if (caller === "user" || caller === "admin" || caller === "superAdmin") expect(text.startsWith("%PDF-")).toBe(true);
    },
  },
  // The receipt e-mail's signed link (no session): a made-up one is not found for anyone.
  "GET /api/payment-receipts/{token}/receipt.pdf": { url: () => "/api/payment-receipts/TMATRIX0000000000.zzzzzz.AAAAAAAAAAAAAAAAAAAAAA/receipt.pdf", expect: everyone(404) },
  // Closing a checkout the customer left (decision 060): only the order's owner (admins too: only their own).
  // The seeded order is paid: it stays paid and is answered as it stands.
  "POST /api/orders/{id}/close": {
    url: (r) => `/api/orders/${r.orderId}/close`,
    method: "POST",
    expect: ownRow(200, false),
    shows: (r) => r.tranId,
    check: (caller, text) => {
      if (caller === "user") expect(JSON.parse(text)).toMatchObject({ order: { status: "paid" } });
    },
  },
  // The money-back guarantee: only the order's owner asks (admins use the admin console's refund).
  "POST /api/orders/{id}/refund-requests": { url: (r) => `/api/orders/${r.orderId}/refund-requests`, json: () => ({ reason: "The access matrix asks for its money back." }), expect: ownRow(201, false) },
  // Webhooks and the delivery log (super-admin; the secret is in the answers to creation and rotation only).
  "GET /api/admin/webhooks": {
    url: () => "/api/admin/webhooks",
    expect: superAdminOnly(200),
    adminConsole: true,
    check: (caller, text) => {
      if (caller === "superAdmin") expect(text).not.toContain("whsec_");
    },
  },
  "POST /api/admin/webhooks": {
    url: () => "/api/admin/webhooks",
    json: () => ({ url: "http://127.0.0.1:9/matrix-created", events: ["order.paid", "balance.low"] }),
    expect: superAdminOnly(201),
    adminConsole: true,
    check: (caller, text) => {
      if (caller === "superAdmin") expect(JSON.parse(text).secret).toMatch(/^whsec_/);
    },
  },
  "PATCH /api/admin/webhooks/{id}": { url: () => `/api/admin/webhooks/${hooks.endpointId}`, method: "PATCH", json: () => ({ description: "Matrix" }), expect: superAdminOnly(200), adminConsole: true },
  "DELETE /api/admin/webhooks/{id}": { url: () => `/api/admin/webhooks/${hooks.deleteId}`, method: "DELETE", expect: superAdminOnly(204), adminConsole: true },
  "POST /api/admin/webhooks/{id}/rotate-secret": { url: () => `/api/admin/webhooks/${hooks.endpointId}/rotate-secret`, method: "POST", expect: superAdminOnly(200), adminConsole: true },
  "GET /api/admin/webhook-deliveries": { url: () => "/api/admin/webhook-deliveries", expect: superAdminOnly(200), adminConsole: true },
  "GET /api/admin/webhook-deliveries/{id}": { url: () => `/api/admin/webhook-deliveries/${hooks.deliveryId}`, expect: superAdminOnly(200), adminConsole: true },
  "POST /api/admin/webhook-deliveries/{id}/replay": { url: () => `/api/admin/webhook-deliveries/${hooks.deliveryId}/replay`, method: "POST", expect: superAdminOnly(200), adminConsole: true },
  // The admin console: its own rows (features/admin/authz-rows.ts), for every caller here.
  ...Object.fromEntries(
    ADMIN_ENDPOINTS.map((e): [string, Row] => [
      `${e.method} ${e.doc}`,
      {
        url: () => e.url(bobAdminTarget),
        method: e.method,
        json: e.json && (() => e.json!(bobAdminTarget)),
        expect: { anonymous: 401, user: 403, otherUser: 403, admin: adminExpected(e, "admin"), superAdmin: adminExpected(e, "superAdmin"), adminNo2fa: 403, adminPending: 403, apiKey: 401, apiKeyOther: 401 },
        showsAdmins: e.showsTarget ? () => bob.email : undefined,
        adminConsole: true,
      },
    ]),
  ),
};

interface Undocumented {
  why: string;
  /** Mounted only in some configurations (all of which this test's app has, unless `absent`). */
  when?: string;
  /** Not mounted in this test's app: listed so that it is known, covered by its own tests. */
  absent?: true;
  probes: Array<Row | (Omit<Row, "expect"> & { expect: "same for every caller" })>;
}

/** Routes outside the OpenAPI document, each with what every caller gets. */
const UNDOCUMENTED: Record<string, Undocumented> = {
  "ALL /api/*": { why: "unknown API paths: a JSON 404 whoever asks", probes: [{ url: () => "/api/no-such-route", expect: everyone(404) }] },
  "ALL /functions/*": { why: "unknown spec functions: a JSON 404", probes: [{ url: () => "/functions/v1/no-such-function", method: "POST", expect: everyone(404) }] },
  "ALL /compat/*": { why: "unknown compatibility paths (another market's, or Kopeechka's unknown methods): a JSON 404, never the web app", probes: [{ url: () => "/compat/no-such-market/get-number", expect: everyone(404) }] },
  "GET /api/auth/*": {
    why: "better-auth: the session is read from the cookie only (no bearer plugin: an API key is no session)",
    probes: [
      {
        url: () => "/api/auth/get-session",
        expect: everyone(200),
        check: (caller, text) => {
          if (caller === "anonymous" || caller === "apiKey" || caller === "apiKeyOther") expect(text).toBe("null");
          if (caller === "user") expect(text).toContain(alice.email);
        },
      },
      // Passkeys (decision 038): a session's own list; nobody else's (server/auth/passkeys.test.ts).
      { url: () => "/api/auth/passkey/list-user-passkeys", expect: signedIn(200, { adminPending: 200 }), check: (caller, text) => caller !== "anonymous" && !caller.startsWith("apiKey") && expect(JSON.parse(text)).toEqual([]) },
    ],
  },
  "POST /api/auth/*": {
    why: "better-auth: sign-in with a wrong password fails the same for every caller (each on an address of its own: failures count per account)",
    probes: [
      { url: () => "/api/auth/sign-in/email", json: (r) => ({ email: `wrong-${++wrongSignIns}-${r.email}`, password: "not the password 1" }), expect: everyone(401), code: "INVALID_EMAIL_OR_PASSWORD" },
      // What guards the account (decision 037: every better-auth endpoint in its table): a session
      // that has not passed its account's second factor is refused before the password is even
      // looked at; anyone else gets better-auth's own answer to a wrong password.
      ...["/two-factor/enable", "/two-factor/disable", "/two-factor/generate-backup-codes"].map((endpoint) => {
        // Making backup codes needs a factor to make them for: the customers here have none.
        const noFactor = endpoint === "/two-factor/generate-backup-codes" ? "TWO_FACTOR_NOT_ENABLED" : "INVALID_PASSWORD";
        return {
          url: () => `/api/auth${endpoint}`,
          json: () => ({ password: "not the password 1" }),
          expect: { ...signedIn(400), adminPending: 403 },
          codes: { anonymous: "UNAUTHORIZED", apiKey: "UNAUTHORIZED", apiKeyOther: "UNAUTHORIZED", user: noFactor, otherUser: noFactor, adminNo2fa: noFactor, admin: "INVALID_PASSWORD", superAdmin: "INVALID_PASSWORD", adminPending: "SECOND_FACTOR_REQUIRED" },
        };
      }),
      { url: () => "/api/auth/update-user", json: () => ({ name: "Matrix" }), expect: { ...signedIn(200), adminPending: 403 }, codes: { anonymous: "UNAUTHORIZED", apiKey: "UNAUTHORIZED", apiKeyOther: "UNAUTHORIZED" } },
      // The second step itself is open to such a session (that is how it passes); a wrong code is refused alike.
      {
        url: () => "/api/auth/two-factor/verify-backup-code",
        json: () => ({ code: "WRONG-CODE" }),
        expect: { ...signedIn(401, { user: 400, otherUser: 400, adminNo2fa: 400, adminPending: 401 }), anonymous: 401 },
        codes: {
          ...Object.fromEntries(CALLERS.map((c) => [c, "INVALID_TWO_FACTOR_COOKIE"])),
          user: "BACKUP_CODES_NOT_ENABLED",
          otherUser: "BACKUP_CODES_NOT_ENABLED",
          adminNo2fa: "BACKUP_CODES_NOT_ENABLED",
          admin: "INVALID_BACKUP_CODE",
          superAdmin: "INVALID_BACKUP_CODE",
          adminPending: "INVALID_BACKUP_CODE",
        },
      },
      // Passkeys (decision 038): someone else's, or none, is not found for every session that may
      // change factors; one that has not passed its second factor is refused first.
      { url: () => "/api/auth/passkey/delete-passkey", json: () => ({ id: "no-such-passkey" }), expect: signedIn(404), codes: { adminPending: "SECOND_FACTOR_REQUIRED" } },
    ],
  },
  "GET /healthz": { why: "liveness, public", probes: [{ url: () => "/healthz", expect: everyone(200) }] },
  "GET /readyz": { why: "readiness, public", probes: [{ url: () => "/readyz", expect: everyone(200) }] },
  "GET /metrics": {
    why: "Prometheus, only with METRICS_TOKEN and for that token alone: no session or API key opens it",
    when: "METRICS_TOKEN",
    probes: [{ url: () => "/metrics", expect: everyone(401) }],
  },
  "ALL /metrics": { why: "/metrics by any other method: 405 (404 without METRICS_TOKEN)", probes: [{ url: () => "/metrics", method: "POST", expect: everyone(405) }] },
  "GET /robots.txt": { why: "public", probes: [{ url: () => "/robots.txt", expect: everyone(200) }] },
  "GET /sitemap.xml": { why: "public", probes: [{ url: () => "/sitemap.xml", expect: everyone(200) }] },
  "GET /api/openapi.json": { why: "the API's description, public", probes: [{ url: () => "/api/openapi.json", expect: everyone(200) }] },
  "GET /api/docs": { why: "the API's description, public", probes: [{ url: () => "/api/docs", expect: everyone(200) }] },
  "POST /api/payway/callback": {
    why: "PayWay's pushback: no session; the signature and PayWay's own answer decide, so an unknown transaction is 404 for all",
    probes: [{ url: () => "/api/payway/callback", json: () => ({ tran_id: "TMATRIXUNKNOWN", status: 0 }), expect: everyone(404) }],
  },
  "GET /api/check-transaction-plan": { why: "PayWay's return URL: a redirect for every browser (the order's state comes from PayWay, not the query)", probes: [{ url: (r) => `/api/check-transaction-plan?tran_id=${r.tranId}`, expect: everyone(302) }] },
  "GET /api/check-transaction-topup": { why: "PayWay's return URL", probes: [{ url: (r) => `/api/check-transaction-topup?tran_id=${r.tranId}`, expect: everyone(302) }] },
  "GET /api/check-transaction-SubscriptionTool": { why: "PayWay's return URL", probes: [{ url: (r) => `/api/check-transaction-SubscriptionTool?tran_id=${r.tranId}`, expect: everyone(302) }] },
  // The Kopeechka door, GET and POST alike: the API key is token= (no session, no header counts);
  // without it every caller gets Kopeechka's BAD_TOKEN (HTTP 200). Whose activation a token may
  // touch: server/features/otp-mail/kopeechka.test.ts (another customer's token).
  ...Object.fromEntries(
    KOPEECHKA_METHODS.flatMap((m) =>
      (["GET", "POST"] as const).map((method) => [
        `${method} /compat/kopeechka/${m}`,
        {
          why: "Kopeechka's protocol: the API key is token= in the query or the body; without it, Kopeechka's BAD_TOKEN (HTTP 200) for every caller",
          probes: [{ url: () => `/compat/kopeechka/${m}?api=2.0&site=facebook.com`, method, expect: everyone(200), extraKeys: true, check: (_: Caller, text: string) => expect(JSON.parse(text)).toEqual({ status: "ERROR", value: "BAD_TOKEN" }) }],
        } satisfies Undocumented,
      ]),
    ),
  ),
  "ALL /compat/kopeechka/*": {
    why: "a method Kopeechka has and we do not, or a typo: a 404 in Kopeechka's shape (its clients read status and value), whoever asks",
    probes: [{ url: () => "/compat/kopeechka/mailbox-get-bulk?token=x", expect: everyone(404), foreignRefusal: true, check: (_, text) => expect(JSON.parse(text)).toEqual({ status: "ERROR", value: "BAD_METHOD" }) }],
  },
  "POST /functions/v1/get-otp-gmail-history": { why: "the spec's function: the session user's own orders", probes: [{ url: () => "/functions/v1/get-otp-gmail-history", method: "POST", expect: signedIn(200), shows: () => alice.otpAddress }] },
  "POST /functions/v1/buy-gmail": { why: "the spec's function: buys for the session user", probes: [{ url: () => "/functions/v1/buy-gmail", method: "POST", expect: signedIn(200) }] },
  "POST /functions/v1/check-otp-gmail": {
    why: "the spec's function: an address of another user's order is 404",
    probes: [{ url: () => "/functions/v1/check-otp-gmail", json: (r) => ({ service: "EMAIL_SERVICE_1", gmail: r.otpAddress }), expect: ownRow(200, false), extraKeys: true }],
  },
  "GET /dev/mailbox": {
    why: "the dev mailbox, open to all: embedded mode only (production refuses to start without SMTP_URL)",
    when: "embedded",
    probes: [{ url: () => "/dev/mailbox", expect: everyone(200) }],
  },
  "GET /dev/mailbox/messages.json": { why: "the dev mailbox as JSON (embedded mode only)", when: "embedded", probes: [{ url: () => "/dev/mailbox/messages.json", expect: everyone(200) }] },
  "GET /dev/telegram": {
    why: "the Telegram simulator's page, open to all: embedded mode without TELEGRAM_BOT_TOKEN only (never in production)",
    when: "embedded",
    probes: [{ url: () => "/dev/telegram", expect: everyone(200) }],
  },
  "GET /dev/telegram/messages.json": { why: "the Telegram simulator's messages as JSON (embedded mode only)", when: "embedded", probes: [{ url: () => "/dev/telegram/messages.json", expect: everyone(200) }] },
  "POST /dev/telegram/{bot}/sendMessage": {
    why: "the Telegram simulator's Bot API (embedded mode only): its own token decides, in Telegram's own answer shape; a session or API key is nothing to it",
    when: "embedded",
    probes: [{ url: () => "/dev/telegram/bot1:wrong-token/sendMessage", json: () => ({ chat_id: 1, text: "matrix" }), expect: "same for every caller" }],
  },
  ...Object.fromEntries(
    ["GET /dev/telegram/{bot}/getMe", "POST /dev/telegram/{bot}/getMe", "ALL /dev/telegram/{bot}/{method}"].map((route): [string, Undocumented] => [
      route,
      {
        why: "the Telegram simulator's other Bot API methods (embedded mode only): its own token decides, in Telegram's answer shape",
        when: "embedded",
        probes: [{ url: () => (route.endsWith("getMe") ? "/dev/telegram/bot1:wrong-token/getMe" : "/dev/telegram/bot1:wrong-token/getUpdates"), ...(route.startsWith("GET") ? {} : { json: () => ({}) }), expect: "same for every caller" }],
      },
    ]),
  ),
  ...Object.fromEntries(
    ["POST /dev/test-api/users", "POST /dev/test-api/licenses", "POST /dev/test-api/orders", "POST /dev/test-api/balance", "POST /dev/test-api/api-keys/bulk", "GET /dev/test-api/ledger-check", "POST /dev/test-api/licenses/bulk", "POST /dev/test-api/workers/run", "POST /dev/test-api/catalogue"].map((route): [string, Undocumented] => {
      const [method, path] = route.split(" ") as [string, string];
      return [
        route,
        {
          why: "browser-test seeding: only with DEV_TEST_API_TOKEN set (refused in production) and the token in x-test-token",
          when: "DEV_TEST_API_TOKEN",
          probes: [{ url: () => path, method, json: method === "POST" ? () => ({}) : undefined, expect: everyone(403) }],
        },
      ];
    }),
  ),
  ...Object.fromEntries(
    ["GET /google-sim/.well-known/openid-configuration", "GET /google-sim/o/oauth2/v2/auth", "POST /google-sim/o/oauth2/v2/auth", "POST /google-sim/token", "GET /google-sim/oauth2/v3/userinfo", "GET /google-sim/oauth2/v3/certs", "GET /google-sim/avatar/{sub}"].map((route): [string, Undocumented] => {
      const [method, path] = route.split(" ") as [string, string];
      return [
        route,
        {
          why: "the Google sign-in stand-in (Google's OAuth 2.0 protocol), mounted without GOOGLE_CLIENT_ID outside production; a session grants nothing there; tested in auth/google.test.ts and auth/google-openid.test.ts",
          when: "no GOOGLE_CLIENT_ID, not production",
          probes: [{ url: () => path.replace("{sub}", "123456789012345678901"), method, json: method === "POST" ? () => ({}) : undefined, expect: "same for every caller" }],
        },
      ];
    }),
  ),
  "ALL /payway-sim/*": { why: "the PayWay simulator (PayWay's wire format), mounted only without PAYWAY_BASE_URL by server.ts; tested in providers/payway/simulator", absent: true, probes: [] },
  "GET /*": { why: "the built web app: prerendered public pages and the SPA shell; the same for every caller", probes: [{ url: () => "/faq", expect: "same for every caller" }, { url: () => "/dashboard", expect: "same for every caller" }] },
};

describe("the route table", () => {
  it("every OpenAPI operation has a row, and every row an operation", async () => {
    expect(Object.keys(DOCUMENTED).sort()).toEqual(await documentedOperations(t.app));
  });

  it("every route registered in the app is documented or listed here with its expectation", async () => {
    const documented = new Set(await documentedOperations(t.app));
    const registered = registeredRoutes(t.app);
    const unlisted = registered.filter((route) => !documented.has(route) && !(route in UNDOCUMENTED));
    expect(unlisted, "routes with no row in the matrix: add them to DOCUMENTED (OpenAPI) or UNDOCUMENTED").toEqual([]);
    const stale = Object.entries(UNDOCUMENTED)
      .filter(([route, u]) => !u.absent && !registered.includes(route))
      .map(([route]) => route);
    expect(stale, "listed routes the app does not have").toEqual([]);
  });
});

/** One request of a row, its answer checked against the OpenAPI document (contract.ts) when the route is in it. */
async function runCell(caller: Caller, row: Row | (Omit<Row, "expect"> & { expect: "same for every caller" })) {
  const rows = rowsOf(caller);
  const controller = new AbortController();
  const url = row.url(rows);
  const json = row.json?.(rows);
  const method = row.method ?? (json !== undefined ? "POST" : "GET");
  const res = await call(caller, url, { method, json, signal: controller.signal });
  const exchange = { method, url, status: res.status, contentType: res.headers.get("content-type") };
  if (row.sse && res.status === 200) {
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    controller.abort();
    await res.body?.cancel().catch(() => {});
    contract.check({ ...exchange, body: undefined });
    return { status: res.status, text: "" };
  }
  const body = await res.text();
  contract.check({ ...exchange, body });
  // A redirect's target is part of the answer the leak checks read.
  const location = res.headers.get("location");
  return { status: res.status, text: `${body}${location ? ` Location: ${location}` : ""}` };
}

/** The status, the refusal's shape, no secret of Bob's to those who may not see it, and the answer's content. */
async function checkCell(caller: Caller, row: Row, status: number, secretsVisible = false) {
  const { status: got, text } = await runCell(caller, row);
  expect(got, text.slice(0, 300)).toBe(status);
  const secrets = secretsVisible || MAY_SEE_BOB.has(caller) ? [] : bobSecrets();
  // An admin without a second factor is told what is missing, not just "forbidden".
  // So is an admin whose session has not passed it, wherever a customer would have been let in.
  const factorMissing = (caller === "adminNo2fa" && row.adminConsole) || (caller === "adminPending" && (row.adminConsole || row.expect.user !== 403));
  const code = row.codes?.[caller] ?? (status === 403 && factorMissing ? "SECOND_FACTOR_REQUIRED" : row.code);
  if (status >= 400 && !row.foreignRefusal) expectRefusal(status, text, { secrets, code, extraKeys: row.extraKeys });
  else expectNoSecrets(text, secrets);
  if (status < 300 && row.shows && (caller === "user" || caller === "apiKey")) expect(text).toContain(row.shows(rowsOf(caller)));
  if (status < 300 && row.showsAdmins && MAY_SEE_BOB.has(caller)) expect(text).toContain(row.showsAdmins());
  row.check?.(caller, text);
}

for (const [key, row] of Object.entries(DOCUMENTED)) {
  describe(key, () => {
    for (const caller of CALLERS) {
      const status = row.expect[caller];
      it(`${caller} → ${status}`, () => checkCell(caller, row, status));
    }
  });
}

for (const [key, entry] of Object.entries(UNDOCUMENTED)) {
  if (entry.absent) continue;
  describe(`${key} (not in the OpenAPI document: ${entry.why})`, () => {
    for (const [n, probe] of entry.probes.entries()) {
      const fixed = probe.expect;
      if (fixed === "same for every caller") {
        it(`probe ${n + 1}: the same status for every caller`, async () => {
          const statuses = new Set<number>();
          for (const caller of CALLERS) statuses.add((await runCell(caller, probe)).status);
          expect([...statuses]).toHaveLength(1);
          expect([...statuses][0]).not.toBeGreaterThanOrEqual(500);
        });
        continue;
      }
      for (const caller of CALLERS) {
        const status = fixed[caller];
        // The dev mailbox shows every message by design (embedded mode only).
        it(`${caller} → ${status}`, () => checkCell(caller, { ...probe, expect: fixed }, status, entry.when === "embedded"));
      }
    }
  });
}

describe("/metrics with its token", () => {
  it("answers the Prometheus text", async () => {
    const res = await t.app.request("/metrics", { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
  });
});

describe("the contract test (contract.ts)", () => {
  it("checked answers of every documented operation against the OpenAPI document", () => {
    expect(contract.unchecked()).toEqual([]);
  });
});

describe("nothing of Bob's was changed by anyone", () => {
  it("his licence, OTP orders, API key and role are as they were", async () => {
    const db = t.database.db;
    const [license] = await db.select().from(licenses).where(eq(licenses.id, bob.licenceId));
    expect(license).toMatchObject({ name: "", deviceKey: bob.deviceKey });
    const otp = await db.select().from(otpMailOrders).where(and(eq(otpMailOrders.userId, bob.id)));
    expect(otp.map((o) => o.status)).toEqual(["pending", "pending"]);
    const [key] = await db.select().from(apiKeys).where(eq(apiKeys.userId, bob.id));
    expect(revealApiKey(t.config.authSecret, key!)).toBe(bob.apiKey);
    const [row] = await db.select().from(user).where(eq(user.id, bob.id));
    expect(row).toMatchObject({ role: "user", superAdmin: false, name: "" });
  });

  it("while the callers' own rows did change (the matrix reached them)", async () => {
    const db = t.database.db;
    const [license] = await db.select().from(licenses).where(eq(licenses.id, alice.licenceId));
    expect(license!.name).toBe("Matrix");
    const [cancelled] = await db.select().from(otpMailOrders).where(eq(otpMailOrders.id, carol.otpCancelId));
    expect(cancelled!.status).toBe("failed");
  });
});
