// The payment receipt: one model built from a paid order, rendered as the e-mail and as the PDF,
// so both always say the same. Seller details come from site.config.json; amounts are integer
// mills formatted by the shared formatter (2 decimals); the paid time is in the shop's time zone
// (SHOP_TIME_ZONE) with its offset and the UTC time stated; numbers and codes stay Latin in every
// language. The facts are language-free (receiptFacts); view.ts words them (localiseReceipt).
import { isBulkOrder, unitPriceOf } from "../../../contracts/reseller";
import { eq } from "drizzle-orm";
import { hasPaymentReceipt, receiptNumber } from "../../../contracts/receipts";
import { DEFAULT_SHOP_TIME_ZONE } from "../../../contracts/dates";
import type { Language } from "../../../contracts/languages";
import { SITE, type SiteConfig } from "../../../contracts/site";
import type { Db, Tx } from "../../db/client";
import { plans } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { paymentMethodName } from "../../providers/payments";
import { recipientLanguage } from "../../providers/email/outbox";
import type { OrderRow } from "../orders/dto";
import { localiseReceipt, type PaymentReceipt, type ReceiptFacts } from "../../../contracts/receipt-view";

export { localiseReceipt, receiptAmount, receiptDates, receiptRows, type PaymentReceipt, type ReceiptFacts } from "../../../contracts/receipt-view";

/** What a receipt needs of the plan (its length, period and bonus days); none for top-ups. */
export type ReceiptPlan = Pick<typeof plans.$inferSelect, "months" | "periodDays" | "bonusDays">;

const hostOf = (url: string) => url.replace(/^https?:\/\//, "").replace(/\/$/, "");

/** The receipt's facts of a paid (or refunded) order. Throws for an order that was never paid. */
export function receiptFacts(order: OrderRow, plan: ReceiptPlan | null, site: SiteConfig = SITE): ReceiptFacts {
  if (!hasPaymentReceipt(order) || !order.paidAt) throw new Error(`order ${order.id} (${order.status}) has no receipt`);
  return {
    number: receiptNumber(order),
    status: order.status === "refunded" ? "refunded" : "paid",
    seller: {
      name: site.brandName,
      legalName: site.seller.legalName,
      address: site.seller.address,
      email: site.supportEmail,
      website: hostOf(site.siteUrl),
      taxId: site.seller.taxId.trim() || null,
    },
    buyerEmail: order.email,
    item:
      order.kind === "topup"
        ? { kind: "topup" }
        : {
            kind: "plan",
            months: plan?.months ?? null,
            storedTitle: order.planTitle ?? "",
            periodDays: plan?.periodDays ?? null,
            bonusDays: plan?.bonusDays ?? 0,
            // A reseller's bulk order (decision 080): its quantity and the unit price it was sold at.
            bulk: isBulkOrder(order) ? { quantity: order.quantity, unitPriceMills: unitPriceOf(order) } : null,
          },
    amountMills: order.amountMills,
    discount: order.discountCode && order.discountMills > 0 ? { code: order.discountCode, mills: order.discountMills } : null,
    giftTo: order.giftEmail ?? null,
    currency: order.currency,
    paidAt: order.paidAt.toISOString(),
    method: paymentMethodName(order.provider),
    tranId: order.tranId,
    approvalCode: order.providerRef?.trim() || null,
  };
}

/** The receipt of a paid (or refunded) order in a language, its times in the shop's time zone. */
export function buildPaymentReceipt(order: OrderRow, plan: ReceiptPlan | null, language: Language, site: SiteConfig = SITE, timeZone = DEFAULT_SHOP_TIME_ZONE): PaymentReceipt {
  return localiseReceipt(receiptFacts(order, plan, site), language, timeZone);
}

/** The order's plan (length, period, bonus) for its receipt; null for top-ups. */
export async function receiptPlanOf(db: Db | Tx, order: OrderRow): Promise<ReceiptPlan | null> {
  if (!order.planId) return null;
  const [plan] = await db.select({ months: plans.months, periodDays: plans.periodDays, bonusDays: plans.bonusDays }).from(plans).where(eq(plans.id, order.planId));
  if (!plan) return null;
  // The terms the order was sold with (decision 074): a receipt never changes with the catalogue.
  return order.planTerms ? { months: plan.months, periodDays: order.planTerms.periodDays, bonusDays: order.planTerms.bonusDays } : plan;
}

/**
 * The receipt's language unless one is asked for: that of the account with the order's e-mail, as
 * its e-mail is written, else the language the buyer paid in (decision 040).
 */
export async function receiptLanguageOf(db: Db | Tx, order: OrderRow, asked?: Language): Promise<Language> {
  return asked ?? recipientLanguage(db, order.email, order.locale);
}

/** 409 for an order without a receipt (pending, failed, cancelled): what the routes answer. */
export function assertHasReceipt(order: OrderRow): void {
  if (!hasPaymentReceipt(order)) {
    throw new AppError("RECEIPT_NOT_AVAILABLE", `This order has no receipt: it is ${order.status}, not paid.`);
  }
}
