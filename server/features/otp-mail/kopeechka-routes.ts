// A Kopeechka-compatible door under /compat/kopeechka/ for bots that already speak Kopeechka
// (docs/decisions/029-otp-market.md, /work/shared/providers/otp-mail-market.md). Kopeechka's wire
// format, not ours: GET with the API key as `token=` in the query (accepted on these paths only;
// the request logger logs the path, never the query), always HTTP 200 with `{status:"OK", …}` or
// `{status:"ERROR", value:"<NAME>"}`. A plain Hono app, outside the OpenAPI document: its shapes are
// Kopeechka's. Backed by the same services, ledger and per-account rate limit as /api/v1/otp.
import { and, desc, eq, sql } from "drizzle-orm";
import { Hono, type Context } from "hono";
import { formatMillsForCsv } from "../../../contracts/money";
import { OTP_SERVICE_CATALOGUE, type OtpServiceId } from "../../../contracts/otp-services";
import { textProblem } from "../../../contracts/text";
import { findApiKeyOwner } from "../../auth/api-key";
import type { AppEnv } from "../../auth/context";
import { apiKeys, otpMailOrders } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { limitOtp, type OtpLimit } from "./routes";
import { readOrderMessages } from "./messages";
import { buyOtpMail, cancelOtpMail, checkOtpMail, reorderOtpMail, type OtpMailDeps } from "./service";

/** Kopeechka's error names for our refusals. */
const ERROR_NAMES: Record<string, string> = {
  UNAUTHENTICATED: "BAD_TOKEN",
  API_KEY_NOT_FOUND: "BAD_TOKEN",
  INSUFFICIENT_FUNDS: "BAD_BALANCE",
  OUT_OF_STOCK: "OUT_OF_STOCK",
  NOT_FOUND: "NO_ACTIVATION",
  NOT_PENDING: "ACTIVATION_CANCELED",
  // Kopeechka has no name for "a letter came, so no cancel": its own cancel then just ends the activation.
  ORDER_HAS_CODE: "ACTIVATION_HAS_LETTER",
  RATE_LIMITED: "TIME_LIMIT_EXCEED",
  VALIDATION_FAILED: "BAD_SITE",
  SUPPLIER_FAILED: "SYSTEM_ERROR",
};

export const KOPEECHKA_METHODS = ["mailbox-get-email", "mailbox-get-message", "mailbox-cancel", "mailbox-reorder", "mailbox-get-domains", "user-balance"] as const;

/** `facebook.com`, `www.facebook.com`, `facebook` → facebook; undefined for a site we do not serve. */
export function serviceForSite(site: string | undefined): OtpServiceId | undefined {
  const s = (site ?? "").trim().toLowerCase().replace(/^www\./, "");
  if (!s) return undefined;
  return OTP_SERVICE_CATALOGUE.find((e) => e.id === s || e.upstream.site === s || s.endsWith(`.${e.upstream.site}`))?.id;
}

const ok = (c: Context, body: Record<string, unknown> = {}) => c.json({ status: "OK", ...body }, 200);
const error = (c: Context, value: string) => c.json({ status: "ERROR", value }, 200);

type Caller = { userId: string; apiKeyId: string };

/**
 * The query values the door reads, and the name Kopeechka gives a bad one. A value that is not one
 * line of text (NUL, a control character, a %-escape that is not UTF-8 and so stays undecoded) is
 * refused before anything looks it up (decision 034).
 */
const PARAM_ERRORS: Record<string, string> = { site: "BAD_SITE", email: "BAD_EMAIL", id: "NO_ACTIVATION" };
/** What Hono leaves of a %-escape that does not decode (a lone surrogate's bytes, %ED%A0%80). */
const UNDECODED = /%[0-9A-Fa-f]{2}/;
const badText = (value: string) => textProblem(value, "single-line") !== null || UNDECODED.test(value);

export function createKopeechkaRoutes(deps: OtpMailDeps & { limit: OtpLimit; domain: string }) {
  const app = new Hono<AppEnv>();

  /** Token, rate limit, then the method; every refusal in Kopeechka's shape. */
  const method = (name: (typeof KOPEECHKA_METHODS)[number], handler: (c: Context<AppEnv>, caller: Caller) => Promise<Response>) =>
    app.get(`/${name}`, async (c) => {
      try {
        const token = c.req.query("token") ?? "";
        const owner = badText(token) ? null : await findApiKeyOwner(deps.db, token);
        if (!owner) return error(c, "BAD_TOKEN");
        limitOtp(c, deps.limit, owner.id);
        for (const [param, name] of Object.entries(PARAM_ERRORS)) {
          const value = c.req.query(param);
          if (value !== undefined && badText(value)) return error(c, name);
        }
        return await handler(c, { userId: owner.id, apiKeyId: owner.apiKeyId });
      } catch (err) {
        if (err instanceof AppError) return error(c, ERROR_NAMES[err.code] ?? "SYSTEM_ERROR");
        throw err;
      }
    });

  method("mailbox-get-email", async (c, caller) => {
    const service = serviceForSite(c.req.query("site"));
    if (!service) return error(c, "BAD_SITE");
    const { order } = await buyOtpMail(deps, { ...caller, service });
    return ok(c, { id: order.id, mail: order.address });
  });

  method("mailbox-get-message", async (c, caller) => {
    const id = c.req.query("id") ?? "";
    const order = await checkOtpMail(deps, { userId: caller.userId, id });
    if (order.latestCode) {
      if (c.req.query("full") !== "1") return ok(c, { value: order.latestCode });
      const latest = (await readOrderMessages(deps.db, order.id)).at(-1);
      return ok(c, { value: order.latestCode, fullmessage: latest ? (latest.html ?? latest.text) : "" });
    }
    if (order.status === "failed") return error(c, "ACTIVATION_CANCELED");
    return error(c, "WAIT_LINK");
  });

  method("mailbox-cancel", async (c, caller) => {
    await cancelOtpMail(deps, { userId: caller.userId, id: c.req.query("id") ?? "" });
    return ok(c);
  });

  method("mailbox-reorder", async (c, caller) => {
    const service = serviceForSite(c.req.query("site"));
    if (!service) return error(c, "BAD_SITE");
    const email = (c.req.query("email") ?? "").trim().toLowerCase();
    if (!email) return error(c, "BAD_EMAIL");
    const [first] = await deps.db
      .select({ id: otpMailOrders.id })
      .from(otpMailOrders)
      .where(and(eq(otpMailOrders.userId, caller.userId), eq(sql`lower(${otpMailOrders.address})`, email), eq(otpMailOrders.service, service)))
      .orderBy(desc(otpMailOrders.createdAt))
      .limit(1);
    if (!first) return error(c, "ACTIVATION_NOT_FOUND");
    const { order } = await reorderOtpMail(deps, { ...caller, id: first.id });
    return ok(c, { id: order.id, mail: order.address });
  });

  method("mailbox-get-domains", async (c) => {
    const site = c.req.query("site");
    if (site !== undefined && site !== "" && !serviceForSite(site)) return error(c, "BAD_SITE");
    const domains = deps.supplier.freeToAcquire ? [deps.domain] : [];
    return ok(c, { count: domains.length, domains });
  });

  method("user-balance", async (c, caller) => {
    const [key] = await deps.db.select({ balanceMills: apiKeys.balanceMills }).from(apiKeys).where(eq(apiKeys.id, caller.apiKeyId));
    // Kopeechka's balance is a number: the exact dollars as a decimal (from integer mills, no float arithmetic).
    return ok(c, { balance: Number(formatMillsForCsv(key?.balanceMills ?? 0)) });
  });

  return app;
}
