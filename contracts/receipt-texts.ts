// Every word of a payment receipt (e-mail and PDF), in every language: one table, so the languages
// cannot drift apart (the type makes a missing language a compile error; decision 040). Numbers,
// amounts, dates' digits and codes (tran_id, approval code) stay Latin in all; month names come
// from the language's Intl locale (contracts/dates.ts).
import { defineTranslations } from "./languages";

export interface ReceiptTexts {
  title: string;
  receiptNumber: string;
  seller: string;
  taxId: string;
  billedTo: string;
  email: string;
  website: string;
  datePaid: string;
  dateUtc: string;
  description: string;
  amount: string;
  total: string;
  /** The plan's price before a discount code (decision 077). */
  price: string;
  /** "Discount (KHMER-NY)": what a discount code took off. */
  discount: (code: string) => string;
  /** A gift's line (decision 079): whose licence the payer bought. */
  giftFor: string;
  payment: string;
  method: string;
  tranId: string;
  approvalCode: string;
  status: string;
  paid: string;
  refunded: string;
  refundedNote: string;
  topUp: string;
  topUpDetail: string;
  /** "3 Months licence" from the plan's title in this language. */
  planItem(planTitle: string): string;
  /** A reseller's bulk order (decision 080): "3 Months licence × 10 · $8.99 USD each". */
  bulkItem(planTitle: string, quantity: number, unitPrice: string): string;
  /** "90 days + 15 days free" */
  term(days: number, bonusDays: number): string;
  /** "November 24, 2026 at 14:05 (UTC+07:00)": the shop's time (formatDateTime) and its offset. */
  localDate(dateTime: string, offset: string): string;
  /** "2026-11-24 07:05 UTC" */
  utcDate(day: string, time: string): string;
  thanks: string;
  electronic: string;
  questions(email: string): string;
  // The e-mail.
  subject(brand: string, tranId: string): string;
  preview(item: string, amount: string): string;
  intro(amount: string, item: string): string;
  openHistory: string;
  openHistoryNote: string;
  downloadPdf: string;
  linkValidity(days: number): string;
  copyLink: string;
  footer(brand: string): string;
}

const en: ReceiptTexts = {
  title: "Payment receipt",
  receiptNumber: "Receipt number",
  seller: "Seller",
  taxId: "VATTIN",
  billedTo: "Billed to",
  email: "E-mail",
  website: "Website",
  datePaid: "Date paid",
  dateUtc: "Date (UTC)",
  description: "Description",
  amount: "Amount",
  total: "Total paid",
  price: "Plan price",
  discount: (code) => `Discount (${code})`,
  giftFor: "Gift for",
  payment: "Payment",
  method: "Payment method",
  tranId: "Transaction ID (tran_id)",
  approvalCode: "Approval code",
  status: "Status",
  paid: "Paid",
  refunded: "Refunded",
  refundedNote: "This payment has been refunded.",
  topUp: "Balance Top Up",
  topUpDetail: "Prepaid balance for the OTP mail service",
  planItem: (planTitle) => `${planTitle} licence`,
  bulkItem: (planTitle, quantity, unitPrice) => `${planTitle} licence × ${quantity} · ${unitPrice} each`,
  term: (days, bonus) => (bonus > 0 ? `${days} days + ${bonus} days free` : `${days} days`),
  localDate: (dateTime, offset) => `${dateTime} (UTC${offset})`,
  utcDate: (day, time) => `${day} ${time} UTC`,
  thanks: "Thank you for your payment.",
  electronic: "This receipt was issued electronically and is valid without a signature.",
  questions: (email) => `Questions about this payment? Write to ${email}.`,
  subject: (brand, tranId) => `Your ${brand} receipt ${tranId}`,
  preview: (item, amount) => `Receipt: ${item}, ${amount}`,
  intro: (amount, item) => `We received your payment of ${amount} for ${item}. Your receipt is below.`,
  openHistory: "Open Transactions History",
  openHistoryNote: "Sign in and open Transactions History: the Receipt button next to this payment downloads the receipt as a PDF.",
  downloadPdf: "Download the receipt (PDF)",
  linkValidity: (days) => `The link works for ${days} days.`,
  copyLink: "Or copy this link into your browser:",
  footer: (brand) => `${brand} · You received this e-mail because this address was used for a payment on ${brand}.`,
};

const km: ReceiptTexts = {
  title: "បង្កាន់ដៃបង់ប្រាក់",
  receiptNumber: "លេខបង្កាន់ដៃ",
  seller: "អ្នកលក់",
  taxId: "លេខអត្តសញ្ញាណកម្មសារពើពន្ធ (VATTIN)",
  billedTo: "អតិថិជន",
  email: "អ៊ីមែល",
  website: "គេហទំព័រ",
  datePaid: "កាលបរិច្ឆេទបង់ប្រាក់",
  dateUtc: "កាលបរិច្ឆេទ (UTC)",
  description: "ការពិពណ៌នា",
  amount: "ចំនួនទឹកប្រាក់",
  total: "ចំនួនទឹកប្រាក់ដែលបានបង់",
  price: "តម្លៃគម្រោង",
  discount: (code) => `ការបញ្ចុះតម្លៃ (${code})`,
  giftFor: "អំណោយសម្រាប់",
  payment: "ការបង់ប្រាក់",
  method: "វិធីបង់ប្រាក់",
  tranId: "លេខប្រតិបត្តិការ (tran_id)",
  approvalCode: "លេខកូដអនុម័ត",
  status: "ស្ថានភាព",
  paid: "បានបង់ប្រាក់",
  refunded: "បានសងប្រាក់វិញ",
  refundedNote: "ការបង់ប្រាក់នេះត្រូវបានសងប្រាក់វិញហើយ។",
  topUp: "ការបញ្ចូលសមតុល្យ",
  topUpDetail: "សមតុល្យបង់ប្រាក់ជាមុន សម្រាប់សេវាអ៊ីមែល OTP",
  planItem: (planTitle) => `អាជ្ញាប័ណ្ណ ${planTitle}`,
  bulkItem: (planTitle, quantity, unitPrice) => `អាជ្ញាប័ណ្ណ ${planTitle} × ${quantity} · ${unitPrice} ក្នុងមួយ`,
  term: (days, bonus) => (bonus > 0 ? `${days} ថ្ងៃ + ថែមឥតគិតថ្លៃ ${bonus} ថ្ងៃ` : `${days} ថ្ងៃ`),
  localDate: (dateTime, offset) => `${dateTime} (UTC${offset})`,
  utcDate: (day, time) => `${day} ${time} UTC`,
  thanks: "សូមអរគុណសម្រាប់ការបង់ប្រាក់របស់អ្នក។",
  electronic: "បង្កាន់ដៃនេះត្រូវបានចេញជាអេឡិចត្រូនិក ហើយមានសុពលភាពដោយមិនចាំបាច់មានហត្ថលេខា។",
  questions: (email) => `មានសំណួរអំពីការបង់ប្រាក់នេះមែនទេ? សូមផ្ញើអ៊ីមែលមក ${email}។`,
  subject: (brand, tranId) => `បង្កាន់ដៃបង់ប្រាក់ ${brand} ${tranId}`,
  preview: (item, amount) => `បង្កាន់ដៃ៖ ${item} ${amount}`,
  intro: (amount, item) => `យើងបានទទួលការបង់ប្រាក់ ${amount} របស់អ្នក សម្រាប់ ${item}។ បង្កាន់ដៃរបស់អ្នកមាននៅខាងក្រោម។`,
  openHistory: "បើកប្រវត្តិប្រតិបត្តិការ",
  openHistoryNote: "សូមចូលគណនី ហើយបើកទំព័រ Transactions History (ប្រវត្តិប្រតិបត្តិការ)៖ ប៊ូតុង Receipt នៅជាប់ការបង់ប្រាក់នេះ ទាញយកបង្កាន់ដៃជាឯកសារ PDF។",
  downloadPdf: "ទាញយកបង្កាន់ដៃ (PDF)",
  linkValidity: (days) => `តំណនេះអាចប្រើបានរយៈពេល ${days} ថ្ងៃ។`,
  copyLink: "ឬចម្លងតំណនេះទៅក្នុងកម្មវិធីរុករករបស់អ្នក៖",
  footer: (brand) => `${brand} · អ្នកទទួលបានអ៊ីមែលនេះ ដោយសារអាសយដ្ឋាននេះត្រូវបានប្រើសម្រាប់ការបង់ប្រាក់នៅលើ ${brand}។`,
};

export const RECEIPT_TEXTS = defineTranslations<ReceiptTexts>("receipt", { en, km });
