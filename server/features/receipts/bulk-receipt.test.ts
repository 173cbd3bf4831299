// A reseller's bulk order on its receipt (decision 080): the line says the plan × the quantity and
// the unit price, in the e-mail's rows and the PDF, in English and Khmer. One licence: as before.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildPaymentReceipt, receiptRows } from "./model";
import { paymentReceiptEmail } from "./email";
import { renderReceiptPdf } from "./pdf";
import { paidOrder } from "./receipts-test-env";

const THREE_MONTHS = { months: 3, periodDays: 90, bonusDays: 0 };
const bulk = () => paidOrder({ quantity: 10, unitPriceMills: 8_990, amountMills: 89_900 });
const hasPdftotext = !spawnSync("pdftotext", ["-v"]).error;
const dir = mkdtempSync(path.join(tmpdir(), "keyshop-bulk-receipt-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const LINES = {
  en: "3 Months licence × 10 · $8.99 USD each",
  km: "× 10 · $8.99 USD ក្នុងមួយ",
} as const;

describe("the receipt of a bulk order", () => {
  it("says the plan × the quantity and the unit price, in English and Khmer, with the order's total", () => {
    const en = buildPaymentReceipt(bulk(), THREE_MONTHS, "en");
    expect(en.item.title).toBe(LINES.en);
    expect(receiptRows(en)).toContainEqual({ label: "Description", value: `${LINES.en} (90 days)` });
    expect(receiptRows(en)).toContainEqual({ label: "Total paid", value: "$89.90 USD" });
    const km = buildPaymentReceipt(bulk(), THREE_MONTHS, "km");
    expect(km.item.title).toContain(LINES.km);
    expect(km.item.title.startsWith("អាជ្ញាប័ណ្ណ")).toBe(true);
    // The e-mail says it too (its intro and rows come from the same receipt).
    const mail = paymentReceiptEmail(en, { kind: "history", url: "http://localhost:3000/transactions-history" });
    expect(mail.intro).toContain(LINES.en);
  });

  it("one licence: no quantity on the line", () => {
    expect(buildPaymentReceipt(paidOrder(), THREE_MONTHS, "en").item.title).toBe("3 Months licence");
  });

  it.skipIf(!hasPdftotext)("the PDF says it, in both languages", async () => {
    for (const language of ["en", "km"] as const) {
      const file = path.join(dir, `bulk-${language}.pdf`);
      writeFileSync(file, await renderReceiptPdf(buildPaymentReceipt(bulk(), THREE_MONTHS, language)));
      const text = spawnSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8" }).stdout.normalize("NFC").replace(/\s+/g, " ");
      expect(text).toContain(LINES[language]);
      expect(text).toContain("$89.90 USD");
    }
  });
});
