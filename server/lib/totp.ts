// The codes an authenticator app shows (RFC 6238: HMAC-SHA1, 30-second steps, 6 digits). Only
// tests and the test API (which enrols the admins it creates) compute them: people have a phone.
import { createHmac } from "node:crypto";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

function base32Decode(text: string): Buffer {
  const clean = text.replace(/=+$/, "").toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of clean) {
    const index = ALPHABET.indexOf(ch);
    if (index < 0) throw new Error(`not base32: ${ch}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** The secret (base32) an otpauth:// URI carries: what the QR code gives the app. */
export function secretFromUri(uri: string): string {
  const secret = new URL(uri).searchParams.get("secret");
  if (!secret) throw new Error(`no secret in ${uri}`);
  return secret;
}

/** The code shown at `at` (ms) for a base32 secret. */
export function totpCode(secretBase32: string, at = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const mac = createHmac("sha1", base32Decode(secretBase32)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const number = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(number).padStart(6, "0");
}

const STEP_MS = 30_000;
const handedOut = new Map<string, Set<number>>();

/**
 * A code the shop will still accept: each code is accepted once per account (decision 037), so a
 * test signing in twice within one 30-second step takes the next step's code (the server accepts
 * one step either side), and waits for a new step when those are spent. Remembered per process.
 */
export async function nextTotpCode(secretBase32: string): Promise<string> {
  const used = handedOut.get(secretBase32) ?? new Set<number>();
  handedOut.set(secretBase32, used);
  for (;;) {
    const now = Date.now();
    const step = Math.floor(now / STEP_MS);
    // The current step, then the next (still valid for the server's window of one step).
    const free = [step, step + 1].find((s) => !used.has(s));
    if (free !== undefined) {
      used.add(free);
      return totpCode(secretBase32, free * STEP_MS);
    }
    await new Promise((resolve) => setTimeout(resolve, (step + 1) * STEP_MS - now + 50));
  }
}
