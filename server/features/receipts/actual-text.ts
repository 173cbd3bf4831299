// Khmer in the receipt PDF as real text (decision 039). fontkit shapes Khmer: a pre-base vowel
// (េ ែ ៃ, the first part of ើ ោ …) and a subscript ro (្រ) are drawn before their consonant, a
// coeng and the consonant after it become one subscript glyph, marks move. pdfkit then writes
// the glyph ids in that visual order, with a ToUnicode CMap that maps each glyph id to the code
// points it came from; so a viewer that reads the glyphs gets "េលខ" for "លេខ" and "បងា្កន់ ៃដ"
// for "បង្កាន់ដៃ". A CMap cannot fix this: it maps a glyph id to one text wherever the glyph is
// drawn, and the same vowel glyph belongs to different syllables.
//
// So each Khmer word is wrapped in a marked-content sequence carrying the text it shows:
//   BT … /Span << /ActualText <FEFF…> >> BDC [glyphs] TJ … EMC ET
// (PDF 32000-1 §14.9.4, PDF 1.5). Text extraction (poppler's pdftotext, PDFium in Chrome, Acrobat)
// and screen readers take the ActualText instead of the glyphs; what is drawn does not change.
//
// The sequence sits inside the text object (between BT and ET), not around pdfkit's whole
// `q … BT … ET Q`: poppler places an ActualText with the graphics state it has at EMC, and after
// pdfkit's Q that state has lost the flip pdfkit draws text with, so the words landed in the
// wrong place in pdftotext's layout. pdfkit offers no hook inside its text object, so the one
// drawing call is watched: its BT gets the BDC after it, its ET the EMC before it.

/** A PDF text string as a hex string: UTF-16BE with its byte order mark (PDF 32000-1 §7.9.2.2). */
export function pdfTextStringHex(text: string): string {
  let hex = "FEFF";
  for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).toUpperCase().padStart(4, "0");
  return `<${hex}>`;
}

interface ContentWriter {
  addContent(data: string): unknown;
  /** The document catalog (pdfkit's, not part of its typed API). */
  _root?: { data?: Record<string, unknown> };
}

/**
 * Runs `draw`, which must draw one text object with pdfkit (one `doc.text(…, { lineBreak: false })`),
 * so that its glyphs are marked as showing `text`. Throws if `draw` did not write exactly one
 * text object (a pdfkit that writes text differently): better a failed receipt than a silently
 * unmarked one.
 */
export function drawWithActualText(doc: PDFKit.PDFDocument, text: string, draw: () => void): void {
  const writer = doc as unknown as ContentWriter;
  const own = Object.prototype.hasOwnProperty.call(writer, "addContent");
  const addContent = writer.addContent;
  let opened = 0;
  let closed = 0;
  writer.addContent = function (this: unknown, data: string) {
    if (data === "ET") {
      closed++;
      addContent.call(this, "EMC");
    }
    const result = addContent.call(this, data);
    if (data === "BT") {
      opened++;
      addContent.call(this, `/Span << /ActualText ${pdfTextStringHex(text)} >> BDC`);
    }
    return result;
  };
  try {
    draw();
  } finally {
    if (own) writer.addContent = addContent;
    else delete (writer as Partial<ContentWriter>).addContent;
  }
  if (opened !== 1 || closed !== 1) throw new Error(`ActualText: expected one text object (BT … ET) for "${text}", pdfkit wrote ${opened}`);
  // ActualText in marked content is PDF 1.5. pdfkit writes a 1.3 header (and, asked for 1.4 or
  // later, an XMP stream too); the catalog's /Version (PDF 1.4) states the later version instead.
  if (writer._root?.data) writer._root.data.Version = "1.5";
}
