// The licence client a desktop tool embeds: sends protocol 2 requests, believes only answers that
// are signed by a trusted key and name the request that asked, and falls back to the last good
// answer (the lease) when the server cannot be reached. Contract: docs/licence-api.md.
import { normaliseBuyKey, normaliseDeviceKey, readAnswer, type AnswerBinding, type LicenseAction, type LicenseAnswer } from "./answer";
import { TrustedKeySet, type KeyListResult, type TrustedKey } from "./keys";
import { judgeLease, leaseAnswer, leaseFromAnswer, leaseStorageKey, readStoredLease, type StoredLease } from "./lease";
import { decodeBase64, encodeBase64, encodeBase64Url, parseSignatureHeader, verifyEd25519 } from "./signature";
import { MemoryStorage, type LicenseStorage } from "./storage";

export interface LicenseClientOptions {
  /** e.g. `https://shop.example/api/v1/licenses` (no trailing slash needed). */
  baseUrl: string;
  /** The keys the tool ships with. Keys learned later must be endorsed by one of these. */
  trustedKeys: TrustedKey[];
  /**
   * The `keysVersion` of the key list the built-in keys were taken from (printed by
   * `npm run license:rotate-key`). A list older than this is refused. Default 0.
   */
  trustedKeysVersion?: number;
  /** Where the learned key set and the leases live; memory only by default. */
  storage?: LicenseStorage;
  fetch?: typeof fetch;
  now?: () => Date;
  /** A fresh nonce per request: 16–128 of `A–Z a–z 0–9 _ -`. Default: 16 random bytes, base64url. */
  nonce?: () => string;
  /** Give up on a request after this long and treat it as no answer (default 15 s). */
  timeoutMs?: number;
}

/** `retired-key`: signed by a key the shop has withdrawn (a leaked key in someone else's hands?). */
export type RejectReason = "no-signature" | "bad-signature" | "unknown-key" | "retired-key" | "protocol" | "action" | "nonce" | "buy-key" | "device-key" | "malformed";

/** The outcome of one online call. */
export type OnlineResult =
  /** Verified. `answer.valid` false is a signed refusal. */
  | { kind: "answer"; answer: LicenseAnswer; keyId: string }
  /** Offline, or anything but HTTP 200: keep the lease, retry later. */
  | { kind: "no-answer"; reason: "network" | "status"; status?: number; retryAfterSeconds?: number }
  /** An HTTP 200 that failed the checks: treat as no answer, but report it (it means tampering). */
  | { kind: "rejected"; reason: RejectReason };

export type OfflineFailure = Extract<OnlineResult, { kind: "no-answer" | "rejected" }>;

/** What `check()` decided, and which source decided it. */
export type CheckResult =
  | { ok: true; source: "online"; answer: LicenseAnswer }
  | { ok: true; source: "lease"; answer: LicenseAnswer; online: OfflineFailure }
  | { ok: false; reason: "refused"; answer: LicenseAnswer }
  | { ok: false; reason: "no-lease" | "lease-expired" | "clock-rollback"; online: OfflineFailure };

const NONCE_RULE = /^[A-Za-z0-9_-]{16,128}$/;

export class LicenseClient {
  private readonly baseUrl: string;
  private readonly keys: TrustedKeySet;
  private readonly storage: LicenseStorage;
  private readonly fetchImpl: typeof fetch;
  private readonly now: () => Date;
  private readonly makeNonce: () => string;
  private readonly timeoutMs: number;
  // Several calls meeting the same unknown key id share one key-list fetch.
  private refreshing: Promise<KeyListResult> | null = null;

  constructor(options: LicenseClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, "");
    this.storage = options.storage ?? new MemoryStorage();
    this.keys = new TrustedKeySet(options.trustedKeys, this.storage, options.trustedKeysVersion ?? 0);
    // Bound so a tool can pass `window.fetch` without "Illegal invocation".
    this.fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.now = options.now ?? (() => new Date());
    this.makeNonce = options.nonce ?? randomNonce;
    this.timeoutMs = options.timeoutMs ?? 15_000;
  }

  /** Binds the licence to this device (the first time, starts its term). */
  activate({ buyKey, deviceKey }: { buyKey: string; deviceKey: string }): Promise<OnlineResult> {
    return this.call("activate", { buyKey, deviceKey }, deviceKey);
  }

  /** Read-only: is the licence valid on this device now? */
  validate({ buyKey, deviceKey }: { buyKey: string; deviceKey: string }): Promise<OnlineResult> {
    return this.call("validate", { buyKey, deviceKey }, deviceKey);
  }

  /** Moves the licence to `newDeviceKey`; the answer names the new key. Spends one change. */
  async changeKey({ buyKey, oldDeviceKey, newDeviceKey }: { buyKey: string; oldDeviceKey: string; newDeviceKey: string }): Promise<OnlineResult> {
    const result = await this.call("change-key", { buyKey, oldDeviceKey, newDeviceKey }, newDeviceKey);
    // The licence has left the old key: a lease held for it must not keep the tool running there.
    if (result.kind === "answer" && result.answer.valid && normaliseDeviceKey(oldDeviceKey) !== result.answer.deviceKey) {
      await this.storage.delete(leaseStorageKey(result.answer.buyKey, normaliseDeviceKey(oldDeviceKey)));
    }
    return result;
  }

  /**
   * What a tool calls at start and every few hours: validate online, and when there is no answer
   * (offline, an error status, or an answer that failed the checks) fall back to the stored lease.
   */
  async check({ buyKey, deviceKey }: { buyKey: string; deviceKey: string }): Promise<CheckResult> {
    const online = await this.validate({ buyKey, deviceKey });
    if (online.kind === "answer") {
      return online.answer.valid ? { ok: true, source: "online", answer: online.answer } : { ok: false, reason: "refused", answer: online.answer };
    }

    const license = { buyKey: normaliseBuyKey(buyKey), deviceKey: normaliseDeviceKey(deviceKey) };
    const lease = await readStoredLease(this.storage, license.buyKey, license.deviceKey);
    const answer = lease && (await this.verifiedLeaseAnswer(lease));
    // Only an answer for this very buy key and device key may stand in for the server.
    if (!lease || !answer || answer.buyKey !== license.buyKey || answer.deviceKey !== license.deviceKey) {
      return { ok: false, reason: "no-lease", online };
    }
    const now = this.now();
    const verdict = judgeLease(answer, lease, now);
    if (!verdict.ok) return { ok: false, reason: verdict.reason, online };
    if (now.getTime() > Date.parse(lease.latestLocalTime)) {
      const seen: StoredLease = { ...lease, latestLocalTime: now.toISOString() };
      await this.storage.set(leaseStorageKey(license.buyKey, license.deviceKey), JSON.stringify(seen));
    }
    return { ok: true, source: "lease", answer, online };
  }

  /** Fetches the key list now (it is also fetched on its own when an answer names an unknown key or a newer list). */
  refreshKeys(): Promise<KeyListResult> {
    this.refreshing ??= this.keys.refresh(this.fetchImpl, this.baseUrl, AbortSignal.timeout(this.timeoutMs)).finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  /** The key ids trusted now (built in, or learned from an endorsed key list). */
  async trustedKeyIds(): Promise<string[]> {
    return (await this.keys.list()).map((key) => key.keyId);
  }

  /** The ids of the keys this client has seen withdrawn (never trusted again). */
  async retiredKeyIds(): Promise<string[]> {
    return (await this.keys.retired()).map((key) => key.keyId);
  }

  /** The version of the key list the trusted keys come from. */
  keysVersion(): Promise<number> {
    return this.keys.keysVersion();
  }

  private async call(action: LicenseAction, fields: Record<string, string>, deviceKey: string): Promise<OnlineResult> {
    const nonce = this.makeNonce();
    if (!NONCE_RULE.test(nonce)) throw new TypeError("nonce: 16–128 characters from A–Z a–z 0–9 _ -");
    const binding: AnswerBinding = { action, buyKey: fields.buyKey!, deviceKey, nonce };

    let response: Response;
    let body: Uint8Array<ArrayBuffer>;
    try {
      response = await this.fetchImpl(`${this.baseUrl}/${action}`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ protocol: 2, ...fields, nonce }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      // 1. Anything but 200 is no answer (its body is not signed, so it is not read).
      if (response.status !== 200) {
        const retryAfterSeconds = parseRetryAfter(response.headers.get("retry-after"), this.now());
        return { kind: "no-answer", reason: "status", status: response.status, ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }) };
      }
      // The exact bytes: the signature is over them, not over any re-encoding of the JSON.
      body = new Uint8Array(await response.arrayBuffer());
    } catch {
      return { kind: "no-answer", reason: "network" };
    }

    const signed = await this.verifySignature(response.headers.get("x-keyshop-signature"), body);
    if (!signed.ok) return { kind: "rejected", reason: signed.reason };
    // 4. Only now parse, and only an answer naming this request counts.
    const read = readAnswer(body, binding);
    if (!read.ok) return { kind: "rejected", reason: read.reason };
    const answer = read.answer;

    // The answer names a newer key list than ours: a key may have been withdrawn. Fetch the list
    // (verified like any other; not twice for one answer), then believe the answer only if its
    // key is still trusted.
    if (!signed.fetchedList && answer.keysVersion !== null && answer.keysVersion > (await this.keys.keysVersion())) {
      await this.refreshKeys();
      const key = await this.keys.cryptoKey(signed.keyId);
      if (!key || !(await verifyEd25519(key, signed.signature, body))) {
        return { kind: "rejected", reason: (await this.keys.isRetired(signed.keyId)) ? "retired-key" : "unknown-key" };
      }
    }

    // 5. Act on it: a valid answer becomes the lease; a signed refusal ends it.
    const key = leaseStorageKey(answer.buyKey, answer.deviceKey);
    if (answer.valid) {
      const previous = await readStoredLease(this.storage, answer.buyKey, answer.deviceKey);
      const text = new TextDecoder().decode(body);
      const lease = leaseFromAnswer({ body: text, keyId: signed.keyId, signature: encodeBase64(signed.signature), serverTime: answer.serverTime }, previous, this.now());
      await this.storage.set(key, JSON.stringify(lease));
    } else {
      await this.storage.delete(key);
    }
    return { kind: "answer", answer, keyId: signed.keyId };
  }

  /** Steps 2 and 3: one signature, by a trusted key (after one key-list fetch if unknown), over these bytes. */
  private async verifySignature(
    header: string | null,
    body: Uint8Array<ArrayBuffer>,
  ): Promise<
    { ok: true; keyId: string; signature: Uint8Array<ArrayBuffer>; fetchedList: boolean } | { ok: false; reason: "no-signature" | "bad-signature" | "unknown-key" | "retired-key" }
  > {
    if (!header?.trim()) return { ok: false, reason: "no-signature" };
    const signatures = parseSignatureHeader(header);
    // Answers carry exactly one signature, naming its key.
    const only = signatures?.length === 1 ? signatures[0]! : null;
    if (!only || only.keyId === null) return { ok: false, reason: "bad-signature" };
    const keyId = only.keyId;
    const signature = only.signature;

    let key = await this.keys.cryptoKey(keyId);
    const fetchedList = !key;
    if (!key) {
      await this.refreshKeys();
      key = await this.keys.cryptoKey(keyId);
    }
    // A withdrawn key is never trusted again, whatever the list says now: say which, for the report.
    if (!key) return { ok: false, reason: (await this.keys.isRetired(keyId)) ? "retired-key" : "unknown-key" };
    if (!signature || !(await verifyEd25519(key, signature, body))) return { ok: false, reason: "bad-signature" };
    return { ok: true, keyId, signature, fetchedList };
  }

  /** A stored lease counts only if its bytes still verify with a key trusted now. */
  private async verifiedLeaseAnswer(lease: StoredLease): Promise<LicenseAnswer | null> {
    const key = await this.keys.cryptoKey(lease.keyId);
    const signature = decodeBase64(lease.signature);
    if (!key || !signature) return null;
    if (!(await verifyEd25519(key, signature, new TextEncoder().encode(lease.body)))) return null;
    return leaseAnswer(lease);
  }
}

/** 16 random bytes in base64url: the doc's recommended nonce. */
export function randomNonce(): string {
  return encodeBase64Url(globalThis.crypto.getRandomValues(new Uint8Array(16)));
}

/** `Retry-After` is seconds or an HTTP date; either way the tool gets seconds. */
export function parseRetryAfter(value: string | null, now: Date): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now.getTime()) / 1000));
}
