// The receipt PDF's fonts, from node_modules (@fontsource ships WOFF files): Noto Sans for Latin
// text, Noto Sans Khmer for Khmer, regular and bold. They are resolved from this module, so they
// are found in development, in tests and in the bundled server alike (dist/server.js: esbuild
// keeps packages external, and node_modules sits beside dist/ in the image).
//
// Each WOFF is unpacked once into a plain TrueType font with node's zlib: fontkit would otherwise
// inflate every table with a JavaScript inflater for every PDF (about a second per receipt).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { inflateSync } from "node:zlib";

const require = createRequire(import.meta.url);

export const RECEIPT_FONT_FILES = {
  latin: "@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff",
  latinBold: "@fontsource/noto-sans/files/noto-sans-latin-700-normal.woff",
  khmer: "@fontsource/noto-sans-khmer/files/noto-sans-khmer-khmer-400-normal.woff",
  khmerBold: "@fontsource/noto-sans-khmer/files/noto-sans-khmer-khmer-700-normal.woff",
} as const;
export type ReceiptFontName = keyof typeof RECEIPT_FONT_FILES;

/** WOFF 1.0 (W3C) → the sfnt (TrueType/OpenType) it wraps: same tables, uncompressed. */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.readUInt32BE(0) !== 0x774f4646) throw new Error("not a WOFF 1.0 file"); // 'wOFF'
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const at = 44 + i * 20;
    const offset = woff.readUInt32BE(at + 4);
    const compLength = woff.readUInt32BE(at + 8);
    const origLength = woff.readUInt32BE(at + 12);
    const stored = woff.subarray(offset, offset + compLength);
    const data = compLength < origLength ? inflateSync(stored) : stored;
    if (data.length !== origLength) throw new Error("WOFF table of the wrong length");
    return { tag: woff.readUInt32BE(at), checksum: woff.readUInt32BE(at + 16), data };
  }).sort((a, b) => a.tag - b.tag);

  const entrySelector = Math.floor(Math.log2(numTables));
  const searchRange = 2 ** entrySelector * 16;
  const headerLength = 12 + numTables * 16;
  const padded = (n: number) => (n + 3) & ~3;
  const out = Buffer.alloc(headerLength + tables.reduce((sum, t) => sum + padded(t.data.length), 0));
  out.writeUInt32BE(flavor, 0);
  out.writeUInt16BE(numTables, 4);
  out.writeUInt16BE(searchRange, 6);
  out.writeUInt16BE(entrySelector, 8);
  out.writeUInt16BE(numTables * 16 - searchRange, 10);
  let offset = headerLength;
  tables.forEach((t, i) => {
    const record = 12 + i * 16;
    out.writeUInt32BE(t.tag, record);
    out.writeUInt32BE(t.checksum, record + 4);
    out.writeUInt32BE(offset, record + 8);
    out.writeUInt32BE(t.data.length, record + 12);
    t.data.copy(out, offset);
    offset += padded(t.data.length);
  });
  return out;
}

let cache: Record<ReceiptFontName, Buffer> | undefined;

/** The four fonts as TrueType data, read and unpacked once (a missing package fails loudly, naming it). */
export function receiptFonts(): Record<ReceiptFontName, Buffer> {
  cache ??= Object.fromEntries(
    Object.entries(RECEIPT_FONT_FILES).map(([name, file]) => [name, woffToSfnt(readFileSync(require.resolve(file)))]),
  ) as Record<ReceiptFontName, Buffer>;
  return cache;
}
