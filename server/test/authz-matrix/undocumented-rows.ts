// The authorization matrix's rows for the routes outside the OpenAPI document (better-auth, PayWay's
// callback and return URLs, the spec's functions, Kopeechka's door, the dev and test-only routes,
// the web app), each with why it is there and what every caller gets.
import { expect } from "vitest";
import { KOPEECHKA_METHODS } from "../../features/otp-mail/kopeechka-routes";
import { alice, type Caller, CALLERS } from "./world";
import { everyone, ownRow, type Row, signedIn } from "./expectations";

let wrongSignIns = 0;

export interface Undocumented {
  why: string;
  /** Mounted only in some configurations (all of which this test's app has, unless `absent`). */
  when?: string;
  /** Not mounted in this test's app: listed so that it is known, covered by its own tests. */
  absent?: true;
  probes: Array<Row | (Omit<Row, "expect"> & { expect: "same for every caller" })>;
}

/** Routes outside the OpenAPI document, each with what every caller gets. */
export const UNDOCUMENTED: Record<string, Undocumented> = {
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
          codes: { anonymous: "UNAUTHORIZED", apiKey: "UNAUTHORIZED", apiKeyOther: "UNAUTHORIZED", user: noFactor, otherUser: noFactor, adminNo2fa: noFactor, reseller: noFactor, admin: "INVALID_PASSWORD", superAdmin: "INVALID_PASSWORD", adminPending: "SECOND_FACTOR_REQUIRED" },
        };
      }),
      { url: () => "/api/auth/update-user", json: () => ({ name: "Matrix" }), expect: { ...signedIn(200), adminPending: 403 }, codes: { anonymous: "UNAUTHORIZED", apiKey: "UNAUTHORIZED", apiKeyOther: "UNAUTHORIZED" } },
      // The second step itself is open to such a session (that is how it passes); a wrong code is refused alike.
      {
        url: () => "/api/auth/two-factor/verify-backup-code",
        json: () => ({ code: "WRONG-CODE" }),
        expect: { ...signedIn(401, { user: 400, otherUser: 400, adminNo2fa: 400, adminPending: 401, reseller: 400 }), anonymous: 401 },
        codes: {
          ...Object.fromEntries(CALLERS.map((c) => [c, "INVALID_TWO_FACTOR_COOKIE"])),
          user: "BACKUP_CODES_NOT_ENABLED",
          otherUser: "BACKUP_CODES_NOT_ENABLED",
          adminNo2fa: "BACKUP_CODES_NOT_ENABLED",
          reseller: "BACKUP_CODES_NOT_ENABLED",
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
