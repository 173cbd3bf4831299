// Payment receipts as PDF files:
//   GET /api/orders/{id}/receipt.pdf                  session: the order's owner (by account, or by
//                                                     e-mail as in Transactions History) and admins
//   GET /api/payment-receipts/{token}/receipt.pdf     no session: the signed, expiring link the
//                                                     receipt e-mail gives buyers without an account
// Both answer the same PDF, in its e-mail's language (the account's, else the order's) unless
// `?lang=` asks for another of the shop's languages; its times in the shop's time zone.
import { OpenAPIHono, createRoute, z } from "@hono/zod-openapi";
import { eq } from "drizzle-orm";
import type { Context } from "hono";
import { LANGUAGES, type Language } from "../../../contracts/languages";
import { receiptFileName, receiptNumber } from "../../../contracts/receipts";
import { guard, requireUser, type AppEnv } from "../../auth/context";
import type { Db } from "../../db/client";
import { orders } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { ANONYMOUS, errorResponses, SESSION, TAG_NAMES } from "../../lib/openapi";
import { applyRateLimit, type SharedRateLimiter } from "../../lib/rate-limit";
import type { OrderRow } from "../orders/dto";
import { findVisibleOrder } from "../orders/queries";
import { readReceiptDownloadToken } from "./download-link";
import { SITE } from "../../../contracts/site";
import { assertHasReceipt, buildPaymentReceipt, receiptLanguageOf, receiptPlanOf } from "./model";
import { renderReceiptPdf } from "./pdf";

const pdf = {
  description: "The receipt (application/pdf, an attachment named keyshop-receipt-<tran_id>.pdf; Cache-Control: private, no-store)",
  content: { "application/pdf": { schema: z.string().openapi({ type: "string", format: "binary" }) } },
};
const LangQuerySchema = z.object({
  lang: z.enum(LANGUAGES).optional().openapi({ description: "The receipt's language; by default its e-mail's (the account's language, else the one the buyer paid in)" }),
});

const orderReceiptRoute = createRoute({
  method: "get",
  path: "/orders/{id}/receipt.pdf",
  operationId: "getOrderReceiptPdf",
  tags: [TAG_NAMES.orders],
  security: SESSION,
  summary: "A paid (or refunded) order's receipt as a PDF (owner or admin)",
  description: "The receipt of one of your orders (admins: anyone's) as a PDF: seller, item, amount, date, the payment's reference and approval code, in the order's language unless `lang` says otherwise.",
  request: { params: z.object({ id: z.string().max(64) }), query: LangQuerySchema },
  responses: {
    200: pdf,
    ...errorResponses([401, 403, 404, 409, 422, 429], {
      404: "NOT_FOUND: no such order of yours",
      409: "RECEIPT_NOT_AVAILABLE: the order was not paid (pending, failed or cancelled)",
      429: "RATE_LIMITED: receipts per account; see Retry-After",
    }),
  },
});

const linkReceiptRoute = createRoute({
  method: "get",
  path: "/payment-receipts/{token}/receipt.pdf",
  operationId: "getLinkedReceiptPdf",
  tags: [TAG_NAMES.orders],
  security: ANONYMOUS,
  summary: "A receipt as a PDF through the signed link its e-mail gave",
  description: "For buyers without an account: the receipt e-mail's signed link (it expires 30 days after the payment) answers the same PDF as the signed-in route.",
  request: { params: z.object({ token: z.string().max(128) }), query: LangQuerySchema },
  responses: {
    200: pdf,
    ...errorResponses([404, 409, 422, 429], {
      404: "NOT_FOUND: no receipt has this link; RECEIPT_LINK_EXPIRED: the link is older than 30 days",
      409: "RECEIPT_NOT_AVAILABLE: the order was not paid",
      429: "RATE_LIMITED: receipt links per address; see Retry-After",
    }),
  },
});

export interface ReceiptRoutesDeps {
  db: Db;
  /** AUTH_SECRET: the download links' key. */
  secret: string;
  limiter: SharedRateLimiter;
  /** SHOP_TIME_ZONE: the paid time is in it. */
  shopTimeZone: string;
}

async function pdfAnswer(c: Context<AppEnv>, { db, shopTimeZone }: Pick<ReceiptRoutesDeps, "db" | "shopTimeZone">, order: OrderRow, lang: Language | undefined) {
  assertHasReceipt(order);
  const receipt = buildPaymentReceipt(order, await receiptPlanOf(db, order), await receiptLanguageOf(db, order, lang), SITE, shopTimeZone);
  const bytes = await renderReceiptPdf(receipt);
  return c.body(new Uint8Array(bytes), 200, {
    "Content-Type": "application/pdf",
    "Content-Disposition": `attachment; filename="${receiptFileName(receiptNumber(order))}"`,
    "Cache-Control": "private, no-store",
  });
}

/** The session route: mounted with the other /api routes (session context, trusted origins). */
export function createOrderReceiptRoutes({ db, limiter, shopTimeZone }: ReceiptRoutesDeps) {
  const app = new OpenAPIHono<AppEnv>();
  // Access is decided before the id or the language is read.
  app.use("/orders/:id/receipt.pdf", guard(requireUser));
  return app.openapi(orderReceiptRoute, async (c) => {
    const user = requireUser(c.get("ctx"));
    applyRateLimit(c, [limiter.hit(`receipt-pdf:user:${user.id}`, { limit: 60, windowSeconds: 60 })]);
    const order = await findVisibleOrder(db, user, c.req.valid("param").id);
    return pdfAnswer(c, { db, shopTimeZone }, order, c.req.valid("query").lang) as never;
  });
}

/** The link route: no session, mounted before the session middleware (like the receipt token's). */
export function createReceiptLinkRoutes({ db, secret, limiter, shopTimeZone }: ReceiptRoutesDeps) {
  return new OpenAPIHono<AppEnv>().openapi(linkReceiptRoute, async (c) => {
    applyRateLimit(c, [limiter.hit(`receipt-pdf:ip:${c.get("clientIp")}`, { limit: 30, windowSeconds: 60 })]);
    const check = readReceiptDownloadToken(secret, c.req.valid("param").token);
    if (!check.ok && check.reason === "expired") {
      throw new AppError("RECEIPT_LINK_EXPIRED", "This receipt link has expired. Write to support for a copy of the receipt.");
    }
    const [order] = check.ok ? await db.select().from(orders).where(eq(orders.tranId, check.tranId)) : [];
    if (!order) throw new AppError("NOT_FOUND", "No receipt has this link.");
    return pdfAnswer(c, { db, shopTimeZone }, order, c.req.valid("query").lang) as never;
  });
}
