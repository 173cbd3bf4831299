// Our edge in front of better-auth (/api/auth/*). Before better-auth sees a request:
//   - only the endpoints the shop uses are reachable (anything else: 404), so no better-auth
//     endpoint can write a field behind the shop's rules (update-user with a 250,000-character
//     name or a javascript: image was one);
//   - each endpoint's body is checked with a strict schema (unknown fields refused, the shop's own
//     field rules: the name as on Profile, redirect targets) and forwarded as the parsed JSON;
//   - the body is read once, as text, and checked for nesting depth before anything parses it;
//     the original request is never cloned (a rejected body left its unread clone in memory);
//   - text is valid Unicode without NUL everywhere, and one line without control characters except in
//     passwords and tokens (contracts/text.ts, decision 034).
// Its refusals leave with the { code, message } body every other refusal has (withErrorShape).
import type { Context } from "hono";
import { z } from "zod";
import { UpdateProfileBodySchema } from "../../contracts/account";
import { singleLineText, textProblem, validText } from "../../contracts/text";
import { codeForStatus } from "../../contracts/errors";
import { AppError, errorBody, validationError } from "../lib/errors";
import { jsonTooDeep, tooDeepError } from "../lib/json-depth";
import { PASSKEY_BODIES, PASSKEY_CHANGES, PASSKEY_GET_PATHS } from "./passkeys";

/** Passwords and one-time tokens: valid Unicode, no NUL, taken as they are. */
const Text = validText();
/** Addresses, codes, redirect targets, query values: one line of valid Unicode, not trimmed. */
const Line = singleLineText(undefined, { trim: false });

const isRedirectTarget = (value: string) =>
  value === "" || (value.startsWith("/") && !value.startsWith("//") && !value.startsWith("/\\")) || (/^https?:\/\//i.test(value) && URL.canParse(value));
const RedirectTarget = Line.max(2048).refine(isRedirectTarget, "Must be a path on this site or an http(s) URL");
const REDIRECT_FIELDS = { callbackURL: RedirectTarget, errorCallbackURL: RedirectTarget, newUserCallbackURL: RedirectTarget, redirectTo: RedirectTarget };

export const AuthQuerySchema = z.object(REDIRECT_FIELDS).partial().catchall(Line.max(4096));

// better-auth checks formats itself (its own messages reach the forms); here: type, size, text.
const Email = Line.max(254);
const Password = Text.max(256);
const Name = UpdateProfileBodySchema.shape.name;
const Code = Line.max(64);
const optional = { callbackURL: RedirectTarget.optional() };

/** The endpoints the shop uses, each with its body (null: no body read). GETs have their query checked. */
const POST_BODIES: Record<string, z.ZodType | null> = {
  "/sign-up/email": z.strictObject({ email: Email, password: Password, name: Name, rememberMe: z.boolean().optional(), ...optional }),
  "/sign-in/email": z.strictObject({ email: Email, password: Password, rememberMe: z.boolean().optional(), ...optional }),
  "/sign-in/magic-link": z.strictObject({ email: Email, name: Name.optional(), ...optional, newUserCallbackURL: RedirectTarget.optional(), errorCallbackURL: RedirectTarget.optional() }),
  "/email-otp/send-verification-otp": z.strictObject({ email: Email, type: z.enum(["sign-in", "email-verification", "forget-password"]) }),
  "/sign-in/email-otp": z.strictObject({ email: Email, otp: Code }),
  "/request-password-reset": z.strictObject({ email: Email, redirectTo: RedirectTarget.optional() }),
  "/reset-password": z.strictObject({ newPassword: Password, token: Text.max(512).optional() }),
  "/send-verification-email": z.strictObject({ email: Email, ...optional }),
  "/update-user": z.strictObject({ name: Name }),
  "/sign-out": z.strictObject({}).optional(),
  // Two-factor authentication (decision 018): enrol, leave, and the second step of a sign-in.
  "/two-factor/enable": z.strictObject({ password: Password }),
  "/two-factor/disable": z.strictObject({ password: Password }),
  "/two-factor/generate-backup-codes": z.strictObject({ password: Password }),
  // No trustDevice: a device trusted to skip the second factor would make sessions that never passed it.
  "/two-factor/verify-totp": z.strictObject({ code: Code }),
  "/two-factor/verify-backup-code": z.strictObject({ code: Code }),
  "/sign-in/social": z.strictObject({
    provider: z.literal("google"),
    ...optional,
    errorCallbackURL: RedirectTarget.optional(),
    newUserCallbackURL: RedirectTarget.optional(),
    disableRedirect: z.boolean().optional(),
  }),
  // Passkeys (decision 038): sign in, add, rename, remove; never `createSession` on registration.
  ...PASSKEY_BODIES,
};
/**
 * The endpoints that change what guards an account, or what it shows: a session of an account
 * with a second factor may use them only once it has passed it (decision 037 lists every
 * better-auth endpoint and why it is open, a second step, or needs a passed second factor).
 */
export const NEEDS_PASSED_SECOND_FACTOR = new Set(["/two-factor/enable", "/two-factor/disable", "/two-factor/generate-backup-codes", "/update-user", ...PASSKEY_CHANGES]);

const GET_PATHS = [/^\/get-session$/, /^\/verify-email$/, /^\/magic-link\/verify$/, /^\/reset-password\/[^/]+$/, /^\/callback\/google$/, /^\/error$/, /^\/ok$/, ...PASSKEY_GET_PATHS];

const notFound = () => new AppError("NOT_FOUND", "Not found");

function parseBody(text: string, contentType: string): unknown {
  if (!text) return undefined;
  if (contentType.includes("application/x-www-form-urlencoded")) return Object.fromEntries(new URLSearchParams(text));
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("BAD_REQUEST", "Malformed JSON body.");
  }
}

/**
 * The request better-auth gets: checked, with the body as validated JSON and the client address
 * our edge decided (`ipHeader`), or a 4xx thrown. `endpoint` is the path after /api/auth.
 */
export async function authRequest(c: Context, { ipHeader, clientIp }: { ipHeader: string; clientIp: string }): Promise<{ request: Request; endpoint: string; body: Record<string, unknown> | undefined }> {
  let endpoint: string;
  try {
    endpoint = decodeURIComponent(c.req.path).replace(/^\/api\/auth/, "");
  } catch {
    throw notFound();
  }
  if (textProblem(endpoint, "single-line")) throw notFound();
  const query = AuthQuerySchema.safeParse(c.req.query());
  if (!query.success) throw validationError(query.error);

  const headers = new Headers(c.req.raw.headers);
  headers.set(ipHeader, clientIp);
  headers.delete("content-length");
  if (c.req.method === "GET") {
    if (!GET_PATHS.some((p) => p.test(endpoint))) throw notFound();
    return { request: new Request(c.req.url, { method: "GET", headers }), endpoint, body: undefined };
  }

  if (!(endpoint in POST_BODIES)) throw notFound();
  // Read once (Hono keeps the text); nothing is cloned and left unread.
  const text = await c.req.text();
  const contentType = (c.req.header("content-type") ?? "").toLowerCase();
  if (jsonTooDeep(text)) throw tooDeepError();
  const schema = POST_BODIES[endpoint]!;
  const parsed = schema.safeParse(parseBody(text, contentType));
  if (!parsed.success) throw validationError(parsed.error);
  const body = parsed.data as Record<string, unknown> | undefined;
  headers.set("content-type", "application/json");
  return { request: new Request(c.req.url, { method: "POST", headers, body: body === undefined ? undefined : JSON.stringify(body) }), endpoint, body };
}

/**
 * better-auth answers some refusals without a body (an unknown path) or without a code (its rate
 * limit): those get the { code, message } shape; an origin refusal gets a message that says where
 * the shop is. Anything else is passed through as it was.
 */
export async function withErrorShape(res: Response, { originRefused }: { originRefused?: () => string } = {}): Promise<Response> {
  if (res.status < 400 || res.status >= 500) return res;
  const text = await res.text();
  type Body = { code?: unknown; message?: unknown } | null;
  let body: Body;
  try {
    body = text ? (JSON.parse(text) as Body) : null;
  } catch {
    body = null;
  }
  const headers = new Headers(res.headers);
  headers.delete("content-length");
  // better-auth's "Invalid origin" says nothing a person can act on: say where the shop is.
  if (res.status === 403 && originRefused && (body?.code === "INVALID_ORIGIN" || body?.code === "MISSING_OR_NULL_ORIGIN")) {
    headers.set("content-type", "application/json; charset=utf-8");
    return new Response(JSON.stringify(errorBody("INVALID_ORIGIN", originRefused())), { status: 403, headers });
  }
  if (body && typeof body.code === "string" && typeof body.message === "string") return new Response(text, { status: res.status, headers });
  const code = codeForStatus(res.status);
  const message = typeof body?.message === "string" && body.message ? body.message : res.status === 404 ? "Not found" : "Request refused";
  headers.set("content-type", "application/json; charset=utf-8");
  return new Response(JSON.stringify({ code, message }), { status: res.status, headers });
}

/** better-auth's own HTML pages (its error page: inline styles, no script) get a policy too. */
export const AUTH_PAGE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export function withPagePolicy(res: Response): Response {
  if (!(res.headers.get("content-type") ?? "").startsWith("text/html")) return res;
  const headers = new Headers(res.headers);
  headers.set("Content-Security-Policy", AUTH_PAGE_POLICY);
  headers.set("X-Frame-Options", "DENY");
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
}
