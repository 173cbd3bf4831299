// The set of signing keys the client trusts, and how it learns new ones (docs/licence-api.md,
// "Keys and their rotation"). The rule that matters: a fetched key is never trusted because the
// server sent it, only because a key we already trusted signed the list that names it.
import { decodeBase64, importPublicKey, parseSignatureHeader, verifyEd25519 } from "./signature";
import { STORAGE_PREFIX, type LicenceStorage } from "./storage";

export interface TrustedKey {
  keyId: string;
  /** The raw 32-byte Ed25519 public key, standard base64 (the key list's `publicKeyBase64`). */
  publicKeyBase64: string;
}

export type KeyListResult =
  | { ok: true; keyIds: string[] }
  | { ok: false; reason: "network" | "status" | "no-signature" | "not-endorsed" | "malformed"; status?: number };

export const TRUSTED_KEYS_STORAGE_KEY = `${STORAGE_PREFIX}trusted-keys`;

interface StoredKeySet {
  version: 1;
  /** The built-in set this was learned from; see `load()`. */
  builtIn: string;
  keys: TrustedKey[];
}

export class TrustedKeySet {
  private readonly builtIn: TrustedKey[];
  private readonly builtInFingerprint: string;
  private keys: Promise<TrustedKey[]> | null = null;
  private readonly imported = new Map<string, Promise<CryptoKey>>();

  constructor(builtIn: TrustedKey[], private readonly storage: LicenceStorage) {
    if (builtIn.length === 0) throw new TypeError("trustedKeys: a client needs at least one built-in key");
    for (const key of builtIn) assertKey(key, "trustedKeys");
    this.builtIn = builtIn.map(({ keyId, publicKeyBase64 }) => ({ keyId, publicKeyBase64 }));
    this.builtInFingerprint = fingerprint(this.builtIn);
  }

  /** The keys trusted now: the stored set learned earlier, or the built-in ones. */
  list(): Promise<TrustedKey[]> {
    this.keys ??= this.load();
    return this.keys;
  }

  /** The WebCrypto key for a trusted key id, or null when that id is not trusted. */
  async cryptoKey(keyId: string): Promise<CryptoKey | null> {
    const key = (await this.list()).find((candidate) => candidate.keyId === keyId);
    if (!key) return null;
    const cacheKey = `${key.keyId}\n${key.publicKeyBase64}`;
    let imported = this.imported.get(cacheKey);
    if (!imported) {
      imported = importPublicKey(key.publicKeyBase64);
      this.imported.set(cacheKey, imported);
    }
    return imported;
  }

  /**
   * Fetches `GET {baseUrl}/public-key` and, if a trusted key endorses it, trusts exactly the keys
   * it lists and stores that set. Anything else leaves the trusted set as it was.
   */
  async refresh(fetchImpl: typeof fetch, baseUrl: string, signal?: AbortSignal): Promise<KeyListResult> {
    let response: Response;
    let body: Uint8Array<ArrayBuffer>;
    try {
      response = await fetchImpl(`${baseUrl}/public-key`, { method: "GET", headers: { accept: "application/json" }, signal });
      if (response.status !== 200) return { ok: false, reason: "status", status: response.status };
      body = new Uint8Array(await response.arrayBuffer());
    } catch {
      return { ok: false, reason: "network" };
    }
    return this.acceptKeyList(response.headers.get("x-keyshop-signature"), body);
  }

  /** The trust decision on a key list already received: header and exact body bytes. */
  async acceptKeyList(header: string | null, body: Uint8Array<ArrayBuffer>): Promise<KeyListResult> {
    if (!header?.trim()) return { ok: false, reason: "no-signature" };
    const signatures = parseSignatureHeader(header) ?? [];
    let endorsed = false;
    for (const { keyId, signature } of signatures) {
      if (keyId === null || signature === null) continue;
      const key = await this.cryptoKey(keyId);
      if (key && (await verifyEd25519(key, signature, body))) {
        endorsed = true;
        break;
      }
    }
    if (!endorsed) return { ok: false, reason: "not-endorsed" };

    const listed = parseKeyList(body);
    if (!listed) return { ok: false, reason: "malformed" };
    // Trust every listed key and forget the others: a key missing from an endorsed list was retired.
    this.keys = Promise.resolve(listed);
    const stored: StoredKeySet = { version: 1, builtIn: this.builtInFingerprint, keys: listed };
    await this.storage.set(TRUSTED_KEYS_STORAGE_KEY, JSON.stringify(stored));
    return { ok: true, keyIds: listed.map((key) => key.keyId) };
  }

  /**
   * The stored set wins over the built-in keys, so a retired (maybe leaked) built-in key stays
   * forgotten across restarts. But a stored set learned from other built-in keys is dropped: a tool
   * updated by hand with new keys must start from what it now ships, not from what it knew before.
   */
  private async load(): Promise<TrustedKey[]> {
    const text = await this.storage.get(TRUSTED_KEYS_STORAGE_KEY);
    if (text === null) return this.builtIn;
    try {
      const stored = JSON.parse(text) as Partial<StoredKeySet>;
      if (stored.version !== 1 || stored.builtIn !== this.builtInFingerprint || !Array.isArray(stored.keys) || stored.keys.length === 0) return this.builtIn;
      for (const key of stored.keys) assertKey(key, "stored key set");
      return stored.keys.map(({ keyId, publicKeyBase64 }) => ({ keyId, publicKeyBase64 }));
    } catch {
      return this.builtIn; // unreadable: fall back to what the tool ships with
    }
  }
}

/** The `keys` of a key list body: entries with status current or previous, each a valid key. */
export function parseKeyList(body: Uint8Array): TrustedKey[] | null {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(body));
  } catch {
    return null;
  }
  if (!value || typeof value !== "object") return null;
  const list = value as { algorithm?: unknown; keys?: unknown };
  if (list.algorithm !== "Ed25519" || !Array.isArray(list.keys)) return null;
  const keys: TrustedKey[] = [];
  for (const entry of list.keys as unknown[]) {
    if (!entry || typeof entry !== "object") return null;
    const { keyId, status, publicKeyBase64 } = entry as Record<string, unknown>;
    if (status !== "current" && status !== "previous") continue;
    if (typeof keyId !== "string" || !keyId || typeof publicKeyBase64 !== "string" || decodeBase64(publicKeyBase64)?.length !== 32) return null;
    const same = keys.find((key) => key.keyId === keyId);
    if (same && same.publicKeyBase64 !== publicKeyBase64) return null; // one id, two keys: ambiguous
    if (!same) keys.push({ keyId, publicKeyBase64 });
  }
  // An empty list would lock the tool out for good; keep the keys we have instead.
  return keys.length > 0 ? keys : null;
}

function assertKey(key: TrustedKey, where: string) {
  if (typeof key?.keyId !== "string" || !key.keyId || typeof key.publicKeyBase64 !== "string" || decodeBase64(key.publicKeyBase64)?.length !== 32) {
    throw new TypeError(`${where}: each key needs a keyId and a 32-byte Ed25519 publicKeyBase64`);
  }
}

function fingerprint(keys: TrustedKey[]): string {
  return keys
    .map((key) => `${key.keyId}=${key.publicKeyBase64}`)
    .sort()
    .join(",");
}
