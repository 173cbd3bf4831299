// Writes .br and .gz beside every compressible file in build/client, once at build time, so the
// server sends compressed bytes without compressing per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const ROOT = "build/client";
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
let files = 0;
let before = 0;
let after = 0;

function walk(dir) {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) walk(full);
    else if (COMPRESSIBLE.test(entry)) {
      const data = readFileSync(full);
      const br = brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } });
      const gz = gzipSync(data, { level: 9 });
      // Small files too (a page loads dozens of few-hundred-byte chunks: decision 049), but only a
      // variant that is smaller: otherwise the server sends the file as it is.
      if (br.length < data.length) writeFileSync(`${full}.br`, br);
      if (gz.length < data.length) writeFileSync(`${full}.gz`, gz);
      files++;
      before += data.length;
      after += Math.min(br.length, data.length);
    }
  }
}

walk(ROOT);
console.log(`precompressed ${files} files: ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB (brotli)`);
