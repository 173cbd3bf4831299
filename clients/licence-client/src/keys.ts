// The set of signing keys the client trusts, how it learns new ones and how it drops withdrawn
// ones (docs/licence-api.md, "Keys and their rotation"; decision 035). The rules that matter:
// - a fetched key is never trusted because the server sent it, only because a key we already
//   trust signed the list that names it, and a signature by a key that the same list retires
//   counts for nothing;
// - a list older than the one we hold is refused (no rollback to a list that still trusted a key);
// - a retired key is never trusted again, whatever list comes later.
import { decodeBase64, importPublicKey, parseSignatureHeader, verifyEd25519 } from "./signature";
import { STORAGE_PREFIX, type LicenseStorage } from "./storage";

export interface TrustedKey {
  keyId: string;
  /** The raw 32-byte Ed25519 public key, standard base64 (the key list's `publicKeyBase64`). */
  publicKeyBase64: string;
}

/** A withdrawn key, as the key list's `retired` names it. The public key is what is refused. */
export interface RetiredKey extends TrustedKey {
  retiredAt: string | null;
}

/** A verified key list: its version, the keys that may sign, the keys withdrawn. */
export interface KeyList {
  keysVersion: number;
  keys: TrustedKey[];
  retired: RetiredKey[];
}

export type KeyListResult =
  | { ok: true; keyIds: string[]; keysVersion: number }
  | {
      ok: false;
      /**
       * `not-endorsed`: no signature by a key we trust and that the list does not retire.
       * `stale`: an older list than the one held (a replay, or a cache behind the server).
       */
      reason: "network" | "status" | "no-signature" | "not-endorsed" | "malformed" | "stale";
      status?: number;
    };

export const TRUSTED_KEYS_STORAGE_KEY = `${STORAGE_PREFIX}trusted-keys`;

/** What is stored. Version 1 (clients before key-list versions) had `builtIn` and `keys` only. */
interface StoredKeySet {
  version: 2;
  /** The built-in set this was learned from; see `load()`. */
  builtIn: string;
  keysVersion: number;
  keys: TrustedKey[];
  retired: RetiredKey[];
}

export class TrustedKeySet {
  private readonly builtIn: TrustedKey[];
  private readonly builtInFingerprint: string;
  private readonly builtInVersion: number;
  private state: Promise<KeyList> | null = null;
  private readonly imported = new Map<string, Promise<CryptoKey>>();

  /** `builtInVersion`: the version of the key list the built-in keys were taken from (0: unknown). */
  constructor(builtIn: TrustedKey[], private readonly storage: LicenseStorage, builtInVersion = 0) {
    if (builtIn.length === 0) throw new TypeError("trustedKeys: a client needs at least one built-in key");
    for (const key of builtIn) assertKey(key, "trustedKeys");
    if (!isCount(builtInVersion)) throw new TypeError("trustedKeysVersion: a whole number, 0 or more");
    this.builtIn = builtIn.map(({ keyId, publicKeyBase64 }) => ({ keyId, publicKeyBase64 }));
    this.builtInFingerprint = fingerprint(this.builtIn);
    this.builtInVersion = builtInVersion;
  }

  /** The keys trusted now: the stored set learned earlier, or the built-in ones. */
  async list(): Promise<TrustedKey[]> {
    return (await this.current()).keys;
  }

  /** The version of the key list the trusted set comes from (the built-in version until a list is accepted). */
  async keysVersion(): Promise<number> {
    return (await this.current()).keysVersion;
  }

  /** The keys this client has seen withdrawn: never trusted again. */
  async retired(): Promise<RetiredKey[]> {
    return (await this.current()).retired;
  }

  /** Whether a key id names a key this client has seen withdrawn. */
  async isRetired(keyId: string): Promise<boolean> {
    return (await this.current()).retired.some((key) => key.keyId === keyId);
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
   * Fetches `GET {baseUrl}/public-key` and, if it passes `acceptKeyList`, trusts exactly the keys it
   * lists and stores that set. Anything else leaves the trusted set as it was.
   */
  async refresh(fetchImpl: typeof fetch, baseUrl: string, signal?: AbortSignal): Promise<KeyListResult> {
    let response: Response;
    let body: Uint8Array<ArrayBuffer>;
    try {
      // The client asks only when it needs the list now (an unknown key, or an answer naming a
      // newer list): a cache on the way must not hand it the old one.
      response = await fetchImpl(`${baseUrl}/public-key`, { method: "GET", headers: { accept: "application/json", "cache-control": "no-cache" }, signal });
      if (response.status !== 200) return { ok: false, reason: "status", status: response.status };
      body = new Uint8Array(await response.arrayBuffer());
    } catch {
      return { ok: false, reason: "network" };
    }
    return this.acceptKeyList(response.headers.get("x-keyshop-signature"), body);
  }

  /**
   * The trust decision on a key list already received (header and exact body bytes):
   * 1. one of its signatures verifies with a key trusted now, and that key is not one the list
   *    retires (a leaked key must not be able to sign the list that withdraws it, nor anything
   *    else the server would only ever sign with another key);
   * 2. its `keysVersion` is not below the version held (no rollback);
   * 3. then: every key it retires joins the retired set for good, and exactly the keys it lists,
   *    minus every retired one, are trusted. The set is stored.
   */
  async acceptKeyList(header: string | null, body: Uint8Array<ArrayBuffer>): Promise<KeyListResult> {
    if (!header?.trim()) return { ok: false, reason: "no-signature" };
    const signers: TrustedKey[] = [];
    const trusted = await this.list();
    for (const { keyId, signature } of parseSignatureHeader(header) ?? []) {
      if (keyId === null || signature === null) continue;
      const key = await this.cryptoKey(keyId);
      if (key && (await verifyEd25519(key, signature, body))) signers.push(trusted.find((candidate) => candidate.keyId === keyId)!);
    }
    if (signers.length === 0) return { ok: false, reason: "not-endorsed" };

    const list = parseKeyList(body);
    if (!list) return { ok: false, reason: "malformed" };
    // Verified, but only a signer the list does not withdraw may vouch for it.
    if (signers.every((signer) => list.retired.some((key) => sameKey(key, signer)))) return { ok: false, reason: "not-endorsed" };

    const held = await this.current();
    if (list.keysVersion < held.keysVersion) return { ok: false, reason: "stale" };
    const retired = [...held.retired];
    for (const key of list.retired) if (!retired.some((known) => known.keyId === key.keyId && known.publicKeyBase64 === key.publicKeyBase64)) retired.push(key);
    // A retired key is refused by its public key, whatever id a later list gives it.
    const keys = list.keys.filter((key) => !retired.some((gone) => gone.publicKeyBase64 === key.publicKeyBase64));
    // An empty set would lock the tool out for good; keep the keys we have instead.
    if (keys.length === 0) return { ok: false, reason: "malformed" };

    const next: KeyList = { keysVersion: list.keysVersion, keys, retired };
    this.state = Promise.resolve(next);
    const stored: StoredKeySet = { version: 2, builtIn: this.builtInFingerprint, ...next };
    await this.storage.set(TRUSTED_KEYS_STORAGE_KEY, JSON.stringify(stored));
    return { ok: true, keyIds: keys.map((key) => key.keyId), keysVersion: list.keysVersion };
  }

  private current(): Promise<KeyList> {
    this.state ??= this.load();
    return this.state;
  }

  /**
   * The stored set wins over the built-in keys, so a retired (maybe leaked) built-in key stays
   * forgotten across restarts. But a stored set learned from other built-in keys is dropped: a tool
   * updated by hand with new keys starts from what it now ships (and the list version it ships),
   * not from what it knew before; only the retired keys carry over, except those it now ships.
   */
  private async load(): Promise<KeyList> {
    const fresh: KeyList = { keysVersion: this.builtInVersion, keys: this.builtIn, retired: [] };
    const text = await this.storage.get(TRUSTED_KEYS_STORAGE_KEY);
    if (text === null) return fresh;
    let stored: Partial<StoredKeySet> | { version: 1; builtIn?: unknown; keys?: unknown };
    try {
      stored = JSON.parse(text) as typeof stored;
    } catch {
      return fresh; // unreadable: fall back to what the tool ships with
    }
    if (!stored || typeof stored !== "object") return fresh;
    const keys = validKeys(stored.keys);
    const retired = stored.version === 2 ? validRetired(stored.retired) : [];
    const keysVersion = stored.version === 2 && isCount(stored.keysVersion) ? stored.keysVersion : 0;
    if ((stored.version !== 1 && stored.version !== 2) || !keys || keys.length === 0 || !retired) return fresh;
    if (stored.builtIn !== this.builtInFingerprint) {
      return { ...fresh, retired: retired.filter((gone) => !this.builtIn.some((key) => key.publicKeyBase64 === gone.publicKeyBase64)) };
    }
    return { keysVersion: Math.max(keysVersion, this.builtInVersion), keys, retired };
  }
}

/**
 * A key list body: its `keysVersion` (0 when absent: a server before versions), the `keys` with
 * status current or previous, and the `retired` keys. Null when it is not a well-formed list.
 */
export function parseKeyList(body: Uint8Array): KeyList | null {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(body));
  } catch {
    return null;
  }
  if (!value || typeof value !== "object") return null;
  const list = value as { algorithm?: unknown; keys?: unknown; keysVersion?: unknown; retired?: unknown };
  if (list.algorithm !== "Ed25519" || !Array.isArray(list.keys)) return null;
  if (list.keysVersion !== undefined && !isCount(list.keysVersion)) return null;
  if (list.retired !== undefined && !Array.isArray(list.retired)) return null;

  const keys: TrustedKey[] = [];
  for (const entry of list.keys as unknown[]) {
    if (!entry || typeof entry !== "object") return null;
    const { status, ...key } = entry as Record<string, unknown>;
    if (status !== "current" && status !== "previous") continue;
    if (!isKey(key)) return null;
    const { keyId, publicKeyBase64 } = key;
    const same = keys.find((known) => known.keyId === keyId);
    if (same && same.publicKeyBase64 !== publicKeyBase64) return null; // one id, two keys: ambiguous
    if (!same) keys.push({ keyId, publicKeyBase64 });
  }
  const retired: RetiredKey[] = [];
  for (const entry of (list.retired ?? []) as unknown[]) {
    if (!entry || typeof entry !== "object") return null;
    const key = entry as Record<string, unknown>;
    if (!isKey(key)) return null;
    const { keyId, publicKeyBase64 } = key;
    if (!retired.some((known) => known.keyId === keyId && known.publicKeyBase64 === publicKeyBase64)) {
      retired.push({ keyId, publicKeyBase64, retiredAt: typeof key.retiredAt === "string" ? key.retiredAt : null });
    }
  }
  // A key listed both as signing and as retired: only a forger would say both.
  if (keys.some((key) => retired.some((gone) => gone.keyId === key.keyId || gone.publicKeyBase64 === key.publicKeyBase64))) return null;
  return { keysVersion: (list.keysVersion as number | undefined) ?? 0, keys, retired };
}

const isCount = (value: unknown): value is number => typeof value === "number" && Number.isSafeInteger(value) && value >= 0;

function isKey(key: { keyId?: unknown; publicKeyBase64?: unknown }): key is TrustedKey {
  return typeof key.keyId === "string" && key.keyId !== "" && typeof key.publicKeyBase64 === "string" && decodeBase64(key.publicKeyBase64)?.length === 32;
}

const sameKey = (a: TrustedKey, b: TrustedKey) => a.keyId === b.keyId || a.publicKeyBase64 === b.publicKeyBase64;

function assertKey(key: TrustedKey, where: string) {
  if (!isKey(key ?? {})) throw new TypeError(`${where}: each key needs a keyId and a 32-byte Ed25519 publicKeyBase64`);
}

function validKeys(value: unknown): TrustedKey[] | null {
  if (!Array.isArray(value)) return null;
  const keys = value.map((entry: unknown) => (entry && typeof entry === "object" ? (entry as Record<string, unknown>) : {}));
  if (!keys.every((key) => isKey({ keyId: key.keyId, publicKeyBase64: key.publicKeyBase64 }))) return null;
  return keys.map((key) => ({ keyId: key.keyId as string, publicKeyBase64: key.publicKeyBase64 as string }));
}

function validRetired(value: unknown): RetiredKey[] | null {
  const keys = validKeys(value);
  if (!keys) return null;
  return keys.map((key, index) => {
    const retiredAt = ((value as unknown[])[index] as Record<string, unknown>).retiredAt;
    return { ...key, retiredAt: typeof retiredAt === "string" ? retiredAt : null };
  });
}

function fingerprint(keys: TrustedKey[]): string {
  return keys
    .map((key) => `${key.keyId}=${key.publicKeyBase64}`)
    .sort()
    .join(",");
}
