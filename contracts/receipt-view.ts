// A payment receipt worded in a language: from its facts (server/features/receipts/model.ts builds them from the order,
// in no language) to what the e-mail and the PDF both show, so the two always say the same. Pure:
// no database, so the e-mail template words the receipt in the recipient's language itself.
import { formatDateTime, utcOffset } from "./dates";
import { textsIn, type Language } from "./languages";
import { formatMoney } from "./money";
import { planTitle } from "./plan-catalogue";
import { RECEIPT_TEXTS, type ReceiptTexts } from "./receipt-texts";

/** What a receipt states, before any word: the e-mail's props, the PDF's source. */
export interface ReceiptFacts {
  /** The receipt's number: the order's reference at the payment provider (tran_id). */
  number: string;
  status: "paid" | "refunded";
  seller: { name: string; legalName: string; address: string[]; email: string; website: string; taxId: string | null };
  buyerEmail: string;
  /** A plan (its length, or the stored English title of a plan no longer known) or a top-up. */
  item:
    | {
        kind: "plan";
        months: number | null;
        storedTitle: string;
        periodDays: number | null;
        bonusDays: number;
        /** A reseller's bulk order (decision 080): how many licences, each at this price. Absent: one. */
        bulk?: { quantity: number; unitPriceMills: number } | null;
      }
    | { kind: "topup" };
  amountMills: number;
  /** A discount code's order (decision 077): the code and what it took off (the price is amount + discount). */
  discount?: { code: string; mills: number } | null;
  /** A gift (decision 079): the recipient's e-mail (the licence is theirs; the receipt the payer's). */
  giftTo?: string | null;
  currency: string;
  /** ISO 8601. */
  paidAt: string;
  /** The payment provider as customers know it (its display name). */
  method: string;
  tranId: string;
  /** The provider's approval code (apv), when it gave one. */
  approvalCode: string | null;
}

export interface PaymentReceipt {
  language: Language;
  texts: ReceiptTexts;
  number: string;
  status: "paid" | "refunded";
  statusText: string;
  seller: ReceiptFacts["seller"];
  buyerEmail: string;
  item: { title: string; detail: string | null };
  amountMills: number;
  currency: string;
  /** "$29.99 USD" */
  amount: string;
  /** The item's price before any discount ("$29.99 USD"): the amount when no code was used. */
  price: string;
  /** A discount code's: its words ("Discount (KHMER-NY)") and what it took off ("-$3.00 USD"). */
  discount: { label: string; amount: string } | null;
  /** A gift's recipient, or null. */
  giftTo: string | null;
  paidAt: Date;
  /** "November 24, 2026 at 14:05 (UTC+07:00)": the shop's time zone (SHOP_TIME_ZONE) */
  paidLocal: string;
  /** "2026-11-24 07:05 UTC" */
  paidUtc: string;
  method: string;
  tranId: string;
  approvalCode: string | null;
}

/** "$29.99 USD" or "4,000.00 KHR": the one money formatter and the ISO currency code. */
export function receiptAmount(mills: number, currency: string): string {
  return `${formatMoney(mills, { symbol: currency === "USD" })} ${currency}`;
}

/** The paid time in the shop's time zone (with its offset) and in UTC. */
export function receiptDates(at: Date, language: Language, timeZone: string, texts: ReceiptTexts = textsIn(RECEIPT_TEXTS, language)): { local: string; utc: string } {
  const iso = at.toISOString();
  return { local: texts.localDate(formatDateTime(at, language, timeZone), utcOffset(at, timeZone)), utc: texts.utcDate(iso.slice(0, 10), iso.slice(11, 16)) };
}

/** The receipt in a language, its times in the shop's time zone. */
export function localiseReceipt(facts: ReceiptFacts, language: Language, timeZone: string): PaymentReceipt {
  const t = textsIn(RECEIPT_TEXTS, language);
  const it = facts.item;
  const plan = it.kind === "plan" ? (it.months ? planTitle(it.months, language) : it.storedTitle) : "";
  const item =
    it.kind === "topup"
      ? { title: t.topUp, detail: t.topUpDetail }
      : {
          // A bulk order's line says the plan × how many and what each cost ("3 Months licence × 10 · $8.99 USD each").
          title: it.bulk ? t.bulkItem(plan, it.bulk.quantity, receiptAmount(it.bulk.unitPriceMills, facts.currency)) : t.planItem(plan),
          detail: it.periodDays === null ? null : t.term(it.periodDays, it.bonusDays),
        };
  const paidAt = new Date(facts.paidAt);
  const dates = receiptDates(paidAt, language, timeZone, t);
  return {
    language,
    texts: t,
    number: facts.number,
    status: facts.status,
    statusText: facts.status === "refunded" ? t.refunded : t.paid,
    seller: facts.seller,
    buyerEmail: facts.buyerEmail,
    item,
    amountMills: facts.amountMills,
    currency: facts.currency,
    amount: receiptAmount(facts.amountMills, facts.currency),
    price: receiptAmount(facts.amountMills + (facts.discount?.mills ?? 0), facts.currency),
    discount: facts.discount?.mills ? { label: t.discount(facts.discount.code), amount: `-${receiptAmount(facts.discount.mills, facts.currency)}` } : null,
    giftTo: facts.giftTo ?? null,
    paidAt,
    paidLocal: dates.local,
    paidUtc: dates.utc,
    method: facts.method,
    tranId: facts.tranId,
    approvalCode: facts.approvalCode,
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
    ...(r.giftTo ? [{ label: t.giftFor, value: r.giftTo }] : []),
    ...(r.discount ? [{ label: t.price, value: r.price }, { label: r.discount.label, value: r.discount.amount }] : []),
    { label: t.total, value: r.amount },
    { label: t.method, value: r.method },
    { label: t.tranId, value: r.tranId },
    { label: t.approvalCode, value: r.approvalCode ?? "—" },
    { label: t.status, value: r.statusText },
  ];
}

/** Where the e-mail sends the buyer for the PDF: Transactions History (account holders) or a signed link. */
export interface ReceiptDownload {
  kind: "history" | "link";
  url: string;
}

/** Every word of the receipt e-mail, in the receipt's language. */
export function receiptEmailView(r: PaymentReceipt, download: ReceiptDownload, linkDays: number) {
  const t = r.texts;
  const s = r.seller;
  return {
    subject: t.subject(s.name, r.tranId),
    preview: t.preview(r.item.title, r.amount),
    heading: t.title,
    intro: t.intro(r.amount, r.item.title),
    rows: receiptRows(r),
    sellerLabel: t.seller,
    seller: [s.legalName, ...s.address, s.email, s.website, ...(s.taxId ? [`${t.taxId}: ${s.taxId}`] : [])],
    download: download.kind === "history" ? { url: download.url, label: t.openHistory, note: t.openHistoryNote } : { url: download.url, label: t.downloadPdf, note: t.linkValidity(linkDays) },
    copyNote: t.copyLink,
    thanks: t.thanks,
    questions: t.questions(s.email),
    footer: t.footer(s.name),
  };
}
