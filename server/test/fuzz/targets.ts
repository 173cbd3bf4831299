// The endpoints the fuzz test sends to: every operation of the OpenAPI document, and every other
// route of Hono's table with a hint of its callers, query and body (a route without one gets anything).
import fc from "fast-check";
import { TELEGRAM_SIMULATOR_TOKEN } from "../../config";
import { registeredRoutes } from "../authz";
import { KOPEECHKA_METHODS } from "../../features/otp-mail/kopeechka-routes";
import { doc, t, TEST_API_TOKEN, type Caller } from "./context";
import { CANDIDATES, encode, isByteString, oddString, type Schema } from "./values";

export interface Target {
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
export const SKIPPED: Record<string, string> = {
  "GET /*": "the built web app's files (no JSON, no query parameters read)",
  "ALL /payway-sim/*": "the PayWay simulator (not mounted here; its own tests)",
};
// (GET /api/openapi.json and /api/docs are generated documents: fuzzed lightly, see targets().)
export function targets(): Target[] {
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
