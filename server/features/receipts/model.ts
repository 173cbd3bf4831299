// The payment receipt: one model built from a paid order, rendered as the e-mail and as the PDF,
// so both always say the same. Seller details come from site.config.json; amounts are integer
// mills formatted by the shared formatter (2 decimals); the date is Phnom Penh's (UTC+7, no DST)
// with the UTC date stated; numbers and codes stay Latin in Khmer too.
import { eq } from "drizzle-orm";
import { hasPaymentReceipt, type ReceiptLanguage } from "../../../contracts/receipts";
import { formatPrice } from "../../../contracts/money";
import { SITE, type SiteConfig } from "../../../contracts/site";
import type { Db, Tx } from "../../db/client";
import { plans } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { paymentProviderName } from "../../providers/payments";
import type { OrderRow } from "../orders/dto";
import { RECEIPT_TEXTS, type ReceiptTexts } from "./texts";

export const RECEIPT_TIME_ZONE = "Asia/Phnom_Penh";

/** What a receipt needs of the plan (title, period and bonus days); none for top-ups. */
export type ReceiptPlan = Pick<typeof plans.$inferSelect, "title" | "periodDays" | "bonusDays">;

export interface PaymentReceipt {
  language: ReceiptLanguage;
  texts: ReceiptTexts;
  /** The receipt's number: the order's reference at the payment provider (tran_id). */
  number: string;
  status: "paid" | "refunded";
  statusText: string;
  seller: { name: string; legalName: string; address: string[]; email: string; website: string; taxId: string | null };
  buyerEmail: string;
  item: { title: string; detail: string | null };
  amountMills: number;
  currency: string;
  /** "$29.99 USD" */
  amount: string;
  paidAt: Date;
  /** "24 Nov 2026, 14:05 (Phnom Penh time, UTC+07:00)" */
  paidLocal: string;
  /** "2026-11-24 07:05 UTC" */
  paidUtc: string;
  /** The payment provider as customers know it (its display name). */
  method: string;
  tranId: string;
  /** The provider's approval code (apv), when it gave one. */
  approvalCode: string | null;
}


/** "$29.99 USD": the shared formatter (2 decimals) and the ISO currency code. */
export function receiptAmount(mills: number, currency: string): string {
  const formatted = formatPrice(mills);
  return currency === "USD" ? `${formatted} USD` : `${formatted.replace("$", "")} ${currency}`;
}

const localParts = new Intl.DateTimeFormat("en-US", {
  timeZone: RECEIPT_TIME_ZONE,
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

export function receiptDates(at: Date, texts: ReceiptTexts): { local: string; utc: string } {
  const parts = Object.fromEntries(localParts.formatToParts(at).map((p) => [p.type, p.value]));
  const local = texts.localDate({ day: Number(parts.day), month: Number(parts.month), year: Number(parts.year), time: `${parts.hour}:${parts.minute}` });
  const iso = at.toISOString();
  return { local, utc: `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC` };
}

const hostOf = (url: string) => url.replace(/^https?:\/\//, "").replace(/\/$/, "");

/** The receipt of a paid (or refunded) order, in a language. Throws for an order that was never paid. */
export function buildPaymentReceipt(order: OrderRow, plan: ReceiptPlan | null, language: ReceiptLanguage, site: SiteConfig = SITE): PaymentReceipt {
  if (!hasPaymentReceipt(order) || !order.paidAt) throw new Error(`order ${order.id} (${order.status}) has no receipt`);
  const t = RECEIPT_TEXTS[language];
  const status = order.status === "refunded" ? "refunded" : "paid";
  const planTitle = order.planTitle ?? plan?.title ?? "";
  const item =
    order.kind === "topup"
      ? { title: t.topUp, detail: t.topUpDetail }
      : { title: t.planItem(planTitle), detail: plan ? t.term(plan.periodDays, plan.bonusDays) : null };
  const dates = receiptDates(order.paidAt, t);
  return {
    language,
    texts: t,
    number: order.tranId,
    status,
    statusText: status === "refunded" ? t.refunded : t.paid,
    seller: {
      name: site.brandName,
      legalName: site.seller.legalName,
      address: site.seller.address,
      email: site.supportEmail,
      website: hostOf(site.siteUrl),
      taxId: site.seller.taxId.trim() || null,
    },
    buyerEmail: order.email,
    item,
    amountMills: order.amountMills,
    currency: order.currency,
    amount: receiptAmount(order.amountMills, order.currency),
    paidAt: order.paidAt,
    paidLocal: dates.local,
    paidUtc: dates.utc,
    method: paymentProviderName(order.provider),
    tranId: order.tranId,
    approvalCode: order.providerRef?.trim() || null,
  };
}

/** The receipt's facts as label and value, in reading order (the e-mail's table). */
export function receiptRows(r: PaymentReceipt): Array<{ label: string; value: string }> {
  const t = r.texts;
  return [
    { label: t.receiptNumber, value: r.number },
    { label: t.datePaid, value: r.paidLocal },
    { label: t.dateUtc, value: r.paidUtc },
    { label: t.billedTo, value: r.buyerEmail },
    { label: t.description, value: r.item.detail ? `${r.item.title} (${r.item.detail})` : r.item.title },
    { label: t.total, value: r.amount },
    { label: t.method, value: r.method },
    { label: t.tranId, value: r.tranId },
    { label: t.approvalCode, value: r.approvalCode ?? "—" },
    { label: t.status, value: r.statusText },
  ];
}

/** The order's plan (title, period, bonus) for its receipt; null for top-ups. */
export async function receiptPlanOf(db: Db | Tx, order: OrderRow): Promise<ReceiptPlan | null> {
  if (!order.planId) return null;
  const [plan] = await db.select({ title: plans.title, periodDays: plans.periodDays, bonusDays: plans.bonusDays }).from(plans).where(eq(plans.id, order.planId));
  return plan ?? null;
}

/** The order's language for its receipt unless one is asked for. */
export function receiptLanguageOf(order: OrderRow, asked?: ReceiptLanguage): ReceiptLanguage {
  return asked ?? (order.locale === "km" ? "km" : "en");
}

/** 409 for an order without a receipt (pending, failed, cancelled): what the routes answer. */
export function assertHasReceipt(order: OrderRow): void {
  if (!hasPaymentReceipt(order)) {
    throw new AppError("RECEIPT_NOT_AVAILABLE", `This order has no receipt: it is ${order.status}, not paid.`);
  }
}
