// The receipt model (both languages, amounts, dates), its download links and its PDF (renders,
// Khmer included: every Khmer text of the dictionary is shaped without fontkit's NULL-anchor crash).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { inflateSync } from "node:zlib";
import PDFDocument from "pdfkit";
import { describe, expect, it } from "vitest";
import { RECEIPT_LINK_DAYS } from "../../../contracts/receipts";
import { SITE } from "../../../contracts/site";
import { AppError } from "../../lib/errors";
import type { OrderRow } from "../orders/dto";
import { receiptToken } from "../orders/receipt";
import { drawWithActualText, pdfTextStringHex } from "./actual-text";
import { readReceiptDownloadToken, receiptDownloadToken, receiptDownloadUrl } from "./download-link";
import { paymentReceiptEmail, receiptDownload } from "./email";
import { RECEIPT_FONT_FILES, receiptFonts, woffToSfnt } from "./fonts";
import { assertHasReceipt, buildPaymentReceipt, receiptAmount, receiptRows } from "./model";
import { renderReceiptPdf, scriptRuns } from "./pdf";
import { paidOrder } from "./receipts-test-env";
import { RECEIPT_TEXTS } from "../../../contracts/receipt-texts";

const THREE_MONTHS = { months: 3, periodDays: 90, bonusDays: 15 };
const KHMER = /[\u1780-\u17FF]/;

const order = paidOrder;

describe("the receipt model", () => {
  it("English: seller from the site configuration, plan and term, amount, both dates, PayWay's tran_id and approval code", () => {
    const r = buildPaymentReceipt(order(), THREE_MONTHS, "en");
    expect(r).toMatchObject({
      language: "en",
      number: "KS261124070512ABCDEF",
      status: "paid",
      statusText: "Paid",
      seller: { name: SITE.brandName, legalName: SITE.seller.legalName, address: SITE.seller.address, email: SITE.supportEmail, website: "keyshop.example" },
      buyerEmail: "buyer@example.com",
      item: { title: "3 Months licence", detail: "90 days + 15 days free" },
      amount: "$29.99 USD",
      // The shop's time zone (SHOP_TIME_ZONE, Phnom Penh by default) and its offset.
      paidLocal: "November 24, 2026 at 14:05 (UTC+07:00)",
      paidUtc: "2026-11-24 07:05 UTC",
      method: "ABA PayWay",
      tranId: "KS261124070512ABCDEF",
      approvalCode: "123456",
    });
    expect(receiptRows(r).map((row) => row.label)).toEqual([
      "Receipt number",
      "Date paid",
      "Date (UTC)",
      "Billed to",
      "Description",
      "Total paid",
      "Payment method",
      "Transaction ID (tran_id)",
      "Approval code",
      "Status",
    ]);
    expect(receiptRows(r)).toContainEqual({ label: "Description", value: "3 Months licence (90 days + 15 days free)" });
  });

  it("Khmer: every label in Khmer; numbers, amounts and codes stay Latin", () => {
    const r = buildPaymentReceipt(order({ paidAt: new Date("2026-11-24T20:30:00Z") }), THREE_MONTHS, "km");
    expect(r).toMatchObject({
      language: "km",
      statusText: "បានបង់ប្រាក់",
      item: { title: "អាជ្ញាប័ណ្ណ 3 ខែ", detail: "90 ថ្ងៃ + ថែមឥតគិតថ្លៃ 15 ថ្ងៃ" },
      amount: "$29.99 USD",
      // Phnom Penh is already on the next day; the UTC date is stated beside it.
      paidLocal: "25 វិច្ឆិកា 2026 នៅម៉ោង 03:30 (UTC+07:00)",
      paidUtc: "2026-11-24 20:30 UTC",
      tranId: "KS261124070512ABCDEF",
      approvalCode: "123456",
    });
    for (const row of receiptRows(r)) expect(row.label, row.label).toMatch(KHMER);
    expect(receiptRows(r).find((row) => row.label === "លេខកូដអនុម័ត")?.value).toBe("123456");
  });

  it("in the shop's time zone, whichever it is (SHOP_TIME_ZONE)", () => {
    const late = order({ paidAt: new Date("2026-11-24T20:30:00Z") });
    expect(buildPaymentReceipt(late, THREE_MONTHS, "en", SITE, "UTC").paidLocal).toBe("November 24, 2026 at 20:30 (UTC+00:00)");
    expect(buildPaymentReceipt(late, THREE_MONTHS, "en", SITE, "America/New_York").paidLocal).toBe("November 24, 2026 at 15:30 (UTC-05:00)");
    expect(buildPaymentReceipt(late, THREE_MONTHS, "km", SITE, "Asia/Phnom_Penh").paidLocal).toBe("25 វិច្ឆិកា 2026 នៅម៉ោង 03:30 (UTC+07:00)");
  });

  it("the Khmer dictionary is complete and written in Khmer", () => {
    const km = RECEIPT_TEXTS.km as unknown as Record<string, unknown>;
    expect(Object.keys(km).sort()).toEqual(Object.keys(RECEIPT_TEXTS.en).sort());
    for (const [key, value] of Object.entries(km)) {
      // The date patterns carry values only (the month names come from Intl).
      if (key === "localDate" || key === "utcDate") continue;
      const text = typeof value === "string" ? value : (value as (...a: unknown[]) => string)(...(key === "term" ? [30, 5] : key === "bulkItem" ? ["3 ខែ", 10, "$8.99 USD"] : ["3 ខែ", "KS1"]));
      expect(text, key).toMatch(KHMER);
      expect(text, key).not.toMatch(/undefined|NaN/);
    }
  });

  it("a top-up is the Balance Top Up, in both languages", () => {
    const topUp = order({ kind: "topup", planId: null, planTitle: "Balance Top Up", amountMills: 5_000 });
    expect(buildPaymentReceipt(topUp, null, "en").item).toEqual({ title: "Balance Top Up", detail: "Prepaid balance for the OTP mail service" });
    expect(buildPaymentReceipt(topUp, null, "km").item.title).toBe("ការបញ្ចូលសមតុល្យ");
    expect(buildPaymentReceipt(topUp, null, "km").amount).toBe("$5.00 USD");
  });

  it("amounts: integer mills through the shared formatter, 2 decimals, never floats", () => {
    expect(receiptAmount(9_990, "USD")).toBe("$9.99 USD");
    expect(receiptAmount(119_990, "USD")).toBe("$119.99 USD");
    expect(receiptAmount(1_000, "USD")).toBe("$1.00 USD");
    expect(receiptAmount(10_000_000, "USD")).toBe("$10,000.00 USD");
    expect(receiptAmount(4_100, "KHR")).toBe("4.10 KHR");
    // 0.1 + 0.2 style sums stay exact: 10 cents + 20 cents.
    expect(receiptAmount(100 + 200, "USD")).toBe("$0.30 USD");
  });

  it("a plan with no bonus reads as its days alone; a tool order is the plan's licence too", () => {
    const oneMonth = { months: 1, periodDays: 30, bonusDays: 0 };
    expect(buildPaymentReceipt(order({ kind: "tool", userId: null, planTitle: "1 Month" }), oneMonth, "en").item).toEqual({ title: "1 Month licence", detail: "30 days" });
    expect(buildPaymentReceipt(order({ kind: "tool", userId: null, planTitle: "1 Month" }), oneMonth, "km").item).toEqual({ title: "អាជ្ញាប័ណ្ណ 1 ខែ", detail: "30 ថ្ងៃ" });
  });

  it("refunded after payment: still a receipt, marked Refunded", () => {
    expect(buildPaymentReceipt(order({ status: "refunded" }), THREE_MONTHS, "en")).toMatchObject({ status: "refunded", statusText: "Refunded" });
    expect(buildPaymentReceipt(order({ status: "refunded" }), THREE_MONTHS, "km").statusText).toBe("បានសងប្រាក់វិញ");
  });

  it("no approval code from PayWay: a dash", () => {
    const r = buildPaymentReceipt(order({ providerRef: null }), THREE_MONTHS, "en");
    expect(r.approvalCode).toBeNull();
    expect(receiptRows(r)).toContainEqual({ label: "Approval code", value: "—" });
  });

  it("orders never paid have no receipt (409 RECEIPT_NOT_AVAILABLE)", () => {
    for (const status of ["pending", "failed", "cancelled"] as const) {
      expect(() => buildPaymentReceipt(order({ status, paidAt: null }), THREE_MONTHS, "en")).toThrow(/no receipt/);
      expect(() => assertHasReceipt(order({ status, paidAt: null }))).toThrow(AppError);
      try {
        assertHasReceipt(order({ status, paidAt: null }));
      } catch (err) {
        expect((err as AppError).toBody()).toMatchObject({ code: "RECEIPT_NOT_AVAILABLE" });
        expect((err as AppError).status).toBe(409);
      }
    }
    // Refunded at PayWay before we ever saw it paid: nothing was paid here.
    expect(() => assertHasReceipt(order({ status: "refunded", paidAt: null }))).toThrow(AppError);
    expect(() => assertHasReceipt(order())).not.toThrow();
  });

  it("a plan the shop no longer knows: its stored title, and no term", () => {
    expect(buildPaymentReceipt(order({ planTitle: "3 Months" }), null, "en").item).toEqual({ title: "3 Months licence", detail: null });
  });

  it("a seller's tax number is printed when there is one", () => {
    const site = { ...SITE, seller: { ...SITE.seller, taxId: "K001-123456789" } };
    const r = buildPaymentReceipt(order(), THREE_MONTHS, "en", site);
    expect(r.seller.taxId).toBe("K001-123456789");
    expect(paymentReceiptEmail(r, { kind: "history", url: "u" }).seller).toContain("VATTIN: K001-123456789");
    expect(buildPaymentReceipt(order(), THREE_MONTHS, "en").seller.taxId).toBeNull();
  });
});

describe("the e-mail's content", () => {
  const deps = { baseUrl: "https://shop.test", secret: "s".repeat(32) };

  it("account holders are sent to Transactions History; buyers without an account get a signed link", () => {
    const r = buildPaymentReceipt(order(), THREE_MONTHS, "en");
    const history = receiptDownload(deps, r, { userId: "user-1" });
    expect(history).toEqual({ kind: "history", url: "https://shop.test/transactions-history" });
    expect(paymentReceiptEmail(r, history).download).toEqual({ url: "https://shop.test/transactions-history", label: "Open Transactions History", note: expect.stringContaining("Transactions History") });
    const link = receiptDownload(deps, r, { userId: null });
    expect(paymentReceiptEmail(r, link).download).toMatchObject({ label: "Download the receipt (PDF)", note: `The link works for ${RECEIPT_LINK_DAYS} days.` });
    expect(link.url).toMatch(/^https:\/\/shop\.test\/api\/payment-receipts\/KS261124070512ABCDEF\.[0-9a-z]+\.[A-Za-z0-9_-]{22}\/receipt\.pdf$/);
  });

  it("subject and content in the receipt's language", () => {
    const en = paymentReceiptEmail(buildPaymentReceipt(order(), THREE_MONTHS, "en"), { kind: "history", url: "u" });
    expect(en).toMatchObject({ subject: "Your Keyshop receipt KS261124070512ABCDEF", heading: "Payment receipt" });
    const km = paymentReceiptEmail(buildPaymentReceipt(order(), THREE_MONTHS, "km"), { kind: "history", url: "u" });
    expect(km).toMatchObject({ subject: "បង្កាន់ដៃបង់ប្រាក់ Keyshop KS261124070512ABCDEF", heading: "បង្កាន់ដៃបង់ប្រាក់" });
    expect(km.intro).toContain("$29.99 USD");
  });
});

describe("download links", () => {
  const secret = "receipt-test-secret-0123456789abcdef";
  const now = new Date("2026-11-24T07:05:00Z");
  const tomorrow = new Date(now.getTime() + 86_400_000);

  it("a genuine link names its payment until it expires", () => {
    const token = receiptDownloadToken(secret, "KS261124070512ABCDEF", tomorrow);
    expect(readReceiptDownloadToken(secret, token, now)).toEqual({ ok: true, tranId: "KS261124070512ABCDEF" });
    expect(readReceiptDownloadToken(secret, token, new Date(tomorrow.getTime() + 1000))).toEqual({ ok: false, reason: "expired" });
  });

  it("the e-mail's link works for 30 days after payment", () => {
    const url = receiptDownloadUrl("https://shop.test", secret, "KS261124070512ABCDEF", now);
    const token = url.split("/")[5]!;
    expect(readReceiptDownloadToken(secret, token, new Date(now.getTime() + 29 * 86_400_000)).ok).toBe(true);
    expect(readReceiptDownloadToken(secret, token, new Date(now.getTime() + 30 * 86_400_000 + 1000))).toEqual({ ok: false, reason: "expired" });
  });

  it("tampered, made-up, foreign or malformed links are invalid (never 'expired', never a throw)", () => {
    const token = receiptDownloadToken(secret, "KS261124070512ABCDEF", tomorrow);
    const [tranId, expires, mac] = token.split(".") as [string, string, string];
    const later = (parseInt(expires, 36) + 86_400 * 365).toString(36);
    const cases = [
      `KS261124070512ABCDEG.${expires}.${mac}`, // another payment
      `${tranId}.${later}.${mac}`, // a later expiry
      `${tranId}.${expires}.${mac.slice(0, -1)}${mac.endsWith("A") ? "B" : "A"}`,
      receiptDownloadToken("another-secret-0123456789abcdef", tranId, tomorrow),
      receiptToken(secret, tranId), // the return pages' receipt token
      `${tranId}.${expires}.${"é".repeat(22)}`,
      `${tranId}.${expires}`,
      `${token}.x`,
      "",
      "....",
      "%00.%00.%00",
    ];
    for (const bad of cases) expect(readReceiptDownloadToken(secret, bad, now), bad).toEqual({ ok: false, reason: "invalid" });
  });
});

describe("the PDF", () => {
  it("splits text into Latin and Khmer runs, spaces staying with the run before them", () => {
    expect(scriptRuns("អាជ្ញាប័ណ្ណ 3 ខែ")).toEqual([
      { khmer: true, text: "អាជ្ញាប័ណ្ណ " },
      { khmer: false, text: "3 " },
      { khmer: true, text: "ខែ" },
    ]);
    expect(scriptRuns("$29.99 USD")).toEqual([{ khmer: false, text: "$29.99 USD" }]);
  });

  it("unpacks the WOFF fonts into TrueType once", () => {
    const require = createRequire(import.meta.url);
    const woff = readFileSync(require.resolve(RECEIPT_FONT_FILES.khmer));
    const sfnt = woffToSfnt(woff);
    expect(sfnt.readUInt32BE(0)).toBe(woff.readUInt32BE(4)); // the flavor: TrueType
    expect(sfnt.readUInt16BE(4)).toBe(woff.readUInt16BE(12)); // as many tables
    expect(sfnt.length).toBe(woff.readUInt32BE(16)); // totalSfntSize
    expect(receiptFonts()).toBe(receiptFonts());
    expect(() => woffToSfnt(Buffer.from("not a font"))).toThrow(/WOFF/);
  });

  it("shapes every Khmer text of the dictionary, regular and bold (fontkit's NULL anchors skipped, not fatal)", async () => {
    await renderReceiptPdf(buildPaymentReceipt(order(), THREE_MONTHS, "km")); // the first PDF applies the fix
    const doc = new PDFDocument({ font: "" });
    doc.registerFont("khmer", receiptFonts().khmer).registerFont("khmerBold", receiptFonts().khmerBold);
    const km = RECEIPT_TEXTS.km;
    const texts = [
      ...Object.values(km).filter((v): v is string => typeof v === "string"),
      km.planItem("12 ខែ"),
      km.term(365, 30),
      km.localDate("31 ធ្នូ 2026 នៅម៉ោង 23:59", "+07:00"),
      km.questions(SITE.supportEmail),
      km.subject("Keyshop", "KS1"),
      km.intro("$9.99 USD", km.planItem("1 ខែ")),
      km.linkValidity(30),
      km.footer("Keyshop"),
      km.discount("KHMER-NY"),
    ];
    for (const text of texts) {
      for (const run of scriptRuns(text).filter((r) => r.khmer)) {
        for (const font of ["khmer", "khmerBold"]) expect(doc.font(font).widthOfString(run.text), run.text).toBeGreaterThan(0);
      }
    }
    doc.end();
  });

  it("ActualText: a text string is UTF-16BE with its byte order mark, in hex", () => {
    expect(pdfTextStringHex("ខែ")).toBe("<FEFF178117C2>");
    expect(pdfTextStringHex("A 😀")).toBe("<FEFF00410020D83DDE00>");
    expect(pdfTextStringHex("")).toBe("<FEFF>");
  });

  it("ActualText: the word's marked-content sequence sits inside its text object; the document says PDF 1.5", async () => {
    const doc = new PDFDocument({ font: "", compress: false });
    doc.registerFont("khmer", receiptFonts().khmer);
    const bytes = new Promise<string>((resolve) => {
      const chunks: Buffer[] = [];
      doc.on("data", (c: Buffer) => chunks.push(c));
      doc.on("end", () => resolve(Buffer.concat(chunks).toString("latin1")));
    });
    doc.font("khmer").fontSize(12);
    drawWithActualText(doc, "បង្កាន់ដៃ", () => doc.text("បង្កាន់ដៃ", 50, 50, { lineBreak: false }));
    doc.text("ដៃ", 50, 80, { lineBreak: false }); // unmarked: drawing goes back to plain pdfkit
    expect(Object.prototype.hasOwnProperty.call(doc, "addContent")).toBe(false);
    // A drawing that writes no text object (or two) is refused, not left unmarked.
    expect(() => drawWithActualText(doc, "ដៃ", () => undefined)).toThrow(/one text object/);
    expect(() => drawWithActualText(doc, "ដៃ", () => doc.text("ដៃ", 50, 90, { lineBreak: false }).text("ដៃ", 50, 99, { lineBreak: false }))).toThrow(/one text object/);
    doc.end();
    const pdf = await bytes;
    expect(pdf).toMatch(/\nBT\n\/Span << \/ActualText <FEFF1794178417D2178017B6179317CB178A17C3> >> BDC\n[^]*?\nEMC\nET\n/);
    expect(pdf.match(/ BDC\n/g)).toHaveLength(3); // the word's, and one for each text object of the refused drawing of two
    expect(pdf).toContain("/Version /1.5");
  });

  it("ActualText: every Khmer word a Khmer receipt draws carries its text; an English receipt has none", async () => {
    const site = { ...SITE, seller: { ...SITE.seller, taxId: "K001-123456789" } };
    const contents = async (language: "en" | "km", o: OrderRow) => {
      const pdf = await renderReceiptPdf(buildPaymentReceipt(o, o.kind === "topup" ? null : THREE_MONTHS, language, site));
      const streams = [...pdf.toString("latin1").matchAll(/stream\n([^]*?)\nendstream/g)].map((m) => Buffer.from(m[1]!, "latin1"));
      return streams.map((s) => { try { return inflateSync(s).toString("latin1"); } catch { return ""; } }).join("\n");
    };
    const decode = (hex: string) => Buffer.from(hex.slice(4), "hex").swap16().toString("utf16le");
    for (const o of [order({ status: "refunded" }), order({ kind: "topup", planId: null, planTitle: "Balance Top Up" })]) {
      const content = await contents("km", o);
      const marked = new Set([...content.matchAll(/\/ActualText <([0-9A-F]+)> >> BDC/g)].map((m) => decode(m[1]!)));
      const r = buildPaymentReceipt(o, o.kind === "topup" ? null : THREE_MONTHS, "km", site);
      const t = r.texts;
      const drawn = [t.title, t.seller, t.billedTo, t.receiptNumber, t.datePaid, t.dateUtc, t.status, r.statusText, t.description, t.amount, r.item.title, r.item.detail ?? "", t.total, t.payment, t.method, t.tranId, t.approvalCode, `${t.taxId}: K001`, r.paidLocal, t.thanks, t.electronic, t.questions(SITE.supportEmail), ...(o.status === "refunded" ? [t.refundedNote] : [])];
      const khmerWords = drawn.flatMap((text) => scriptRuns(text).filter((run) => run.khmer).flatMap((run) => run.text.split(" ").filter(Boolean)));
      expect(khmerWords.length).toBeGreaterThan(25);
      for (const word of khmerWords) expect(marked, word).toContain(word);
      for (const word of marked) expect(word, "a marked word is Khmer, whole, without spaces").toMatch(/^[\u1780-\u17FF]+$/);
      // Balanced, and each inside a text object.
      expect(content.match(/ BDC\n/g)?.length).toBe(content.match(/\nEMC\n/g)?.length);
      expect(content).not.toMatch(/BDC\n(?:(?!EMC\n)[^])*?\nET\n/);
    }
    expect(await contents("en", order({ status: "refunded" }))).not.toContain("ActualText");
  });

  it.each(["en", "km"] as const)("renders a %s receipt (every text of it, refunded, with a tax number)", async (language) => {
    const site = { ...SITE, seller: { ...SITE.seller, taxId: "K001-123456789" } };
    for (const o of [order({ status: "refunded" }), order({ kind: "topup", planId: null, planTitle: "Balance Top Up", providerRef: null })]) {
      const pdf = await renderReceiptPdf(buildPaymentReceipt(o, o.kind === "topup" ? null : THREE_MONTHS, language, site));
      expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      expect(pdf.subarray(-6).toString("latin1")).toContain("%%EOF");
      expect(pdf.toString("latin1")).toContain(`/Lang (${language})`);
    }
  });
});
