// A Kopeechka-compatible door under /compat/kopeechka/ for bots that already speak Kopeechka
// (docs/decisions/029-otp-market.md, 056-kopeechka-as-its-clients-speak-it.md). Kopeechka's wire
// format, not ours (kopeechka-wire.ts): GET or POST with the API key as `token=` (accepted on these
// paths only; the request logger logs the path, never the query), always HTTP 200 with
// `{status:"OK", …}` / `{status:"ERROR", value}` or their `type=TEXT` lines, every refusal included.
// A plain Hono app, outside the OpenAPI document. Backed by the same services, ledger and
// per-account rate limit as /api/v1/otp; checked against the npm and Python Kopeechka clients.
import { and, desc, eq, sql } from "drizzle-orm";
import { Hono, type Context } from "hono";
import { formatMoney } from "../../../contracts/money";
import type { OtpMessage } from "../../../contracts/otp-mail";
import { OTP_SERVICE_CATALOGUE, type OtpServiceId } from "../../../contracts/otp-services";
import { findApiKeyOwner } from "../../auth/api-key";
import type { AppEnv } from "../../auth/context";
import { apiKeys, otpMailOrders } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { limitBody } from "../../lib/http-middleware";
import type { Logger } from "../../lib/logger";
import { extractCodes, FACEBOOK, senderAllowed, siteProfile } from "./extract";
import { fullMessage, readKopeechkaFilter, regexAnswer, saveKopeechkaFilter, settleDelivered, subjectHolds } from "./kopeechka-letter";
import { badText, ERROR_NAMES, errorReply, KOPEECHKA_BODY_LIMIT, okReply, PARAM_ERRORS, readParams, wantsText, writeReply, type KopeechkaReply } from "./kopeechka-wire";
import { readOrderMessages } from "./messages";
import { limitOtp, type OtpLimit } from "./routes";
import { cancelOtpMail, checkOtpMail, serviceSettings, type OtpMailDeps } from "./service";
import { buyOtpMail, reorderOtpMail } from "./buy";

export const KOPEECHKA_METHODS = [
  "mailbox-get-email",
  "mailbox-get-message",
  "mailbox-cancel",
  "mailbox-reorder",
  "mailbox-get-fresh-id",
  "mailbox-get-domains",
  "mailbox-zones",
  "user-balance",
] as const;

/** `facebook.com`, `www.facebook.com`, `facebook` → facebook; undefined for a site we do not serve. */
export function serviceForSite(site: string | undefined): OtpServiceId | undefined {
  const s = (site ?? "").trim().toLowerCase().replace(/^www\./, "");
  if (!s) return undefined;
  return OTP_SERVICE_CATALOGUE.find((e) => e.id === s || e.upstream.site === s || s.endsWith(`.${e.upstream.site}`))?.id;
}

type Caller = { userId: string; apiKeyId: string };
type Params = Record<string, string>;
/** Kopeechka's money is a number of dollars: the exact decimal of integer mills (no float arithmetic). */
const dollars = (mills: number) => Number(formatMoney(mills, { plain: true }));

export function createKopeechkaRoutes(deps: OtpMailDeps & { limit: OtpLimit; domain: string; logger?: Logger }) {
  const app = new Hono<AppEnv>();
  // A POST body larger than any Kopeechka request is refused in Kopeechka's shape (onError below).
  app.use("*", limitBody(KOPEECHKA_BODY_LIMIT));

  /** Token, rate limit, then the method, for GET and POST alike; every refusal in Kopeechka's shape. */
  const method = (name: (typeof KOPEECHKA_METHODS)[number], handler: (p: Params, caller: Caller) => Promise<KopeechkaReply>) =>
    app.on(["GET", "POST"], `/${name}`, async (c) => {
      const params = await readParams(c);
      const asText = wantsText(params);
      try {
        const token = params.token ?? "";
        const owner = badText(token) ? null : await findApiKeyOwner(deps.db, token);
        if (!owner) return writeReply(c, errorReply("BAD_TOKEN"), asText);
        limitOtp(c, deps.limit, owner.id);
        for (const [param, refusal] of Object.entries(PARAM_ERRORS)) {
          const value = params[param];
          if (value !== undefined && badText(value)) return writeReply(c, errorReply(refusal), asText);
        }
        return writeReply(c, await handler(params, { userId: owner.id, apiKeyId: owner.apiKeyId }), asText);
      } catch (err) {
        return writeReply(c, errorReply(refusalName(c, err)), asText);
      }
    });

  /** Our refusal's Kopeechka name; anything unexpected is logged and answered SYSTEM_ERROR, never our 500. */
  const refusalName = (c: Context<AppEnv>, err: unknown) => {
    if (err instanceof AppError) return ERROR_NAMES[err.code] ?? "SYSTEM_ERROR";
    deps.logger?.error({ err, reqId: c.get("requestId") }, "Kopeechka door: unexpected error");
    return "SYSTEM_ERROR";
  };

  /** A bought activation's answer, with what the bot asked of its letters kept for mailbox-get-message. */
  const bought = async (p: Params, order: { id: string; address: string | null }) => {
    await saveKopeechkaFilter(deps.db, order.id, { regex: p.regex || null, subject: p.subject || null });
    return okReply({ id: order.id, mail: order.address }, `OK|${order.id}|${order.address}`);
  };

  method("mailbox-get-email", async (p, caller) => {
    const service = serviceForSite(p.site);
    if (!service) return errorReply("BAD_SITE");
    const { order } = await buyOtpMail(deps, { ...caller, service });
    return bought(p, order);
  });

  method("mailbox-get-message", async (p, caller) => {
    const order = await checkOtpMail(deps, { userId: caller.userId, id: p.id ?? "" });
    const full = p.full === "1";
    const filter = await readKopeechkaFilter(deps.db, order.id);
    let value: string;
    let letter: OtpMessage | undefined;
    if (!filter) {
      if (!order.latestCode) return errorReply(order.status === "failed" ? "ACTIVATION_CANCELED" : "WAIT_LINK");
      value = order.latestCode;
      if (full) letter = (await readOrderMessages(deps.db, order.id)).at(-1);
    } else {
      if (order.status === "failed") return errorReply("ACTIVATION_CANCELED");
      // The site's letters whose subject holds the bot's word; the latest answers.
      const profile = siteProfile(order.service) ?? FACEBOOK;
      letter = (await readOrderMessages(deps.db, order.id)).filter((m) => senderAllowed(profile, m.from) && subjectHolds(m.subject, filter.subject)).at(-1);
      if (!letter) return errorReply("WAIT_LINK");
      value = (filter.regex ? regexAnswer(filter.regex, letter) : extractCodes(profile, letter)[0]) ?? "";
      await settleDelivered(deps.db, order.id);
    }
    // Kopeechka: the full letter on request (full=1), and always when nothing could be parsed from it.
    const fullmessage = letter && (full || !value) ? fullMessage(letter) : "";
    return okReply({ value, fullmessage }, full || !value ? fullmessage : value);
  });

  method("mailbox-cancel", async (p, caller) => {
    try {
      await cancelOtpMail(deps, { userId: caller.userId, id: p.id ?? "" });
    } catch (err) {
      // Kopeechka's cancel after a letter ends the activation and answers OK: the letter stays
      // readable and nothing is refunded (a code, once received, is final). So a bot's
      // try { waitMessage } finally { cancelEmail } keeps the code it just got.
      if (!(err instanceof AppError && err.code === "ORDER_HAS_CODE")) throw err;
    }
    return okReply({}, "OK");
  });

  /** The caller's latest activation of `email` for the site, or a Kopeechka refusal. */
  const latestActivation = async (p: Params, caller: Caller) => {
    const service = serviceForSite(p.site);
    if (!service) return errorReply("BAD_SITE");
    const email = (p.email ?? "").trim().toLowerCase();
    if (!email) return errorReply("BAD_EMAIL");
    const [first] = await deps.db
      .select({ id: otpMailOrders.id })
      .from(otpMailOrders)
      .where(and(eq(otpMailOrders.userId, caller.userId), eq(sql`lower(${otpMailOrders.address})`, email), eq(otpMailOrders.service, service)))
      .orderBy(desc(otpMailOrders.createdAt))
      .limit(1);
    return first ?? null;
  };

  method("mailbox-reorder", async (p, caller) => {
    const first = await latestActivation(p, caller);
    if (!first) return errorReply("ACTIVATION_NOT_FOUND");
    if ("ok" in first) return first;
    const { order } = await reorderOtpMail(deps, { ...caller, id: first.id });
    return bought(p, order);
  });

  method("mailbox-get-fresh-id", async (p, caller) => {
    const latest = await latestActivation(p, caller);
    if (!latest) return errorReply("NO_ACTIVATION");
    if ("ok" in latest) return latest;
    return okReply({ id: latest.id }, `OK|${latest.id}`);
  });

  /** Our inbox's domain, when addresses on it are what we sell (an upstream market's are its own). */
  const ourDomains = () => (deps.supplier.freeToAcquire ? [deps.domain] : []);

  method("mailbox-get-domains", async (p) => {
    if (p.site && !serviceForSite(p.site)) return errorReply("BAD_SITE");
    const domains = ourDomains();
    return okReply({ count: domains.length, domains });
  });

  method("mailbox-zones", async (p) => {
    if (p.site && !serviceForSite(p.site)) return errorReply("BAD_SITE");
    const cost = dollars(serviceSettings(deps, serviceForSite(p.site) ?? "facebook").priceMills);
    // Kopeechka's `popular` are addresses at public mail providers (gmail.com, outlook.com…), which we
    // do not sell; `zones` are its own domains' zones with their price, as ours is.
    const popular: { name: string; cost: number; count: number }[] = [];
    const zones = ourDomains().map((domain) => ({ name: domain.split(".").at(-1)!, cost }));
    return okReply({ ...(p.popular === "1" ? { popular } : {}), ...(p.zones === "1" ? { zones } : {}) });
  });

  method("user-balance", async (_p, caller) => {
    const [key] = await deps.db.select({ balanceMills: apiKeys.balanceMills }).from(apiKeys).where(eq(apiKeys.id, caller.apiKeyId));
    const balance = dollars(key?.balanceMills ?? 0);
    return okReply({ balance }, `OK|${balance}`);
  });

  // A method Kopeechka has and we do not (or a typo): Kopeechka's shape, with a 404 that says so.
  app.all("*", async (c) => writeReply(c, errorReply("BAD_METHOD"), wantsText(c.req.query()), 404));
  app.onError((err, c) => writeReply(c, errorReply(refusalName(c, err)), wantsText(c.req.query())));
  return app;
}
