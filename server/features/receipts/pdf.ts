// The payment receipt as a PDF (pdfkit, one A4 page). Two font families are embedded, subset:
// Noto Sans for Latin text (so tran_id, amounts and dates stay extractable as text) and Noto Sans
// Khmer for Khmer, which fontkit shapes (subscript consonants, pre-base vowels). Text is split
// into runs by script and each run drawn in its font; lines wrap at spaces, which Khmer puts
// between phrases. Each Khmer word carries its text as ActualText, so copying, searching, screen
// readers and pdftotext get the words, not the glyphs' visual order (actual-text.ts). Fonts: fonts.ts.
import PDFDocument from "pdfkit";
import { languageInfo } from "../../../contracts/languages";
import { drawWithActualText } from "./actual-text";
import { patchFontkitNullAnchors } from "./fontkit-null-anchors";
import { receiptFonts, type ReceiptFontName } from "./fonts";
import type { PaymentReceipt } from "./model";

let shapingFixed = false;

const COLORS = { ink: "#18181b", muted: "#52525b", faint: "#71717a", line: "#e4e4e7", paid: "#047857", refunded: "#b45309" };
const PAGE = { width: 595.28, height: 841.89, margin: 56 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;

/** Khmer letters, signs and symbols (U+1780–U+17FF, U+19E0–U+19FF) and the joiners Khmer uses. */
const KHMER = /[\u1780-\u17FF\u19E0-\u19FF\u200B-\u200D]/;

/** "អាជ្ញាប័ណ្ណ 3 ខែ" → [khmer "អាជ្ញាប័ណ្ណ "] [latin "3 "] [khmer "ខែ"]: spaces stay with the run before them. */
export function scriptRuns(text: string): Array<{ khmer: boolean; text: string }> {
  const runs: Array<{ khmer: boolean; text: string }> = [];
  for (const ch of text) {
    const last = runs[runs.length - 1];
    const khmer = /\s/.test(ch) && last ? last.khmer : KHMER.test(ch);
    if (last && last.khmer === khmer) last.text += ch;
    else runs.push({ khmer, text: ch });
  }
  return runs;
}

interface Style {
  size: number;
  bold?: boolean;
  color?: string;
}

class Writer {
  constructor(
    private readonly doc: PDFKit.PDFDocument,
    /** Line height as a multiple of the size: Khmer stacks need more room. */
    private readonly leading: number,
  ) {}

  private use(khmer: boolean, style: Style) {
    const name: ReceiptFontName = khmer ? (style.bold ? "khmerBold" : "khmer") : style.bold ? "latinBold" : "latin";
    return this.doc.font(name).fontSize(style.size);
  }

  width(text: string, style: Style): number {
    return scriptRuns(text).reduce((sum, run) => sum + this.use(run.khmer, style).widthOfString(run.text), 0);
  }

  /** One line, its baseline at y, from x (or ending at x when right-aligned). No wrapping. */
  line(text: string, x: number, y: number, style: Style, align: "left" | "right" = "left") {
    let at = align === "right" ? x - this.width(text, style) : x;
    for (const run of scriptRuns(text)) {
      const doc = this.use(run.khmer, style).fillColor(style.color ?? COLORS.ink);
      // Khmer word by word, each marked with its text (actual-text.ts); the spaces between are
      // drawn unmarked, so extraction sees words and the spaces between them.
      for (const piece of run.khmer ? run.text.split(/( +)/).filter(Boolean) : [run.text]) {
        const draw = () => doc.text(piece, at, y, { lineBreak: false, baseline: "alphabetic" });
        if (run.khmer && piece.trim()) drawWithActualText(doc, piece, draw);
        else draw();
        at += doc.widthOfString(piece);
      }
    }
  }

  /** Lines of at most `width`, broken at spaces (a word longer than the width stays whole). */
  wrap(text: string, width: number, style: Style): string[] {
    const lines: string[] = [];
    let current = "";
    for (const word of text.split(" ")) {
      const next = current ? `${current} ${word}` : word;
      if (current && this.width(next, style) > width) {
        lines.push(current);
        current = word;
      } else current = next;
    }
    if (current) lines.push(current);
    return lines;
  }

  /** A wrapped paragraph whose first baseline is at y; returns the baseline after its last line. */
  paragraph(text: string, x: number, y: number, width: number, style: Style): number {
    for (const line of this.wrap(text, width, style)) {
      this.line(line, x, y, style);
      y += style.size * this.leading;
    }
    return y;
  }

  rule(y: number) {
    this.doc
      .moveTo(PAGE.margin, y)
      .lineTo(PAGE.width - PAGE.margin, y)
      .lineWidth(0.75)
      .strokeColor(COLORS.line)
      .stroke();
  }
}

/** Renders the receipt; resolves to the PDF's bytes. */
export function renderReceiptPdf(r: PaymentReceipt): Promise<Buffer> {
  const f = receiptFonts();
  const t = r.texts;
  const doc = new PDFDocument({
    size: "A4",
    margin: PAGE.margin,
    font: "", // no default (Helvetica): only our two families are in the file, each run picks its own
    lang: r.language,
    displayTitle: true,
    info: { Title: `${r.seller.name} ${t.title} ${r.tranId}`, Author: r.seller.legalName, Subject: `${r.item.title} ${r.amount}`, CreationDate: r.paidAt },
  });
  for (const [name, data] of Object.entries(f)) doc.registerFont(name, data);
  if (!shapingFixed) {
    // Noto Sans Khmer's NULL anchors crash fontkit 2.0.4 (fontkit-null-anchors.ts).
    doc.font("khmer");
    shapingFixed = patchFontkitNullAnchors((doc as unknown as { _font: { font: Parameters<typeof patchFontkitNullAnchors>[0] } })._font.font);
  }
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  // Line height and label size are the language's (contracts/languages.ts): stacked scripts need more room.
  const { lineHeight, labelSize } = languageInfo(r.language).pdf;
  const w = new Writer(doc, lineHeight);
  const left = PAGE.margin;
  const right = PAGE.width - PAGE.margin;
  const label: Style = { size: labelSize, color: COLORS.faint };
  const body: Style = { size: 10 };
  const lh = (s: Style) => s.size * lineHeight;

  // Header: brand, title, status.
  let y = PAGE.margin + 22;
  w.line(r.seller.name, left, y, { size: 22, bold: true });
  w.line(t.title, right, y - 4, { size: 15, bold: true }, "right");
  w.line(r.statusText, right, y + 16, { size: 10.5, bold: true, color: r.status === "refunded" ? COLORS.refunded : COLORS.paid }, "right");
  y += 34;
  w.rule(y);

  // Seller (left) and the receipt's facts (right).
  const column = left + CONTENT_WIDTH * 0.52;
  let ys = y + 22;
  w.line(t.seller, left, ys, label);
  ys += lh(label) + 2;
  ys = w.paragraph(r.seller.legalName, left, ys, column - left - 16, { ...body, bold: true });
  for (const addressLine of r.seller.address) ys = w.paragraph(addressLine, left, ys, column - left - 16, body);
  w.line(r.seller.email, left, ys, body);
  ys += lh(body);
  w.line(r.seller.website, left, ys, body);
  ys += lh(body);
  if (r.seller.taxId) {
    w.line(`${t.taxId}: ${r.seller.taxId}`, left, ys, body);
    ys += lh(body);
  }
  ys += 10;
  w.line(t.billedTo, left, ys, label);
  ys += lh(label) + 2;
  w.line(r.buyerEmail, left, ys, body);
  ys += lh(body);

  let yf = y + 22;
  const facts: Array<[string, string]> = [
    [t.receiptNumber, r.number],
    [t.datePaid, r.paidLocal],
    [t.dateUtc, r.paidUtc],
    [t.status, r.statusText],
  ];
  for (const [name, value] of facts) {
    w.line(name, column, yf, label);
    yf += lh(label) + 1;
    yf = w.paragraph(value, column, yf, right - column, body) + 4;
  }

  // The item and the total.
  y = Math.max(ys, yf) + 12;
  w.rule(y);
  y += 20;
  w.line(t.description, left, y, label);
  w.line(t.amount, right, y, label, "right");
  y += lh(label) + 4;
  w.line(r.item.title, left, y, { ...body, size: 11, bold: true });
  w.line(r.price, right, y, { ...body, size: 11 }, "right");
  y += lh({ size: 11 });
  if (r.item.detail) {
    w.line(r.item.detail, left, y, { ...body, color: COLORS.muted });
    y += lh(body);
  }
  // A gift's line (decision 079): whose licence this is.
  if (r.giftTo) {
    y += 4;
    w.line(`${t.giftFor}: ${r.giftTo}`, left, y, body);
    y += lh(body);
  }
  // A discount code's line (decision 077): the code and what it took off the price above.
  if (r.discount) {
    y += 4;
    w.line(r.discount.label, left, y, body);
    w.line(r.discount.amount, right, y, body, "right");
    y += lh(body);
  }
  y += 6;
  w.rule(y);
  y += 24;
  w.line(t.total, right - 150, y, { size: 11, bold: true }, "right");
  w.line(r.amount, right, y, { size: 13, bold: true }, "right");
  y += 30;

  // How it was paid.
  w.line(t.payment, left, y, label);
  y += lh(label) + 4;
  const payment: Array<[string, string]> = [
    [t.method, r.method],
    [t.tranId, r.tranId],
    [t.approvalCode, r.approvalCode ?? "—"],
  ];
  for (const [name, value] of payment) {
    w.line(name, left, y, { ...body, color: COLORS.muted });
    w.line(value, left + 230, y, { ...body, bold: true });
    y += lh(body) + 2;
  }
  y += 10;
  w.rule(y);
  y += 24;

  // Closing words.
  if (r.status === "refunded") y = w.paragraph(t.refundedNote, left, y, CONTENT_WIDTH, { ...body, bold: true, color: COLORS.refunded }) + 4;
  y = w.paragraph(t.thanks, left, y, CONTENT_WIDTH, body);
  y = w.paragraph(t.electronic, left, y, CONTENT_WIDTH, { ...body, size: 9, color: COLORS.muted });
  w.paragraph(t.questions(r.seller.email), left, y, CONTENT_WIDTH, { ...body, size: 9, color: COLORS.muted });

  doc.end();
  return done;
}
