// The receipt PDF read by another program (poppler-utils: pdffonts, pdftotext), as a customer's
// viewer would: Noto Sans Khmer embedded and subset, the tran_id, amount and dates extractable,
// and the Khmer text extracted as the words the e-mail has (the words carry their text as
// ActualText, actual-text.ts), not as glyphs in visual order ("េលខ" for "លេខ").
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { SITE } from "../../../contracts/site";
import { paymentReceiptEmail } from "./email";
import { buildPaymentReceipt, type PaymentReceipt } from "./model";
import { renderReceiptPdf } from "./pdf";
import { paidOrder } from "./receipts-test-env";
import type { Language } from "../../../contracts/languages";

const hasPoppler = ["pdffonts", "pdftotext"].every((tool) => !spawnSync(tool, ["-v"]).error);
const SKIPPED = hasPoppler ? "" : " (SKIPPED: pdffonts/pdftotext not found; apt-get install -y poppler-utils)";
if (!hasPoppler) console.warn(`receipt PDF checks skipped: poppler-utils is not installed (apt-get install -y poppler-utils)`);

const dir = mkdtempSync(path.join(tmpdir(), "keyshop-receipt-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const order = paidOrder({
  id: "3f0c9a52-4a4e-4bf1-9f0e-0f3cb5f0a002",
  tranId: "KS261124070512QWERTY",
  locale: "km",
  userId: null,
  email: "khmer-buyer@example.com",
  planId: "local-12m",
  planTitle: "12 Months",
  planTerms: null,
  amountMills: 119_990,
  providerRef: "654321",
});

const TWELVE_MONTHS = { months: 12, periodDays: 365, bonusDays: 30 };

async function pdfFile(language: Language) {
  const file = path.join(dir, `receipt-${language}.pdf`);
  writeFileSync(file, await renderReceiptPdf(buildPaymentReceipt(order, TWELVE_MONTHS, language)));
  return file;
}

let written = 0;
async function receiptFile(receipt: PaymentReceipt) {
  const file = path.join(dir, `receipt-${written++}.pdf`);
  writeFileSync(file, await renderReceiptPdf(receipt));
  return file;
}

const run = (tool: string, args: string[]) => {
  const res = spawnSync(tool, args, { encoding: "utf8" });
  expect(res.status, res.stderr).toBe(0);
  // poppler reports what it cannot parse ("Syntax Error", "Syntax Warning") on stderr
  expect(res.stderr, `${tool} ${args.join(" ")}`).toBe("");
  return res.stdout;
};

/** Text as a reader compares it: NFC, any run of white space (a wrapped line too) one space. */
const words = (text: string) => text.normalize("NFC").replace(/\s+/g, " ").trim();

/** A Khmer vowel sign, sign or coeng (U+17B6–U+17D3, U+17DD) must follow a Khmer letter or sign:
 *  one at a word's start is a glyph in visual order (a pre-base vowel before its consonant). */
const DETACHED_KHMER_SIGN = /(?<![\u1780-\u17D3\u17DD])[\u17B6-\u17D3\u17DD]/u;

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

  it.skipIf(!hasPoppler)("Khmer: pdftotext finds every Khmer heading, label and value exactly as the e-mail has it, no glyph in visual order", async () => {
    const site = { ...SITE, seller: { ...SITE.seller, taxId: "K001-123456789" } };
    const receipts = [
      buildPaymentReceipt(order, TWELVE_MONTHS, "km", site),
      buildPaymentReceipt({ ...order, status: "refunded", refundedMills: order.amountMills }, TWELVE_MONTHS, "km"),
      buildPaymentReceipt({ ...order, kind: "topup", planId: null, planTitle: "Balance Top Up", amountMills: 5_000, providerRef: null }, null, "km"),
    ];
    for (const receipt of receipts) {
      const t = receipt.texts;
      const mail = paymentReceiptEmail(receipt, { kind: "history", url: "https://shop.test/" });
      const expected = [
        // What the e-mail says (its description row joins the item's title and term: the PDF has them on two lines)
        mail.heading,
        mail.sellerLabel,
        ...mail.seller,
        ...mail.rows.filter((row) => row.label !== t.description).flatMap((row) => [row.label, row.value]),
        receipt.item.title,
        ...(receipt.item.detail ? [receipt.item.detail] : []),
        mail.thanks,
        mail.questions,
        // and what only the PDF says
        t.description,
        t.amount,
        t.payment,
        t.electronic,
        ...(receipt.status === "refunded" ? [t.refundedNote] : []),
      ];
      expect(expected.filter((e) => /[\u1780-\u17FF]/.test(e)).length).toBeGreaterThan(15);

      const file = await receiptFile(receipt);
      for (const mode of [[], ["-raw"]]) {
        const text = words(run("pdftotext", [...mode, "-enc", "UTF-8", file, "-"]));
        for (const e of expected) expect(text, `pdftotext ${mode.join(" ")}: ${e}`).toContain(words(e));
        expect(text).not.toMatch(DETACHED_KHMER_SIGN);
      }
      // The layout keeps each heading on its line: the brand, then the title at the right.
      const [first] = run("pdftotext", ["-layout", "-enc", "UTF-8", file, "-"]).normalize("NFC").split("\n");
      expect(first).toMatch(new RegExp(`^Keyshop +${t.title}$`));
    }
  });

  it.skipIf(!hasPoppler)("Khmer: each word is a word of its own (pdftotext -bbox), where its glyphs are", async () => {
    const file = await pdfFile("km");
    const boxes = [...run("pdftotext", ["-bbox", file, "-"]).matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map(
      ([, x0, y0, x1, y1, word]) => ({ word: word!.normalize("NFC"), x0: Number(x0), y0: Number(y0), x1: Number(x1), y1: Number(y1) }),
    );
    // "365 ថ្ងៃ + ថែមឥតគិតថ្លៃ 30 ថ្ងៃ": five words on one line, left to right
    const term = ["365", "ថ្ងៃ", "+", "ថែមឥតគិតថ្លៃ", "30", "ថ្ងៃ"].map((w) => w.normalize("NFC"));
    const start = boxes.findIndex((b, i) => term.every((w, k) => boxes[i + k]?.word === w));
    expect(start, boxes.map((b) => b.word).join(" | ")).toBeGreaterThanOrEqual(0);
    const line = boxes.slice(start, start + term.length);
    for (let i = 1; i < line.length; i++) {
      expect(line[i]!.x0).toBeGreaterThan(line[i - 1]!.x1);
      expect(Math.abs(line[i]!.y0 - line[0]!.y0)).toBeLessThan(3);
    }
    // The title sits at the top right, where it is drawn.
    const title = boxes.find((b) => b.word === "បង្កាន់ដៃបង់ប្រាក់".normalize("NFC"));
    expect(title).toBeDefined();
    expect(title!.x0).toBeGreaterThan(400);
    expect(title!.y1).toBeLessThan(100);
  });

  it.skipIf(!hasPoppler)("English: only Noto Sans; every fact in the text", async () => {
    const file = await pdfFile("en");
    const fonts = run("pdffonts", [file]);
    expect(fonts).not.toContain("Khmer");
    expect(fonts).not.toContain("Helvetica");
    const text = run("pdftotext", ["-enc", "UTF-8", file, "-"]);
    for (const part of ["Payment receipt", "KS261124070512QWERTY", "12 Months licence", "365 days + 30 days free", "$119.99 USD", "Approval code", "654321", "November 24, 2026 at 14:05", "2026-11-24 07:05 UTC", "Paid"]) {
      expect(text).toContain(part);
    }
  });
});
