// A discount code on the receipt (decision 077): the plan's price, the discount with its code and
// the amount paid, in the e-mail's rows and the PDF, in English and Khmer; no code: as before.
import { describe, expect, it } from "vitest";
import { buildPaymentReceipt, receiptRows } from "../receipts/model";
import { renderReceiptPdf } from "../receipts/pdf";
import { paidOrder } from "../receipts/receipts-test-env";

const THREE_MONTHS = { months: 3, periodDays: 90, bonusDays: 15 };
const discounted = () => paidOrder({ amountMills: 24_000, discountCode: "KHMER-NY", discountMills: 5_990 });

describe("the receipt of a discounted order", () => {
  it("English: plan price, discount with its code, total paid", () => {
    const rows = receiptRows(buildPaymentReceipt(discounted(), THREE_MONTHS, "en"));
    const at = rows.findIndex((r) => r.label === "Total paid");
    expect(rows.slice(at - 2, at + 1)).toEqual([
      { label: "Plan price", value: "$29.99 USD" },
      { label: "Discount (KHMER-NY)", value: "-$5.99 USD" },
      { label: "Total paid", value: "$24.00 USD" },
    ]);
  });

  it("Khmer: the same facts in Khmer words, the code and amounts Latin", () => {
    const r = buildPaymentReceipt(discounted(), THREE_MONTHS, "km");
    expect(receiptRows(r)).toEqual(expect.arrayContaining([{ label: "តម្លៃគម្រោង", value: "$29.99 USD" }, { label: "ការបញ្ចុះតម្លៃ (KHMER-NY)", value: "-$5.99 USD" }]));
  });

  it("no code: no price or discount rows", () => {
    const r = buildPaymentReceipt(paidOrder(), THREE_MONTHS, "en");
    expect(r.discount).toBeNull();
    expect(receiptRows(r).map((x) => x.label)).not.toContain("Plan price");
  });

  it("the PDF renders with the discount line in both languages", async () => {
    for (const language of ["en", "km"] as const) {
      const pdf = await renderReceiptPdf(buildPaymentReceipt(discounted(), THREE_MONTHS, language));
      expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    }
  });
});
