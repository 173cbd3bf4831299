// The fuzz tests' one app (fuzz.test.ts and its siblings): seeded accounts whose ids the generators
// use, their credentials per caller, and the OpenAPI document every answer is checked against.
import { sql } from "drizzle-orm";
import { afterAll } from "vitest";
import { changeBalance, ensureApiKey, revealApiKey } from "../../features/balance/service";
import { insertOrders } from "../../features/admin/test-seed";
import { createLicense } from "../../features/licenses/service";
import { buyOtpMail } from "../../features/otp-mail/buy";
import { createWebhook } from "../../features/notifications/endpoints";
import { recordShopEvent } from "../../features/notifications/events";
import { createContract, type OpenApiDocument } from "../contract";
import { nextTotpCode } from "../../lib/totp";
import { createTestContext, PASSWORD } from "../harness";
import { withRefundsMade } from "../refunding-provider";
import type { Schema } from "./values";

export const TEST_API_TOKEN = "fuzz-test-api-token";

// Refunds are made without PayWay here (no PayWay answers in this test).
export const t = await createTestContext({ DEV_TEST_API_TOKEN: TEST_API_TOKEN, PUBLIC_API_RATE_LIMIT: "1000000" }, { paymentProvider: withRefundsMade });
afterAll(() => t.close());
export const base = t.config.baseUrl;
export const db = t.database.db;

async function account(opts: { role?: "admin"; superAdmin?: boolean } = {}) {
  const u = await t.signedInUser(opts);
  const key = await ensureApiKey({ db, secret: t.config.authSecret, userId: u.id });
  await db.transaction((tx) => changeBalance(tx, { apiKeyId: key.id, deltaMills: 1_000, reason: "topup", reference: "fuzz" }));
  const deviceKey = `PC-LDREEL-${u.id.slice(0, 6)}`;
  const license = await createLicense({ db, planId: "local-1m", email: u.email, userId: u.id, deviceKey, startDate: new Date(), expireDate: new Date(Date.now() + 30 * 86_400_000) });
  const [order] = await insertOrders(db, [{ kind: "plan", planId: "local-1m", email: u.email, userId: u.id, buyKey: license.buyKey }]);
  const otp = await buyOtpMail(t.otpMail, { userId: u.id, apiKeyId: key.id });
  // A session of our own (the harness client keeps its cookies to itself); admins give the code
  // from their authenticator as the second step.
  const post = (path: string, body: unknown, cookie = "") =>
    t.app.request(`${base}/api/auth/${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base, "x-forwarded-for": "10.200.0.1", cookie },
      body: JSON.stringify(body),
    });
  const cookiesOf = (res: Response) =>
    res.headers
      .getSetCookie()
      .map((line) => line.split(";")[0]!)
      .join("; ");
  const signIn = await post("sign-in/email", { email: u.email, password: PASSWORD });
  const cookie = u.totpSecret ? cookiesOf(await post("two-factor/verify-totp", { code: await nextTotpCode(u.totpSecret) }, cookiesOf(signIn))) : cookiesOf(signIn);
  return { ...u, cookie, apiKeyId: key.id, apiKey: revealApiKey(t.config.authSecret, key), licence: license, deviceKey, order: order!, otp: otp.order };
}

export const user = await account(); // the signed-in caller
// …and a reseller (decision 080), so the reseller's routes read their input too.
await db.execute(sql`update "user" set reseller = true where id = ${user.id}`);
export const holder = await account(); // the API-key caller
export const superAdmin = await account({ role: "admin", superAdmin: true });
export const victim = await account(); // someone else's ids, for every caller to try
// A webhook endpoint and a delivery, so the webhooks routes are reached with real ids too.
export const hook = await createWebhook(
  { db, secret: t.config.authSecret, policy: t.config.notifications.webhooks, resolver: async () => [], telegram: t.config.notifications.telegram },
  { url: "http://127.0.0.1:9/fuzz", description: "", events: ["order.paid"], active: true },
  "fuzz",
);
await db.transaction((tx) => recordShopEvent(tx, { type: "order.paid", subject: "fuzz", data: { kind: "plan" } }));
export const [fuzzDelivery] = (await db.execute(sql`select id from deliveries limit 1`) as unknown as { rows: Array<{ id: string }> }).rows;

export type Caller = "anonymous" | "user" | "apiKey" | "superAdmin";
export const CALLER_HEADERS: Record<Caller, Record<string, string>> = {
  anonymous: {},
  user: { cookie: user.cookie },
  apiKey: { authorization: `Bearer ${holder.apiKey}` },
  superAdmin: { cookie: superAdmin.cookie },
};

export type OpenApi = { paths: Record<string, Record<string, { parameters?: Array<{ name: string; in: string; schema?: Schema }>; requestBody?: { content?: Record<string, { schema?: Schema }> } }>>; components?: { schemas?: Record<string, Schema> } };

export const docRes = await t.app.request("/api/openapi.json");
export const doc = (await docRes.json()) as OpenApi;
/** Every answer to a documented operation is checked against the document (contract.ts). */
export const contract = createContract(doc as OpenApiDocument);
export const resolve = (s: Schema): Schema => (s.$ref ? (doc.components?.schemas?.[s.$ref.split("/").pop()!] ?? {}) : s);
