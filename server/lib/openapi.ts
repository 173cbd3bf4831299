// The pieces every route declaration shares (docs/decisions/021-openapi-document.md): JSON
// answers and bodies, the security requirements, and the error answers. Each route lists the
// statuses it can really send, no more: the contract test (server/test/contract.ts) fails on a
// status a route sends that its declaration lacks.
import { z } from "@hono/zod-openapi";
import { ErrorBodySchema } from "../../contracts/errors";

/** The session cookie better-auth sets (`__Secure-` prefixed over https). */
export const SESSION_COOKIE_NAME = "keyshop.session_token";

/** The document's security schemes, registered once by app.ts. */
export const SECURITY_SCHEMES = {
  session: {
    type: "apiKey",
    in: "cookie",
    name: SESSION_COOKIE_NAME,
    description:
      "The shop's session: the cookie better-auth sets at sign-in (`__Secure-keyshop.session_token` when the shop runs over https). State changes must come from the shop's own pages (Origin).",
  },
  apiKey: {
    type: "http",
    scheme: "bearer",
    description: "Your API key (Profile → API key), sent as `Authorization: Bearer <key>`; the scheme name is case-insensitive. Never in a query string.",
  },
} as const;

/** Security requirements of an operation: no credential, the session cookie, or an API key. */
export const ANONYMOUS: Array<Record<string, string[]>> = [];
export const SESSION = [{ session: [] as string[] }];
export const API_KEY = [{ apiKey: [] as string[] }];

/** A JSON answer. */
export const json = <T extends z.ZodTypeAny>(schema: T, description: string) => ({ description, content: { "application/json": { schema } } });

/** A required JSON request body. */
export const jsonBody = <T extends z.ZodTypeAny>(schema: T) => ({ body: { content: { "application/json": { schema } }, required: true } });

export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 415 | 422 | 426 | 429 | 502 | 503;

/** What each error status means when a route says nothing more specific. */
const DEFAULT_DESCRIPTIONS: Record<ErrorStatus, string> = {
  400: "BAD_REQUEST: the body is not JSON, or nests deeper than 32 levels",
  401: "UNAUTHENTICATED: not signed in",
  402: "INSUFFICIENT_FUNDS: the balance does not cover the price",
  403: "SECOND_FACTOR_REQUIRED: the account has two-factor authentication and this session has not passed it",
  404: "NOT_FOUND",
  409: "CONFLICT: not possible in the current state",
  413: "PAYLOAD_TOO_LARGE: the body is over 256 KiB",
  415: "UNSUPPORTED_MEDIA_TYPE: the body is not sent as application/json",
  422: "VALIDATION_FAILED: a parameter or field breaks its rule; `issues` names each",
  426: "UPGRADE_REQUIRED",
  429: "RATE_LIMITED: too many requests; see Retry-After",
  502: "REFUND_OUTCOME_UNKNOWN: the payment provider did not answer",
  503: "UNAVAILABLE",
};

/** Every POST/PATCH under /api: the body limit and the JSON depth check run before the route. */
export const ANY_BODY = [400, 413] as const satisfies readonly ErrorStatus[];
/** A route that reads a JSON body: besides ANY_BODY, a body of another type and a field that breaks its rule. */
export const JSON_BODY = [400, 413, 415, 422] as const satisfies readonly ErrorStatus[];
/** A session route that changes state: INVALID_ORIGIN besides the second factor. */
/** Super-admin routes (the catalogue, webhooks): their 403s, and the errors helper that names them. */
export const SUPER_ADMIN_403 = "FORBIDDEN: not a super-admin; SECOND_FACTOR_REQUIRED: an admin whose session has not passed its second factor";
export const SUPER_ADMIN_CHANGE_403 = `${SUPER_ADMIN_403}; INVALID_ORIGIN: the request carries the session cookie but comes from another site`;
export const superAdminErrors = (statuses: ErrorStatus[], descriptions: Partial<Record<ErrorStatus, string>> = {}) =>
  errorResponses([401, 403, ...statuses], { 403: SUPER_ADMIN_403, ...descriptions });
export const FORBIDDEN_STATE_CHANGE =
  "SECOND_FACTOR_REQUIRED: the account has two-factor authentication and this session has not passed it; INVALID_ORIGIN: the request carries the session cookie but comes from another site";

/** Every error answer's body, one component of the document. */
// Made here with the OpenAPI-aware zod: schemas built before @hono/zod-openapi is first imported
// (contracts/ may be loaded earlier) have no .openapi() (zod 4 adds it per instance).
const ErrorBody = z.object(ErrorBodySchema.shape).openapi("ErrorBody");
type ErrorResponse = { description: string; content: { "application/json": { schema: typeof ErrorBody } } };

/**
 * The error answers of a route, `{ code, message, issues? }` each: the statuses it can send, with
 * the default meaning of each unless `descriptions` says more.
 */
export function errorResponses<S extends ErrorStatus>(statuses: readonly S[], descriptions: Partial<Record<ErrorStatus, string>> = {}): Record<S, ErrorResponse> {
  const out = {} as Record<S, ErrorResponse>;
  for (const status of [...new Set(statuses)].sort((a, b) => a - b)) {
    out[status] = { description: descriptions[status] ?? DEFAULT_DESCRIPTIONS[status], content: { "application/json": { schema: ErrorBody } } };
  }
  return out;
}

/** The tags operations are grouped by, each described once. */
export const TAGS = {
  account: "The signed-in user: who they are, profile, API key, balance, live account events",
  catalogue: "Licence plans and their prices",
  licences: "The signed-in user's licences and the history of their device keys",
  orders: "Checkouts through the payment provider (ABA PayWay), the transactions history and payment receipts",
  otpMail: "OTP mail orders from the dashboard: disposable addresses that receive one-time codes",
  publicApi: "The public API for API-key holders (`Authorization: Bearer <key>`): balance and OTP mail orders",
  desktopTool: "The desktop tool's licence protocol (docs/licence-api.md): every outcome is a signed answer",
  admin: "The admin console (admin role and a second factor; super-admin where marked)",
  reseller: "A reseller's bulk orders (decision 080): volume-tier prices, one payment for many licences, their buy keys and assigning each to a customer",
  webhooks: "Outgoing webhooks (endpoints, signing secrets, the delivery log) and the seller's Telegram notifications: super-admin (docs/webhooks.md)",
} as const;
export const TAG_NAMES: Record<keyof typeof TAGS, string> = {
  account: "account",
  catalogue: "catalogue",
  licences: "licences",
  orders: "orders",
  otpMail: "otp mail",
  publicApi: "public API",
  desktopTool: "desktop tool",
  admin: "admin",
  webhooks: "webhooks",
  reseller: "reseller",
};

const API_DESCRIPTION = `The shop's HTTP API: the web app's own calls (session cookie), the public API for API-key holders
(\`Authorization: Bearer <key>\`) and the desktop tool's licence protocol.

Every error is JSON \`{ code, message, issues? }\` with a 4xx status; clients branch on \`code\`. A
422 names each field that broke its rule in \`issues\`. Text must be valid Unicode (no lone UTF-16
surrogate) without the NUL character; names, search terms, keys and addresses are one line without
control characters, reasons and notes may hold line breaks and tabs (422). Bodies are JSON (\`Content-Type: application/json\`), 256 KiB and 32 levels of
nesting at most. Rate-limited operations send \`RateLimit-*\` headers, and \`Retry-After\` with a 429.
Money is in integer mills (1/1000 of a dollar).`;

/** The document's own fields (doc31's configuration): who serves it, where, under what terms. */
export function documentFields(baseUrl: string, site: { brandName: string; supportEmail: string }) {
  return {
    openapi: "3.1.0",
    info: {
      title: `${site.brandName} API`,
      version: "1.0.0",
      description: API_DESCRIPTION,
      contact: { name: `${site.brandName} support`, email: site.supportEmail },
      license: { name: "Proprietary: the shop's terms of service", url: `${baseUrl}/terms-of-service` },
    },
    servers: [{ url: baseUrl, description: "This shop (BASE_URL)" }],
    tags: (Object.keys(TAGS) as Array<keyof typeof TAGS>).map((key) => ({ name: TAG_NAMES[key], description: TAGS[key] })),
  };
}
