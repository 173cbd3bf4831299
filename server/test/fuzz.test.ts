// Property-based fuzzing of every JSON and query-string endpoint (fast-check), in process over
// one shared context: the routes come from the OpenAPI document (parameters and body schemas)
// and from Hono's route table (everything else, with hints below), so a new route is fuzzed
// without being added here. Requests are mostly almost right (values from the schemas and the
// real ids of the seeded accounts) with wrong parts: wrong types, huge, negative and NaN numbers,
// long and unicode strings, NUL and control characters, lone UTF-16 surrogates, missing and extra fields, malformed JSON, odd content
// types, odd query strings and path parameters, as nobody, a signed-in user, an API key and (for
// the admin console) a super-admin. Every answer must be below 500, every refusal a 4xx
// with a JSON body { code, message }, and every answer of a documented operation one the OpenAPI
// document promises: its status listed, its body valid against that status's schema (contract.ts).
//
// FUZZ_SEED=<n> replays a run (a failure prints its seed and path); FUZZ_SEED=random explores;
// FUZZ_REQUESTS sets the total (default 10,500).
import fc from "fast-check";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { changeBalance, ensureApiKey, revealApiKey } from "../features/balance/service";
import { insertOrders } from "../features/admin/test-seed";
import { createLicense } from "../features/licenses/service";
import { buyOtpMail } from "../features/otp-mail/service";
import { createWebhook } from "../features/notifications/endpoints";
import { recordShopEvent } from "../features/notifications/events";
import { TELEGRAM_SIMULATOR_TOKEN } from "../config";
import { openApiPath, registeredRoutes } from "./authz";
import { createContract, type OpenApiDocument } from "./contract";
import { nextTotpCode } from "../lib/totp";
import { createTestContext, PASSWORD } from "./harness";
import { TEXT_MESSAGES } from "../../contracts/text";
import { withRefundsMade } from "./refunding-provider";
import { KOPEECHKA_METHODS } from "../features/otp-mail/kopeechka-routes";

const TEST_API_TOKEN = "fuzz-test-api-token";
const TOTAL = Number(process.env.FUZZ_REQUESTS ?? 10_500);
/** FUZZ_SURVEY=1: collect every failure instead of stopping at the first (for finding them all). */
const SURVEY: string[] | undefined = process.env.FUZZ_SURVEY ? [] : undefined;
const SEED = process.env.FUZZ_SEED === "random" ? Date.now() : Number(process.env.FUZZ_SEED ?? 20261122);

// ---------------------------------------------------------------------------------------------
// The context: one app, seeded accounts whose ids the generators use.

// Refunds are made without PayWay here (no PayWay answers in this test).
const t = await createTestContext({ DEV_TEST_API_TOKEN: TEST_API_TOKEN, PUBLIC_API_RATE_LIMIT: "1000000" }, { paymentProvider: withRefundsMade });
afterAll(() => t.close());
const base = t.config.baseUrl;
const db = t.database.db;

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

const user = await account(); // the signed-in caller
const holder = await account(); // the API-key caller
const superAdmin = await account({ role: "admin", superAdmin: true });
const victim = await account(); // someone else's ids, for every caller to try
// A webhook endpoint and a delivery, so the webhooks routes are reached with real ids too.
const hook = await createWebhook(
  { db, secret: t.config.authSecret, policy: t.config.notifications.webhooks, resolver: async () => [], telegram: t.config.notifications.telegram },
  { url: "http://127.0.0.1:9/fuzz", description: "", events: ["order.paid"], active: true },
  "fuzz",
);
await db.transaction((tx) => recordShopEvent(tx, { type: "order.paid", subject: "fuzz", data: { kind: "plan" } }));
const [fuzzDelivery] = (await db.execute(sql`select id from deliveries limit 1`) as unknown as { rows: Array<{ id: string }> }).rows;

type Caller = "anonymous" | "user" | "apiKey" | "superAdmin";
const CALLER_HEADERS: Record<Caller, Record<string, string>> = {
  anonymous: {},
  user: { cookie: user.cookie },
  apiKey: { authorization: `Bearer ${holder.apiKey}` },
  superAdmin: { cookie: superAdmin.cookie },
};

// ---------------------------------------------------------------------------------------------
// Values.

/** A number written into JSON as is: 1e999, -0, 30 digits… (JSON.stringify cannot). */
class Raw {
  constructor(readonly text: string) {}
}

const SPECIAL_STRINGS = [
  "", " ", "\u0000", "a\u0000b", "\t\n\r", "null", "undefined", "true", "NaN", "Infinity", "-Infinity", "-1", "0", "-0", "1e309", "0x1F",
  "9".repeat(40), "1.0000000000000001", "00000000-0000-0000-0000-000000000000", "------------------------------------", "../../etc/passwd", "%00", "%",
  "%zz", "<script>alert(1)</script>", "' OR 1=1 --", "\\", "\"", "{}", "[]", "__proto__", "constructor", "𝔘𝔫𝔦𝔠𝔬𝔡𝔢", "\uD800", "\uDFFF\uD800", "\uFEFF",
  "\u202Eevil", "ស្វាគមន៍", "👩‍👩‍👧‍👦", "Ω≈ç√∫", "\uDC00x", "a\uD83D", "\u0007", "a\u001Bb", "\u0085", "\u007F", "a\u2028b", "a@b", "@", "x@y.z", "UTC", "Europe/Nowhere", "2026-02-30T25:61:00Z", "2026-11-22T00:00:00.000Z",
  "LDREEL", "$1", "1.001", "0.001", "1000000000", "-5", "1,5",
];
const LONG = fc.tuple(fc.constantFrom("x", "é", "𝔘", "\u0000", "9", "%", " "), fc.integer({ min: 65, max: 5_000 })).map(([c, n]) => c.repeat(n));
const oddString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 20 }) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 20 }) },
  { weight: 4, arbitrary: fc.constantFrom(...SPECIAL_STRINGS) },
  { weight: 1, arbitrary: LONG },
  { weight: 1, arbitrary: fc.uuid() },
  { weight: 1, arbitrary: fc.stringMatching(/^[0-9a-f-]{36}$/) },
);
const oddNumber: fc.Arbitrary<number | Raw> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -0, -1, 1, 2 ** 31, 2 ** 53 + 2, -(2 ** 53), 1e308, -1e308, 0.1, 1e-7, 3.14159, Number.NaN, Infinity, -Infinity),
  fc.constantFrom("1e999", "-1e999", "123456789012345678901234567890", "-0", "0.0000000000000000000001", "1E2").map((s) => new Raw(s)),
);
const anything: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: oddString },
  { weight: 3, arbitrary: oddNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** Real values for fields of these names, so that some requests get past validation. */
function candidates(): Record<string, unknown[]> {
  const emails = [user.email, holder.email, victim.email, "buyer@example.com", user.email.toUpperCase()];
  const deviceKeys = [user.deviceKey, victim.deviceKey, "PC-LDREEL-NEW", `  ${user.deviceKey}  `];
  return {
    id: [user.licence.id, user.order.id, user.otp.id, victim.licence.id, victim.order.id, victim.otp.id, holder.otp.id, user.id, victim.id, superAdmin.id, holder.apiKeyId, hook.endpoint.id, fuzzDelivery!.id],
    endpointId: [hook.endpoint.id, user.id],
    events: [["order.paid"], ["order.paid", "balance.low"], [], ["ops.outbox_stuck"]],
    url: ["http://127.0.0.1:9/fuzz", "https://hooks.example.com/x", "ftp://x", "http://user:pw@example.com/"],
    channel: ["webhook", "telegram"],
    active: [true, false],
    apiKeyId: [holder.apiKeyId, victim.apiKeyId, user.apiKeyId],
    planId: ["local-1m", "local-3m", "foreign-12m", "foreign-1m", "none"],
    market: ["local", "foreign"],
    kind: ["plan", "topup", "tool"],
    amount: ["1", "10.50", 5, "0.01", "$3", 10_000, "10000.01", "999999999.999"],
    operation: ["add", "subtract"],
    role: ["user", "admin"],
    status: ["pending", "paid", "failed", "cancelled", "refunded", 0, "0"],
    email: emails,
    gmail: [user.otp.address, victim.otp.address, ...emails],
    buyKey: [user.licence.buyKey, victim.licence.buyKey, user.licence.buyKey.toLowerCase()],
    deviceKey: deviceKeys,
    oldDeviceKey: deviceKeys,
    newDeviceKey: deviceKeys,
    tran_id: [user.order.tranId, victim.order.tranId],
    tz: ["UTC", "Asia/Phnom_Penh", "America/New_York", "Etc/GMT+12"],
    search: [user.email.slice(0, 8), holder.apiKey, user.licence.buyKey, "%", "_"],
    to: [user.otp.address, "x"],
    from: ["2026-01-01T00:00:00Z", "2026-11-22T00:00:00+07:00"],
    service: ["EMAIL_SERVICE_1", "facebook"],
    password: [PASSWORD, "short", "x".repeat(200)],
    token: ["abc", "x".repeat(64)],
    otp: ["123456", "000000"],
    callbackURL: ["/dashboard", "https://evil.example/", "javascript:alert(1)"],
    variant: ["v1", "v2"],
    protocol: [2, 2, 1, "2", 3, 0],
    nonce: ["fuzz-nonce-0123456789abcdef", "fuzz_nonce-ABCDEFGHIJKLMNOP", "short", "x".repeat(129), "has spaces in it, 16+"],
    v: ["1", "2"],
    page: [1, 2, 100_000, 100_001],
    pageSize: [10, 25, 50, 100, 200, 7],
  };
}
const CANDIDATES = candidates();

interface Schema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  format?: string;
  pattern?: string;
  $ref?: string;
}

/** A real value with a twist: a NUL, a control or unicode character, a lone surrogate, a quote or spaces put in it. */
const TWISTS = ["\u0000", "\u0001", "\n", "é", "𝔘", "\uFFFF", "'", '"', "%", "_", "\\", " ", "\u200B", "\uD800", "\uDFFF", "\u0007", "\u001B", "\u0085", "\t"];
function twisted(known: unknown[]): fc.Arbitrary<unknown> {
  const texts = known.filter((v): v is string => typeof v === "string" && v.length > 0);
  if (!texts.length) return fc.constantFrom(...known);
  return fc.tuple(fc.constantFrom(...texts), fc.constantFrom(...TWISTS), fc.nat(), fc.boolean()).map(([v, c, at, replace]) => {
    const i = at % (v.length + 1);
    return v.slice(0, i) + c + v.slice(replace ? i + 1 : i);
  });
}

/** Mostly a value of the schema (or a candidate of the field's name), sometimes anything at all. */
function valueOf(schema: Schema | undefined, name: string, resolve: (s: Schema) => Schema, depth = 0): fc.Arbitrary<unknown> {
  const known = CANDIDATES[name];
  const options: Array<fc.WeightedArbitrary<unknown>> = [{ weight: 2, arbitrary: anything }];
  if (known) options.push({ weight: 4, arbitrary: fc.constantFrom(...known) }, { weight: 2, arbitrary: twisted(known) });
  if (schema && depth < 4) options.push({ weight: 4, arbitrary: fromSchema(resolve(schema), name, resolve, depth) });
  return fc.oneof(...options);
}

function fromSchema(schema: Schema, name: string, resolve: (s: Schema) => Schema, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((s) => fromSchema(resolve(s), name, resolve, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== "null") : schema.type;
  switch (type) {
    case "string":
      if (schema.format === "email") return fc.oneof(fc.emailAddress(), oddString);
      if (schema.format === "date-time") return fc.date({ noInvalidDate: true, min: new Date(-62e12), max: new Date(2e14) }).map((d) => d.toISOString());
      return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 64, 300), unit: fc.oneof({ weight: 20, arbitrary: fc.string({ minLength: 1, maxLength: 1 }) }, { weight: 1, arbitrary: fc.constantFrom(...TWISTS) }) });
    case "integer":
    case "number":
      return fc.oneof(fc.integer({ min: schema.minimum ?? -1_000, max: Math.min(schema.maximum ?? 1_000_000, 2 ** 31) }), oddNumber);
    case "boolean":
      return fc.boolean();
    case "array":
      return fc.array(valueOf(schema.items, name, resolve, depth + 1), { maxLength: 4 });
    case "object":
      return objectOf(schema, resolve, depth);
    default:
      return anything;
  }
}

/** Each field present, missing or wrong; now and then extra fields (prototype keys among them). */
function objectOf(schema: Schema, resolve: (s: Schema) => Schema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.entries(schema.properties ?? {});
  const present = fields.map(([name, s]) => fc.option(valueOf(s, name, resolve, depth + 1), { freq: 6, nil: undefined }).map((v) => [name, v] as const));
  const extra = fc.option(fc.dictionary(fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom("__proto__", "constructor", "price", "amountMills", "role", "userId")), anything, { maxKeys: 3 }), { freq: 4, nil: {} });
  return fc.tuple(fc.tuple(...present), extra).map(([entries, more]) => {
    const out: Record<string, unknown> = { ...more };
    for (const [k, v] of entries) if (v !== undefined) Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
    return out;
  });
}

/** JSON text with Raw numbers kept as written. */
function toJson(value: unknown): string {
  if (value instanceof Raw) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJson).join(",")}]`;
  if (value && typeof value === "object") return `{${Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}:${toJson(v)}`).join(",")}}`;
  return JSON.stringify(value) ?? "null";
}

/** Text for a query string or a path: numbers and objects as a client might send them. */
const asText = (value: unknown): string => (value instanceof Raw ? value.text : typeof value === "string" ? value : typeof value === "object" && value !== null ? JSON.stringify(value) : String(value));

const MALFORMED = ["{", '{"a":', "[1,2", "nul", '"unterminated', "{'a':1}", '{"a":1}}', "\u0000", "", '{"a": NaN}', '{"a": 1e99999}', "[".repeat(5_000), '{"a":"\\ud800"}', "\uFEFF{}", '{"a":1,"a":2}', "true", "12", "[]", "{}"];
const CONTENT_TYPES = ["application/json", "application/json; charset=utf-8", "text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=xyz", "application/json; charset=latin1", "a/b/c", ""];

// ---------------------------------------------------------------------------------------------
// The endpoints.

interface Target {
  method: string;
  /** Hono's spelling: /api/licenses/:id, /api/auth/* */
  route: string;
  callers: Caller[];
  query?: Array<{ name: string; schema?: Schema }>;
  body?: Schema | "any";
  /** Generates the path (wildcards, parameters). */
  path?: fc.Arbitrary<string>;
  headers?: fc.Arbitrary<Record<string, string>>;
  /** Share of the requests (1 = the average endpoint). */
  weight?: number;
  /** Answers in another protocol's own error shape (why): only "no 5xx" is checked. */
  foreignShape?: string;
}

type OpenApi = { paths: Record<string, Record<string, { parameters?: Array<{ name: string; in: string; schema?: Schema }>; requestBody?: { content?: Record<string, { schema?: Schema }> } }>>; components?: { schemas?: Record<string, Schema> } };

const docRes = await t.app.request("/api/openapi.json");
const doc = (await docRes.json()) as OpenApi;
/** Every answer to a documented operation is checked against the document (contract.ts). */
const contract = createContract(doc as OpenApiDocument);
const resolve = (s: Schema): Schema => (s.$ref ? (doc.components?.schemas?.[s.$ref.split("/").pop()!] ?? {}) : s);

const obj = (properties: Record<string, Schema>): Schema => ({ type: "object", properties });
const str: Schema = { type: "string" };
const AUTH_BODIES: Record<string, Schema> = {
  "sign-in/email": obj({ email: { type: "string", format: "email" }, password: str, rememberMe: { type: "boolean" }, callbackURL: str }),
  "sign-up/email": obj({ email: { type: "string", format: "email" }, password: str, name: str, callbackURL: str }),
  "request-password-reset": obj({ email: str, redirectTo: str }),
  "reset-password": obj({ newPassword: str, token: str }),
  "sign-in/magic-link": obj({ email: str, callbackURL: str, name: str }),
  "email-otp/send-verification-otp": obj({ email: str, type: { enum: ["sign-in", "email-verification", "forget-password"] } }),
  "sign-in/email-otp": obj({ email: str, otp: str }),
  "email-otp/verify-email": obj({ email: str, otp: str }),
  "forget-password/email-otp": obj({ email: str }),
  "email-otp/reset-password": obj({ email: str, otp: str, password: str }),
  "send-verification-email": obj({ email: str, callbackURL: str }),
  "change-password": obj({ currentPassword: str, newPassword: str }),
  "update-user": obj({ name: str, image: str }),
  "two-factor/verify-totp": obj({ code: str, trustDevice: { type: "boolean" } }),
  "two-factor/verify-backup-code": obj({ code: str, trustDevice: { type: "boolean" } }),
  "two-factor/enable": obj({ password: str }),
  // Passkeys (decision 038): WebAuthn answers of any shape.
  "passkey/verify-authentication": obj({ response: obj({ id: str, rawId: str, type: { enum: ["public-key", "x"] }, response: obj({ clientDataJSON: str, authenticatorData: str, signature: str, userHandle: str }) }) }),
  "passkey/verify-registration": obj({ response: obj({ id: str, rawId: str, type: { enum: ["public-key"] }, response: obj({ clientDataJSON: str, attestationObject: str, transports: { type: "array", items: str } as Schema }) }), name: str }),
  "passkey/update-passkey": obj({ id: str, name: str }),
  "passkey/delete-passkey": obj({ id: str }),
};
const AUTH_GETS: Record<string, string[]> = { "get-session": [], "verify-email": ["token", "callbackURL"], "magic-link/verify": ["token", "callbackURL"], ok: [], error: ["error"], "list-sessions": [], "passkey/generate-authenticate-options": [], "passkey/generate-register-options": ["name", "authenticatorAttachment"], "passkey/list-user-passkeys": [] };

const segment = fc.oneof(oddString, fc.constantFrom(...(CANDIDATES.id as string[])));
/** Hints for the routes outside the OpenAPI document. Unknown ones are fuzzed with anything. */
const HINTS: Record<string, Partial<Target>> = {
  // better-auth: anonymous and API key only (a fuzzed sign-out would end the user's session).
  "POST /api/auth/*": {
    callers: ["anonymous", "apiKey"],
    weight: 1,
    path: fc.oneof({ weight: 9, arbitrary: fc.constantFrom(...Object.keys(AUTH_BODIES)) }, { weight: 1, arbitrary: segment.map(encode) }).map((p) => `/api/auth/${p}`),
    body: obj(Object.assign({}, ...Object.values(AUTH_BODIES).map((s) => s.properties))),
  },
  "GET /api/auth/*": {
    callers: ["anonymous", "apiKey", "user"],
    path: fc.oneof({ weight: 9, arbitrary: fc.constantFrom(...Object.keys(AUTH_GETS)) }, { weight: 1, arbitrary: segment.map((s) => `reset-password/${encode(s)}`) }).map((p) => `/api/auth/${p}`),
    query: [...new Set(Object.values(AUTH_GETS).flat())].map((name) => ({ name, schema: str })),
  },
  "POST /api/payway/callback": { callers: ["anonymous"], body: obj({ tran_id: str, status: str, apv: str }) },
  "GET /api/check-transaction-plan": { callers: ["anonymous", "user"], query: [{ name: "tran_id", schema: str }, { name: "v", schema: str }] },
  "GET /api/check-transaction-topup": { callers: ["anonymous", "user"], query: [{ name: "tran_id", schema: str }, { name: "v", schema: str }] },
  "GET /api/check-transaction-SubscriptionTool": { callers: ["anonymous", "user"], query: [{ name: "tran_id", schema: str }, { name: "v", schema: str }] },
  "POST /functions/v1/get-otp-gmail-history": { callers: ["anonymous", "user", "apiKey"], body: "any" },
  "POST /functions/v1/buy-gmail": { callers: ["anonymous", "user", "apiKey"], body: "any", weight: 0.5 },
  "POST /functions/v1/check-otp-gmail": { callers: ["anonymous", "user", "apiKey"], body: obj({ service: str, gmail: { type: "string", format: "email" } }) },
  "ALL /functions/*": { method: "POST", callers: ["anonymous", "user"], path: segment.map((s) => `/functions/v1/${encode(s)}`), body: "any", weight: 0.3 },
  "ALL /api/*": { method: "GET", callers: ["anonymous", "user"], path: segment.map((s) => `/api/${encode(s)}`), weight: 0.3 },
  "GET /dev/mailbox": { callers: ["anonymous"], query: [{ name: "to", schema: str }], weight: 0.5 },
  "GET /dev/mailbox/messages.json": { callers: ["anonymous"], query: [{ name: "to", schema: str }], weight: 0.5 },
  "GET /dev/telegram": { callers: ["anonymous"], query: [{ name: "chat", schema: str }], weight: 0.5 },
  "GET /dev/telegram/messages.json": { callers: ["anonymous"], query: [{ name: "chat", schema: str }], weight: 0.5 },
  // The Telegram simulator's Bot API: its own token (right or wrong) in the path, Telegram's bodies and answers.
  "POST /dev/telegram/{bot}/sendMessage": {
    callers: ["anonymous"],
    weight: 0.5,
    path: fc.oneof(fc.constant(`bot${TELEGRAM_SIMULATOR_TOKEN}`), segment.map(encode)).map((bot) => `/dev/telegram/${bot}/sendMessage`),
    body: obj({ chat_id: { type: ["string", "integer"] } as Schema, text: str, parse_mode: { enum: ["HTML", "MarkdownV2", "html", "x"] }, disable_web_page_preview: { type: "boolean" } }),
    foreignShape: "the Telegram Bot API's own answers: { ok, error_code, description }",
  },
  ...Object.fromEntries(
    (["GET /dev/telegram/{bot}/getMe", "POST /dev/telegram/{bot}/getMe", "ALL /dev/telegram/{bot}/{method}"] as const).map((route) => [
      route,
      {
        callers: ["anonymous"],
        weight: 0.3,
        path: fc
          // Non-empty segments: an empty one is another path (the web app's, which a test run has not built).
          .tuple(fc.oneof(fc.constant(`bot${TELEGRAM_SIMULATOR_TOKEN}`), segment.filter(Boolean).map(encode)), route.endsWith("getMe") ? fc.constant("getMe") : segment.filter(Boolean).map(encode))
          .map(([bot, method]) => `/dev/telegram/${bot}/${method}`),
        foreignShape: "the Telegram Bot API's own answers: { ok, result } or { ok, error_code, description }",
      } satisfies Partial<Target>,
    ]),
  ),
  // Test-only seeding: with and without its token; bodies of anything (valid bulk requests would
  // create thousands of rows).
  ...Object.fromEntries(
    ["POST /dev/test-api/users", "POST /dev/test-api/licenses", "POST /dev/test-api/orders", "POST /dev/test-api/balance", "POST /dev/test-api/api-keys/bulk", "POST /dev/test-api/licenses/bulk"].map((r) => [
      r,
      { callers: ["anonymous"], body: "any", weight: 0.3, headers: fc.constantFrom<Record<string, string>>({}, { "x-test-token": TEST_API_TOKEN }, { "x-test-token": "wrong" }) } satisfies Partial<Target>,
    ]),
  ),
  "GET /dev/test-api/ledger-check": { callers: ["anonymous"], weight: 0.1 },
  // The Kopeechka door, GET and POST: its API key as token= in the query or the body, Kopeechka's
  // { status, value } answers (or its TEXT lines), unknown methods a 404 in the same shape.
  ...Object.fromEntries(
    KOPEECHKA_METHODS.flatMap((m) =>
      (["GET", "POST"] as const).map((method) => [
        `${method} /compat/kopeechka/${m}`,
        {
          callers: ["anonymous"],
          weight: 0.3,
          query: ["token", "id", "site", "email", "full", "mail_type", "regex", "subject", "popular", "zones", "api", "type"].map((name) => ({ name, schema: str })),
          body: method === "POST" ? "any" : undefined,
          foreignShape: "Kopeechka's protocol: HTTP 200 with { status: OK|ERROR, value } or its TEXT lines",
        } satisfies Partial<Target>,
      ]),
    ),
  ),
  "ALL /compat/kopeechka/*": { method: "GET", callers: ["anonymous"], path: segment.map((s) => `/compat/kopeechka/${encode(s)}`), weight: 0.1, foreignShape: "Kopeechka's protocol: a 404 with { status: ERROR, value: BAD_METHOD }" },
  "GET /metrics": { callers: ["anonymous"], weight: 0.2, headers: fc.oneof(fc.constant({}), oddString.filter(isByteString).map((s) => ({ authorization: `Bearer ${s}` }))) },
  "ALL /metrics": { method: "POST", callers: ["anonymous"], weight: 0.1, body: "any" },
  // The Google stand-in (embedded mode): Google's own shapes, an HTML page or OAuth's { error }.
  ...Object.fromEntries(
    ["GET /google-sim/.well-known/openid-configuration", "GET /google-sim/o/oauth2/v2/auth", "POST /google-sim/o/oauth2/v2/auth", "POST /google-sim/token", "GET /google-sim/oauth2/v3/userinfo", "GET /google-sim/oauth2/v3/certs", "GET /google-sim/avatar/{sub}"].map((r) => [
      r,
      {
        callers: ["anonymous"],
        weight: 0.3,
        body: r.startsWith("POST") ? obj({ client_id: str, redirect_uri: str, response_type: str, scope: str, state: str, code_challenge: str, code_challenge_method: str, email: str, name: str, action: str, code: str, code_verifier: str, grant_type: str, client_secret: str }) : undefined,
        query: r.startsWith("GET /google-sim/o/") ? ["client_id", "redirect_uri", "response_type", "scope", "state", "code_challenge", "code_challenge_method", "nonce", "login_hint"].map((name) => ({ name, schema: str })) : undefined,
        headers: r.includes("userinfo") ? fc.oneof(fc.constant({}), oddString.filter(isByteString).map((s) => ({ authorization: `Bearer ${s}` }))) : undefined,
        path: r.endsWith("{sub}") ? fc.oneof(segment.map(encode), fc.stringMatching(/^\d{21}$/)).map((s) => `/google-sim/avatar/${s}`) : undefined,
        foreignShape: "Google's OAuth 2.0 protocol: HTML pages and { error, error_description }",
      } satisfies Partial<Target>,
    ]),
  ),
};
/** Not fuzzed, and why. */
const SKIPPED: Record<string, string> = {
  "GET /*": "the built web app's files (no JSON, no query parameters read)",
  "ALL /payway-sim/*": "the PayWay simulator (not mounted here; its own tests)",
};
// (GET /api/openapi.json and /api/docs are generated documents: fuzzed lightly, see targets().)

/** encodeURIComponent, after turning lone surrogates (which no URL can carry) into U+FFFD. */
function encode(s: string) {
  return encodeURIComponent(s.replace(/\p{Cs}/gu, "\uFFFD"));
}

function isByteString(s: string) {
  return /^[\x20-\x7e]*$/.test(s);
}

function targets(): Target[] {
  const out: Target[] = [];
  const documented = new Set<string>();
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      documented.add(`${method.toUpperCase()} ${path}`);
      const route = path.replace(/\{([^}]+)\}/g, ":$1");
      const params = op.parameters ?? [];
      const body = op.requestBody?.content?.["application/json"]?.schema;
      const callers: Caller[] = path.startsWith("/api/admin") ? ["superAdmin", "superAdmin", "user", "anonymous"] : path.startsWith("/api/v1/balance") || path.startsWith("/api/v1/otp") ? ["apiKey", "apiKey", "anonymous", "user"] : ["user", "user", "anonymous", "apiKey"];
      const idempotency = params.some((p) => p.in === "header" && p.name === "idempotency-key");
      out.push({
        method: method.toUpperCase(),
        route,
        callers,
        // `wait` holds a request up to 60 s: fuzzed with its edges, not with long valid waits.
        query: params.filter((p) => p.in === "query").map((p) => ({ name: p.name, schema: p.name === "wait" ? ({ enum: [0, 1, -1, 61, "x", "1.5"] } as Schema) : p.schema })),
        body: body ?? (method === "get" ? undefined : "any"),
        headers: idempotency ? fc.option(oddString.filter(isByteString).map((k) => ({ "idempotency-key": k })), { nil: {} }).map((h) => h ?? {}) : undefined,
        // The stream and the generated document cost the most and read no input.
        weight: path === "/api/events" || path === "/api/openapi.json" || path === "/api/docs" ? 0.2 : 1,
      });
    }
  }
  for (const key of registeredRoutes(t.app)) {
    if (documented.has(key) || key in SKIPPED) continue;
    const [method, path] = key.split(" ") as [string, string];
    const hint = HINTS[key] ?? {};
    out.push({ method: method === "ALL" ? "POST" : method, route: path.replace(/\{([^}]+)\}/g, ":$1"), callers: ["anonymous", "user", "apiKey"], body: method === "GET" ? undefined : "any", ...hint });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Requests.

interface FuzzRequest {
  caller: Caller;
  path: string;
  query: string;
  headers: Record<string, string>;
  body?: string;
  contentType?: string;
}

function pathOf(target: Target): fc.Arbitrary<string> {
  if (target.path) return target.path;
  const parts = target.route.split("/");
  const pieces = parts.map((part) => {
    if (!part.startsWith(":")) return fc.constant(part);
    const name = part.slice(1);
    return fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...(CANDIDATES[name] as string[] | undefined ?? CANDIDATES.id as string[])) },
      { weight: 4, arbitrary: oddString.filter((s) => s.length > 0).map(encode) },
      { weight: 1, arbitrary: fc.constantFrom("..", "%2e%2e", "a%2Fb", "%00", "%", "%zz", "%E0%A4%A", "x".repeat(3_000)) },
    );
  });
  return fc.tuple(...pieces).map((p) => p.join("/"));
}

function queryOf(target: Target): fc.Arbitrary<string> {
  const params = target.query ?? [];
  const pair = (k: string, v: unknown) => `${encode(k)}=${encode(asText(v))}`;
  const known = params.map((p) =>
    fc.option(
      fc.oneof(
        { weight: 5, arbitrary: valueOf(p.schema, p.name, resolve).map((v) => pair(p.name, v)) },
        { weight: 1, arbitrary: fc.array(valueOf(p.schema, p.name, resolve), { minLength: 2, maxLength: 3 }).map((vs) => vs.map((v) => pair(p.name, v)).join("&")) },
        { weight: 1, arbitrary: fc.constant(encode(p.name)) },
      ),
      { freq: 3, nil: undefined },
    ),
  );
  const extra = fc.option(fc.array(fc.tuple(oddString, anything).map(([k, v]) => pair(k, v)), { maxLength: 3 }), { freq: 5, nil: [] });
  const raw = fc.constantFrom("&&&", "=", "=x", "a", "%", "%zz", "a=%E0%A4%A", "a[]=1&a[]=2", "a[b]=c", "+=+", "x=1;y=2", "%00=%00", "?=?", "#frag");
  return fc.oneof({ weight: 8, arbitrary: fc.tuple(fc.tuple(...known), extra).map(([k, e]) => [...k.filter((x) => x !== undefined), ...(e ?? [])].join("&")) }, { weight: 1, arbitrary: raw });
}

function bodyOf(target: Target): fc.Arbitrary<{ body?: string; contentType?: string }> {
  if (!target.body) return fc.constant({});
  const schema = target.body === "any" ? undefined : resolve(target.body);
  const kinds: Array<fc.WeightedArbitrary<string>> = [
    { weight: 3, arbitrary: anything.map(toJson) },
    { weight: 2, arbitrary: fc.constantFrom(...MALFORMED) },
    { weight: 1, arbitrary: fc.string({ maxLength: 50 }) },
    // Nested arrays or objects, around and far past the depth limit (32): a 4xx before any parsing.
    {
      weight: 1,
      arbitrary: fc.tuple(fc.integer({ min: 28, max: 6000 }), fc.boolean()).map(([depth, arrays]) =>
        arrays ? `{"email":${"[".repeat(depth)}${"]".repeat(depth)}}` : `${'{"name":'.repeat(depth)}"x"${"}".repeat(depth)}`,
      ),
    },
  ];
  if (schema) kinds.push({ weight: 10, arbitrary: fromSchema(schema, "", resolve, 0).map(toJson) });
  const json = fc.oneof(...kinds);
  const contentType = fc.oneof({ weight: 12, arbitrary: fc.constant("application/json") }, { weight: 4, arbitrary: fc.constantFrom(...CONTENT_TYPES) });
  return fc.oneof(
    { weight: 20, arbitrary: fc.record({ body: json, contentType }) },
    { weight: 2, arbitrary: fc.constant({}) },
    // Past the body limit (256 KiB): 413.
    { weight: 1, arbitrary: fc.constant({ body: `{"a":"${"x".repeat(300_000)}"}`, contentType: "application/json" }) },
  );
}

const ORIGINS = [base, base, base, base, base, "https://evil.example", ""];

function requestOf(target: Target): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      caller: fc.constantFrom(...target.callers),
      path: pathOf(target),
      query: queryOf(target),
      extra: target.headers ?? fc.constant({}),
      body: bodyOf(target),
      origin: fc.constantFrom(...ORIGINS),
      badAuth: fc.option(oddString.filter(isByteString), { freq: 20, nil: undefined }),
    })
    .map(({ caller, path, query, extra, body, origin, badAuth }) => {
      const headers: Record<string, string> = { ...CALLER_HEADERS[caller], ...extra };
      if (origin) headers.origin = origin;
      if (badAuth !== undefined) headers.authorization = `Bearer ${badAuth}`;
      if (body.contentType) headers["content-type"] = body.contentType;
      return { caller, path, query, headers, body: body.body, contentType: body.contentType };
    });
}

let sent = 0;
let ip = 0;
const statuses = new Map<number, number>();

async function send(method: string, req: FuzzRequest) {
  const url = `${base}${req.path}${req.query ? `?${req.query}` : ""}`;
  const headers = new Headers(req.headers);
  // Every request from its own address: the rate limits are not what is being fuzzed.
  headers.set("x-forwarded-for", `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip++ & 255}`);
  const controller = new AbortController();
  const res = await t.app.request(url, { method, headers, body: method === "GET" || method === "HEAD" ? undefined : req.body, signal: controller.signal });
  sent++;
  statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
  let text = "";
  if ((res.headers.get("content-type") ?? "").includes("text/event-stream")) {
    controller.abort();
    await res.body?.cancel().catch(() => {});
  } else text = await res.text();
  return { status: res.status, text, type: res.headers.get("content-type") ?? "" };
}

function check(method: string, req: FuzzRequest, res: { status: number; text: string; type: string }, foreignShape?: string) {
  const shown = Object.fromEntries(Object.entries(req.headers).filter(([k]) => k !== "cookie" && k !== "content-type"));
  const where = `${method} ${req.path}?${req.query} as ${req.caller} ${JSON.stringify(shown)} (${req.contentType ?? "no body"}) ${JSON.stringify(req.body?.slice(0, 200))} → ${res.status} ${res.text.slice(0, 300)}`;
  expect(res.status, where).toBeLessThan(500);
  // The answer is one the OpenAPI document promises for this operation (routes outside it: skipped).
  const streamed = res.type.includes("text/event-stream");
  contract.check({ method, url: req.path, status: res.status, contentType: res.type || null, body: streamed ? undefined : res.text });
  if (res.status < 400 || foreignShape) return;
  let body: { code?: unknown; message?: unknown };
  try {
    body = JSON.parse(res.text) as typeof body;
  } catch {
    throw new Error(`not JSON: ${where}`);
  }
  expect(typeof body.code, where).toBe("string");
  expect(typeof body.message, where).toBe("string");
}

// ---------------------------------------------------------------------------------------------
// The runs.

const TARGETS = targets();
const totalWeight = TARGETS.reduce((sum, x) => sum + (x.weight ?? 1), 0);
const runsOf = (target: Target) => Math.max(20, Math.round((TOTAL * (target.weight ?? 1)) / totalWeight));

describe("fuzzing", () => {
  it("covers every route of the app but the web app's files", () => {
    const fuzzed = new Set(TARGETS.map((x) => `${x.method} ${openApiPath(x.route)}`));
    for (const key of registeredRoutes(t.app)) {
      if (key in SKIPPED) continue;
      const [method, path] = key.split(" ") as [string, string];
      expect(fuzzed.has(key) || (method === "ALL" && [...fuzzed].some((f) => f.endsWith(` ${path}`))), key).toBe(true);
    }
  });

  for (const target of TARGETS) {
    const runs = runsOf(target);
    it(`${target.method} ${target.route} (${runs} requests)`, { timeout: 120_000 }, async () => {
      await fc.assert(
        fc.asyncProperty(requestOf(target), async (req) => {
          const res = await send(target.method, req);
          if (!SURVEY) return check(target.method, req, res, target.foreignShape);
          try {
            check(target.method, req, res, target.foreignShape);
          } catch (err) {
            SURVEY.push((err as Error).message.split("\n")[0]!.slice(0, 400));
          }
        }),
        { numRuns: runs, seed: SEED },
      );
    });
  }

  it("sent at least 10,000 requests, and the app still answers", async () => {
    if (TOTAL >= 10_000) expect(sent).toBeGreaterThanOrEqual(10_000);
    expect((await t.app.request("/healthz")).status).toBe(200);
    expect((await t.app.request("/api/plans")).status).toBe(200);
    const me = await t.app.request(`${base}/api/me`, { headers: { cookie: user.cookie } });
    expect(me.status).toBe(200);
    expect(contract.unchecked(), "documented operations whose answers the contract test never saw").toEqual([]);
    if (SURVEY) console.info(`fuzz survey: ${SURVEY.length} failures\n${[...new Set(SURVEY)].join("\n")}`);
    console.info(`fuzz: ${sent} requests over ${TARGETS.length} endpoints (seed ${SEED}); statuses ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}`);
  });
});

// ---------------------------------------------------------------------------------------------
// What the fuzzer found, pinned down: each of these answered 500 before its fix.

async function answer(method: string, path: string, init: { caller?: Caller; body?: string; type?: string | null } = {}) {
  const headers: Record<string, string> = { ...CALLER_HEADERS[init.caller ?? "anonymous"], origin: base, "x-forwarded-for": `10.201.0.${++ip & 255}` };
  if (init.type !== null) headers["content-type"] = init.type ?? "application/json";
  const res = await t.app.request(`${base}${path}`, { method, headers, body: init.body });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as { code?: string; message?: string } | null };
}

describe("regressions: the 5xx the fuzzer found", () => {
  it("malformed JSON on an OpenAPI route is 400 BAD_REQUEST (Hono's HTTPException was a 500)", async () => {
    for (const body of ["nul", "{", '{"a":1}}']) {
      const res = await answer("POST", "/api/v1/licenses/validate", { body });
      expect(res).toMatchObject({ status: 400, body: { code: "BAD_REQUEST", message: expect.any(String) } });
    }
    expect((await answer("PATCH", "/api/profile", { caller: "user", body: "{" })).status).toBe(400);
  });

  it("a body that is not JSON on an OpenAPI route is 415 UNSUPPORTED_MEDIA_TYPE", async () => {
    for (const type of ["text/plain", "multipart/form-data; boundary=xyz", "application/x-www-form-urlencoded", null]) {
      const res = await answer("POST", "/api/v1/licenses/validate", { body: JSON.stringify({ buyKey: user.licence.buyKey, deviceKey: user.deviceKey }), type });
      expect(res).toMatchObject({ status: 415, body: { code: "UNSUPPORTED_MEDIA_TYPE", message: expect.any(String) } });
    }
    expect((await answer("PATCH", "/api/profile", { caller: "user", body: '{"name":"x"}', type: null })).status).toBe(415);
  });

  it("an OTP order id of 36 hex digits and dashes that is not a UUID is 404, like any unknown id", async () => {
    for (const id of ["------------------------------------", "f2afd3f8cb-3-7c4c-ecccb-7-9-faa3---f"]) {
      for (const action of ["check", "cancel"]) {
        expect((await answer("POST", `/api/otp-mail/orders/${id}/${action}`, { caller: "user", type: null })).body).toMatchObject({ code: "NOT_FOUND" });
        expect((await answer("POST", `/api/v1/otp/orders/${id}/${action}`, { caller: "apiKey", type: null })).body).toMatchObject({ code: "NOT_FOUND" });
      }
    }
  });

  it("a NUL character in text that is stored or searched is 422 (PostgreSQL refused it with a 500)", async () => {
    const nul = (s: string) => `${s.slice(0, 3)}\\u0000${s.slice(3)}`;
    const cases: Array<[string, string, Caller, string?]> = [
      ["GET", "/api/licenses?search=ab%00c", "user"],
      ["GET", "/api/license-history?search=%00", "user"],
      ["GET", "/api/orders?search=%00", "user"],
      ["GET", "/api/admin/users?search=%00", "superAdmin"],
      ["GET", "/api/admin/balances?search=%00", "superAdmin"],
      ["GET", "/api/admin/otp-orders?search=%00", "superAdmin"],
      ["POST", "/api/v1/licenses/validate", "anonymous", JSON.stringify({ buyKey: user.licence.buyKey, deviceKey: user.deviceKey }).replace(user.licence.buyKey, nul(user.licence.buyKey))],
      ["POST", "/api/v1/licenses/validate", "anonymous", JSON.stringify({ buyKey: user.licence.buyKey, deviceKey: user.deviceKey }).replace(user.deviceKey, nul(user.deviceKey))],
      ["POST", "/api/v1/licenses/activate", "anonymous", `{"buyKey":"${nul(victim.licence.buyKey)}","deviceKey":"PC-LDREEL-X"}`],
      ["POST", "/api/v1/licenses/change-key", "anonymous", `{"buyKey":"${user.licence.buyKey}","oldDeviceKey":"${nul(user.deviceKey)}","newDeviceKey":"PC-LDREEL-X\\u0000"}`],
      ["PATCH", `/api/licenses/${user.licence.id}`, "user", '{"name":"a\\u0000b"}'],
      ["POST", `/api/licenses/${user.licence.id}/change-key`, "user", '{"deviceKey":"PC-LDREEL-\\u0000"}'],
      ["PATCH", "/api/profile", "user", '{"name":"a\\u0000b"}'],
      ["POST", "/api/orders/checkout", "user", '{"kind":"plan","planId":"local\\u0000-1m"}'],
      ["POST", "/api/orders/subscription-tool", "anonymous", '{"planId":"local-1m","email":"buyer@example.com","deviceKey":"PC-LDREEL-\\u0000"}'],
      ["POST", "/api/admin/balances/adjust", "superAdmin", `{"apiKeyId":"${holder.apiKeyId}","operation":"add","amountMills":1000,"note":"a\\u0000b"}`],
      ["GET", "/dev/mailbox?to=%00", "anonymous"],
      ["GET", "/dev/mailbox/messages.json?to=a%00b", "anonymous"],
    ];
    for (const [method, path, caller, body] of cases) {
      const res = await answer(method, path, { caller, body, type: body ? undefined : null });
      expect(res, `${method} ${path}`).toMatchObject({ status: 422, body: { code: "VALIDATION_FAILED", message: expect.stringContaining("NUL") } });
    }
  });

  it("better-auth's input is checked first: NUL in a token, a redirect target that is no URL (422); its bodiless 404 gets a code", async () => {
    for (const path of ["/api/auth/magic-link/verify?token=%00abc", "/api/auth/verify-email?token=abc%00", "/api/auth/verify-email?token&callbackURL=null", "/api/auth/reset-password/abc?callbackURL=.w1r'"]) {
      expect(await answer("GET", path, { type: null }), path).toMatchObject({ status: 422, body: { code: "VALIDATION_FAILED" } });
    }
    expect((await answer("POST", "/api/auth/reset-password", { body: '{"token":"a\\u0000b","newPassword":"a new password 1"}' })).status).toBe(422);
    expect((await answer("POST", "/api/auth/sign-in/magic-link", { body: '{"email":"x@example.com","callbackURL":"null"}' })).status).toBe(422);
    // What the web app sends still passes.
    expect((await answer("GET", "/api/auth/verify-email?token=abc&callbackURL=%2Fdashboard", { type: null })).status).toBe(302);
    expect(await answer("POST", "/api/auth/no-such-endpoint", { body: "{}" })).toMatchObject({ status: 404, body: { code: "NOT_FOUND", message: expect.any(String) } });
  });

  it("the spec's check-otp-gmail 404 carries a code and a message besides its own fields", async () => {
    const res = await answer("POST", "/functions/v1/check-otp-gmail", { caller: "user", body: JSON.stringify({ service: "EMAIL_SERVICE_1", gmail: victim.otp.address }) });
    expect(res).toMatchObject({ status: 404, body: { success: false, error: expect.any(String), code: "NOT_FOUND", message: expect.any(String) } });
  });
});

// ---------------------------------------------------------------------------------------------
// Text that is not text (decision 034): a lone UTF-16 surrogate ("\ud800" in JSON, which PostgreSQL
// refuses in text and jsonb) or a control character where one line is meant. Every string field
// of every documented request body and query is tried, one at a time, in an otherwise ordinary
// request: the field itself must be refused (422, an issue at that field), never stored, never a 500.

describe("text that is not text is refused where it is sent (decision 034)", () => {
  type Issue = { path: string; message: string };
  const TEXT_REFUSALS: string[] = Object.values(TEXT_MESSAGES);
  const ask = async (method: string, path: string, caller: Caller, body?: string) => {
    const headers: Record<string, string> = { ...CALLER_HEADERS[caller], origin: base, "x-forwarded-for": `10.202.${(++ip >> 8) & 255}.${ip & 255}` };
    if (body !== undefined) headers["content-type"] = "application/json";
    const res = await t.app.request(`${base}${path}`, { method, headers, body });
    const text = await res.text();
    contract.check({ method, url: path, status: res.status, contentType: res.headers.get("content-type"), body: text });
    const json = (res.headers.get("content-type") ?? "").includes("json") && text;
    return { status: res.status, body: (json ? JSON.parse(text) : null) as { code?: string; message?: string; issues?: Issue[] } | null };
  };
  const callerOf = (path: string): Caller =>
    path.startsWith("/api/admin") ? "superAdmin" : path.startsWith("/api/v1/otp") || path.startsWith("/api/v1/balance") ? "apiKey" : path.startsWith("/api/v1/licenses") ? "anonymous" : "user";
  // Path parameters that find nothing, so that a refusal that did not happen changes nothing either.
  const pathFor = (path: string) =>
    path.replace(/\{([^}]+)\}/g, (_, name: string) => (name === "email" ? encodeURIComponent(victim.email) : name === "token" ? "not-a-token" : "00000000-0000-4000-8000-000000000000"));
  /** An ordinary value of a schema (the first of an enum, a candidate of the field's name). */
  function ordinary(schema: Schema, name: string): unknown {
    const s = resolve(schema);
    if (s.const !== undefined) return s.const;
    if (s.enum) return s.enum[0];
    const known = CANDIDATES[name]?.[0];
    if (known !== undefined && typeof known === (s.type === "integer" ? "number" : s.type)) return known;
    const alternatives = s.anyOf ?? s.oneOf;
    if (alternatives) return ordinary(alternatives[0]!, name);
    const type = Array.isArray(s.type) ? s.type.find((x) => x !== "null") : s.type;
    if (type === "integer" || type === "number") return s.minimum ?? 1;
    if (type === "boolean") return false;
    if (type === "array") return s.items ? [ordinary(s.items, name)] : [];
    if (type === "object") return {};
    return "x".repeat(Math.max(1, s.minLength ?? 1));
  }
  const isFreeString = (schema: Schema) => {
    const s = resolve(schema);
    return (s.type === "string" || (Array.isArray(s.type) && s.type.includes("string"))) && !s.enum && s.const === undefined;
  };
  const BODY_CASES: Array<{ label: string; json: string; messages: string[] }> = [
    { label: "a lone surrogate", json: '"Sokha \\ud800 Sokha"', messages: [TEXT_MESSAGES.unicode] },
    { label: "a lone low surrogate", json: '"\\udfffSokha Sokha"', messages: [TEXT_MESSAGES.unicode] },
    { label: "a control character", json: '"ring the \\u0007 bell"', messages: [TEXT_MESSAGES.control] },
    { label: "an escape sequence", json: '"\\u001b[2Jcleared screen"', messages: [TEXT_MESSAGES.control] },
  ];

  const bodies: Array<{ method: string; path: string; schema: Schema }> = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const schema = op.requestBody?.content?.["application/json"]?.schema;
      if (!schema) continue;
      const resolved = resolve(schema);
      for (const variant of resolved.oneOf ?? resolved.anyOf ?? [resolved]) bodies.push({ method: method.toUpperCase(), path, schema: resolve(variant) });
    }
  }

  it("covers the bodies that carry free text", () => {
    const fields = bodies.flatMap((b) => Object.entries(b.schema.properties ?? {}).filter(([, s]) => isFreeString(s)).map(([name]) => `${b.method} ${b.path} ${name}`));
    for (const field of ["POST /api/admin/orders/{id}/refunds reason", "POST /api/orders/{id}/refund-requests reason", "POST /api/admin/refund-requests/{id}/decline note", "PATCH /api/profile name", "POST /api/admin/webhooks description", "POST /api/admin/licenses/{id}/actions reason", "POST /api/v1/licenses/validate deviceKey"]) {
      expect(fields).toContain(field);
    }
  });

  it("every string field of every documented JSON body: 422 at that field, with the text rule's message", { timeout: 120_000 }, async () => {
    let tried = 0;
    for (const { method, path, schema } of bodies) {
      const properties = Object.entries(schema.properties ?? {});
      const base = Object.fromEntries(properties.map(([name, s]) => [name, ordinary(s, name)]));
      for (const [field, fieldSchema] of properties) {
        if (!isFreeString(fieldSchema)) continue;
        for (const { label, json, messages } of BODY_CASES) {
          const body = toJson({ ...base, [field]: new Raw(json) });
          const res = await ask(method, pathFor(path), callerOf(path), body);
          const where = `${method} ${path} with ${label} in ${field} → ${res.status} ${JSON.stringify(res.body)}`;
          expect(res.status, where).toBe(422);
          const issue = res.body?.issues?.find((i) => i.path === field);
          expect(issue, where).toBeDefined();
          // A field with a format of its own (an id, a URL, a nonce's alphabet) may say so instead.
          if (!resolve(fieldSchema).pattern && !resolve(fieldSchema).format) expect(messages, where).toContain(issue!.message);
          else expect([...TEXT_REFUSALS, issue!.message], where).toContain(issue!.message);
          tried++;
        }
      }
    }
    expect(tried).toBeGreaterThan(80);
  });

  it("every free-text query parameter: a control character is 422 at that parameter; a %-escape that is not UTF-8 is never a 5xx", { timeout: 60_000 }, async () => {
    let tried = 0;
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        for (const param of (op.parameters ?? []).filter((p) => p.in === "query" && p.schema && isFreeString(p.schema) && !resolve(p.schema).format)) {
          for (const [value, message] of [["a%07b", TEXT_MESSAGES.control], ["a%0Ab", TEXT_MESSAGES.lineBreak], ["%00x", TEXT_MESSAGES.nul]] as const) {
            const res = await ask(method.toUpperCase(), `${pathFor(path)}?${param.name}=${value}`, callerOf(path));
            const where = `${method} ${path}?${param.name}=${value} → ${res.status} ${JSON.stringify(res.body)}`;
            expect(res.status, where).toBe(422);
            const issue = res.body?.issues?.find((i) => i.path === param.name);
            expect(issue, where).toBeDefined();
            // A parameter with a format of its own (a time zone's alphabet, an id) may say so instead.
            if (!resolve(param.schema!).pattern) expect(issue!.message, where).toBe(message);
            tried++;
          }
          // Hono leaves a %-escape that does not decode as it was written: those characters are searched for.
          const res = await ask(method.toUpperCase(), `${pathFor(path)}?${param.name}=%ED%A0%80`, callerOf(path));
          expect(res.status, `${method} ${path}?${param.name}=%ED%A0%80`).toBeLessThan(500);
        }
      }
    }
    expect(tried).toBeGreaterThan(20);
  });

  it("a customer's e-mail in the admin's path, and better-auth's bodies behind our edge, refuse it too", async () => {
    expect((await ask("GET", `/api/admin/customers/${encodeURIComponent(`a\u0007${victim.email}`)}`, "superAdmin")).status).toBe(422);
    expect((await ask("GET", "/api/admin/customers/a%ED%A0%80%40example.com", "superAdmin")).status).toBeLessThan(500);
    // The spec's functions: an address is an address (ASCII), so a broken or control character is refused.
    for (const gmail of ["a\\ud800@gmail.com", "a\\u0007b@gmail.com"]) {
      const res = await t.app.request(`${base}/functions/v1/check-otp-gmail`, { method: "POST", headers: { ...CALLER_HEADERS.user, origin: base, "content-type": "application/json" }, body: `{"service":"EMAIL_SERVICE_1","gmail":"${gmail}"}` });
      expect(res.status, gmail).toBe(422);
    }
    const auth = (endpoint: string, json: string) => t.app.request(`${base}/api/auth/${endpoint}`, { method: "POST", headers: { "content-type": "application/json", origin: base, "x-forwarded-for": `10.203.0.${++ip & 255}` }, body: json });
    for (const [endpoint, json] of [
      ["sign-up/email", `{"email":"new-${ip}@example.com","password":"a long password 1","name":"\\ud800"}`],
      ["sign-up/email", `{"email":"new-${ip}@example.com","password":"a long password 1","name":"ring\\u0007"}`],
      ["sign-up/email", `{"email":"new-${ip}@example.com","password":"a long \\udc00 password","name":"Sokha"}`],
      ["sign-in/email", `{"email":"${user.email}\\ud800","password":"${PASSWORD}"}`],
      ["sign-in/magic-link", `{"email":"x@example.com","name":"a\\nb"}`],
      ["request-password-reset", `{"email":"x@example.com","redirectTo":"/reset\\u0007"}`],
    ]) {
      const res = await auth(endpoint!, json!);
      const body = (await res.json()) as { code?: string; message?: string };
      expect({ endpoint, status: res.status, code: body.code }, json).toEqual({ endpoint, status: 422, code: "VALIDATION_FAILED" });
      expect(TEXT_REFUSALS.some((m) => body.message?.includes(m)), `${json} → ${body.message}`).toBe(true);
    }
  });
});
