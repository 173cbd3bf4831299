// A gift on the payer's receipt (decision 079): "Gift for <recipient>" after the description, in
// the e-mail's rows and the PDF, in English and Khmer; never the buy key. Not a gift: no such line.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildPaymentReceipt, receiptRows } from "./model";
import { renderReceiptPdf } from "./pdf";
import { paidOrder } from "./receipts-test-env";

const ONE_MONTH = { months: 1, periodDays: 30, bonusDays: 0 };
const gift = () => paidOrder({ giftEmail: "sokha@example.com", fulfilment: { licenseId: "l1", gift: true } });
const hasPdftotext = !spawnSync("pdftotext", ["-v"]).error;
const dir = mkdtempSync(path.join(tmpdir(), "keyshop-gift-receipt-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the receipt of a gift", () => {
  it("says whose licence it is, after the description, in English and Khmer", () => {
    const en = receiptRows(buildPaymentReceipt(gift(), ONE_MONTH, "en"));
    const at = en.findIndex((r) => r.label === "Description");
    expect(en[at + 1]).toEqual({ label: "Gift for", value: "sokha@example.com" });
    expect(receiptRows(buildPaymentReceipt(gift(), ONE_MONTH, "km"))).toContainEqual({ label: "អំណោយសម្រាប់", value: "sokha@example.com" });
  });

  it("not a gift: no such line", () => {
    expect(receiptRows(buildPaymentReceipt(paidOrder(), ONE_MONTH, "en")).map((r) => r.label)).not.toContain("Gift for");
  });

  it.skipIf(!hasPdftotext)("the PDF says it too, in both languages", async () => {
    for (const [language, label] of [["en", "Gift for"], ["km", "អំណោយសម្រាប់"]] as const) {
      const file = path.join(dir, `gift-${language}.pdf`);
      writeFileSync(file, await renderReceiptPdf(buildPaymentReceipt(gift(), ONE_MONTH, language)));
      const text = spawnSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8" }).stdout.normalize("NFC").replace(/\s+/g, " ");
      expect(text).toContain(`${label}: sokha@example.com`);
    }
  });
});
