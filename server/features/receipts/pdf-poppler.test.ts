// The receipt PDF read by another program (poppler-utils: pdffonts, pdftotext), as a customer's
// viewer would: Noto Sans Khmer embedded and subset, the tran_id, amount and dates extractable.
// pdftotext gives Khmer in glyph order (a pre-base vowel before its consonant), so Khmer is
// checked by the embedded font and by words with no reordered vowel.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { OrderRow } from "../orders/dto";
import { buildPaymentReceipt } from "./model";
import { renderReceiptPdf } from "./pdf";

const hasPoppler = ["pdffonts", "pdftotext"].every((tool) => !spawnSync(tool, ["-v"]).error);
const SKIPPED = hasPoppler ? "" : " (SKIPPED: pdffonts/pdftotext not found; apt-get install -y poppler-utils)";
if (!hasPoppler) console.warn(`receipt PDF checks skipped: poppler-utils is not installed (apt-get install -y poppler-utils)`);

const dir = mkdtempSync(path.join(tmpdir(), "keyshop-receipt-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const paidAt = new Date("2026-11-24T07:05:00Z");
const order = {
  id: "3f0c9a52-4a4e-4bf1-9f0e-0f3cb5f0a002",
  tranId: "KS261124070512QWERTY",
  provider: "payway",
  locale: "km",
  kind: "plan",
  userId: null,
  email: "khmer-buyer@example.com",
  planId: "local-12m",
  planTitle: "12 Months",
  amountMills: 119_990,
  currency: "USD",
  status: "paid",
  providerRef: "654321",
  refundedMills: 0,
  refundClaimUntil: null,
  deviceKey: null,
  renewLicenseId: null,
  fulfilment: null,
  createdAt: paidAt,
  updatedAt: paidAt,
  paidAt,
  expiresAt: null,
  nextCheckAt: null,
} satisfies OrderRow;

async function pdfFile(language: "en" | "km") {
  const file = path.join(dir, `receipt-${language}.pdf`);
  writeFileSync(file, await renderReceiptPdf(buildPaymentReceipt(order, { title: "12 Months", periodDays: 365, bonusDays: 30 }, language)));
  return file;
}

const run = (tool: string, args: string[]) => {
  const res = spawnSync(tool, args, { encoding: "utf8" });
  expect(res.status, res.stderr).toBe(0);
  return res.stdout;
};

describe(`a receipt read with poppler-utils${SKIPPED}`, () => {
  it.skipIf(!hasPoppler)("Khmer: Noto Sans Khmer and Noto Sans embedded and subset, nothing else; the tran_id, amount and dates in the text", async () => {
    const file = await pdfFile("km");
    const fonts = run("pdffonts", [file]);
    const rows = fonts.split("\n").slice(2).filter(Boolean);
    // name, type, encoding, emb, sub, uni: e.g. "EZZZZZ+NotoSansKhmer-Regular CID TrueType Identity-H yes yes yes 11 0"
    const families = rows.map((row) => row.split(/\s+/)[0]!.replace(/^[A-Z]{6}\+/, "")).sort();
    expect(families).toEqual(["NotoSans-Bold", "NotoSans-Regular", "NotoSansKhmer-Bold", "NotoSansKhmer-Regular"]);
    for (const row of rows) expect(row, row).toMatch(/Identity-H\s+yes\s+yes\s+yes/);

    const text = run("pdftotext", ["-enc", "UTF-8", file, "-"]);
    for (const latin of ["KS261124070512QWERTY", "$119.99 USD", "654321", "2026-11-24 07:05 UTC", "ABA PayWay", "khmer-buyer@example.com", "UTC+07:00"]) {
      expect(text).toContain(latin);
    }
    // Words whose glyphs come in reading order: seller, customer, description.
    for (const khmer of ["អ្នកលក់", "អតិថិជន", "ការពិពណ៌នា"]) expect(text).toContain(khmer);
  });

  it.skipIf(!hasPoppler)("English: only Noto Sans; every fact in the text", async () => {
    const file = await pdfFile("en");
    const fonts = run("pdffonts", [file]);
    expect(fonts).not.toContain("Khmer");
    expect(fonts).not.toContain("Helvetica");
    const text = run("pdftotext", ["-enc", "UTF-8", file, "-"]);
    for (const part of ["Payment receipt", "KS261124070512QWERTY", "12 Months licence", "365 days + 30 days free", "$119.99 USD", "Approval code", "654321", "24 Nov 2026, 14:05", "2026-11-24 07:05 UTC", "Paid"]) {
      expect(text).toContain(part);
    }
  });
});
