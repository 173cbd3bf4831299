// The X-Keyshop-Signature header and Ed25519 verification (docs/licence-api.md, "The signature").
// WebCrypto only, so it runs in Node 20+, Electron and browsers without dependencies.

export const SIGNATURE_HEADER = "X-Keyshop-Signature";

export interface HeaderSignature {
  /** The `keyid` parameter, or null when the signature names no key (the protocol 1 form). */
  keyId: string | null;
  /** The decoded `ed25519` parameter, or null when it is missing or not 64 bytes of base64. */
  signature: Uint8Array<ArrayBuffer> | null;
}

/**
 * Parses `keyid="a", ed25519=<base64>; keyid="b", ed25519=<base64>`: parameters `name=value`
 * separated by `,`, signatures separated by `;`, values plain or quoted. Unknown parameters are
 * ignored. Returns null when the header is not well formed (an unterminated quote, a repeated
 * parameter), since guessing what a garbled header meant is exactly what an attacker would like.
 */
export function parseSignatureHeader(header: string): HeaderSignature[] | null {
  const groups: Array<Map<string, string>> = [];
  let params = new Map<string, string>();
  let i = 0;
  const skipSpace = () => {
    while (i < header.length && (header[i] === " " || header[i] === "\t")) i++;
  };

  while (i <= header.length) {
    skipSpace();
    let name = "";
    while (i < header.length && !"=,;".includes(header[i]!)) name += header[i++];
    name = name.trim().toLowerCase();
    let value: string | null = null;
    if (header[i] === "=") {
      i++;
      skipSpace();
      if (header[i] === '"') {
        i++;
        value = "";
        while (i < header.length && header[i] !== '"') {
          if (header[i] === "\\") i++;
          if (i < header.length) value += header[i++];
        }
        if (i >= header.length) return null; // unterminated quoted string
        i++;
        skipSpace();
        if (i < header.length && header[i] !== "," && header[i] !== ";") return null;
      } else {
        value = "";
        while (i < header.length && header[i] !== "," && header[i] !== ";") value += header[i++];
        value = value.trim();
      }
    }
    if (name && value !== null) {
      if (params.has(name)) return null;
      params.set(name, value);
    }
    // A bare word without `=` is a parameter we do not know: ignored like any other.
    const separator = header[i];
    i++;
    if (separator === ";" || separator === undefined) {
      if (params.size > 0) groups.push(params);
      params = new Map();
    }
  }

  return groups.map((group) => {
    const encoded = group.get("ed25519");
    const decoded = encoded === undefined ? null : decodeBase64(encoded);
    return { keyId: group.get("keyid") ?? null, signature: decoded && decoded.length === 64 ? decoded : null };
  });
}

/** Standard base64 with padding, strictly: anything else is null rather than a best guess. */
export function decodeBase64(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(text)) return null;
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let j = 0; j < binary.length; j++) bytes[j] = binary.charCodeAt(j);
  return bytes;
}

export function encodeBase64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function encodeBase64Url(bytes: Uint8Array): string {
  return encodeBase64(bytes).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** Imports a raw 32-byte Ed25519 public key given in base64; throws if it is not one. */
export async function importPublicKey(publicKeyBase64: string): Promise<CryptoKey> {
  const raw = decodeBase64(publicKeyBase64);
  if (!raw || raw.length !== 32) throw new TypeError("An Ed25519 public key is 32 bytes of standard base64");
  return globalThis.crypto.subtle.importKey("raw", raw, { name: "Ed25519" }, false, ["verify"]);
}

/** Ed25519 over the exact bytes received; any failure inside WebCrypto counts as "does not verify". */
export async function verifyEd25519(key: CryptoKey, signature: Uint8Array<ArrayBuffer>, message: Uint8Array<ArrayBuffer>): Promise<boolean> {
  try {
    return await globalThis.crypto.subtle.verify({ name: "Ed25519" }, key, signature, message);
  } catch {
    return false;
  }
}
