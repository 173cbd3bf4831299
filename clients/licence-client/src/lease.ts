// Offline use (docs/licence-api.md, "Working offline: leases and clocks"): the last good answer for
// one buy key and device key, and the clock readings that catch a clock turned back.
import { parseAnswer, type LicenseAnswer } from "./answer";
import { STORAGE_PREFIX, type LicenseStorage } from "./storage";

/**
 * What is stored per licence and device. The signed bytes are kept, not just the parsed fields, so
 * a lease edited on disk (a later `leaseUntil`, say) no longer verifies and is ignored.
 */
export interface StoredLease {
  version: 1;
  /** The answer body exactly as received (UTF-8 text). */
  body: string;
  keyId: string;
  /** The Ed25519 signature over `body`, standard base64. */
  signature: string;
  /** The latest `serverTime` seen for this licence; it only ever goes up. */
  latestServerTime: string;
  /** The latest local time seen; a clock now well behind it was turned back. */
  latestLocalTime: string;
}

export type LeaseVerdict = { ok: true } | { ok: false; reason: "lease-expired" | "clock-rollback" };

export function leaseStorageKey(buyKey: string, deviceKey: string): string {
  return `${STORAGE_PREFIX}lease:${encodeURIComponent(buyKey)}:${encodeURIComponent(deviceKey)}`;
}

/** After a verified valid answer: it becomes the lease; the clock readings only move forward for the server, and restart locally. */
export function leaseFromAnswer(answer: { body: string; keyId: string; signature: string; serverTime: string }, previous: StoredLease | null, now: Date): StoredLease {
  return {
    version: 1,
    body: answer.body,
    keyId: answer.keyId,
    signature: answer.signature,
    latestServerTime: laterOf(previous?.latestServerTime, answer.serverTime),
    // A valid online answer ends a clock-rollback block (the doc: "until the next valid online
    // answer"), so the local reading restarts from now. A clock that is still wrong is caught by
    // serverTime, which comes from the server.
    latestLocalTime: now.toISOString(),
  };
}

export function parseStoredLease(text: string | null): StoredLease | null {
  if (text === null) return null;
  try {
    const value = JSON.parse(text) as Partial<StoredLease>;
    const fields = [value.body, value.keyId, value.signature, value.latestServerTime, value.latestLocalTime];
    if (value.version !== 1 || fields.some((field) => typeof field !== "string")) return null;
    if (fields.slice(3).some((time) => Number.isNaN(Date.parse(time as string)))) return null;
    return value as StoredLease;
  } catch {
    return null;
  }
}

export async function readStoredLease(storage: LicenseStorage, buyKey: string, deviceKey: string): Promise<StoredLease | null> {
  return parseStoredLease(await storage.get(leaseStorageKey(buyKey, deviceKey)));
}

/**
 * May the tool run offline on this (already verified) answer now? The clock check comes first: a
 * clock turned back would otherwise make an expired lease look current.
 */
export function judgeLease(answer: LicenseAnswer, lease: StoredLease, now: Date): LeaseVerdict {
  const toleranceMs = answer.maxClockRollbackSeconds * 1000;
  // The signed serverTime is a floor even if the stored reading was lowered by hand.
  const latestServerMs = Math.max(Date.parse(lease.latestServerTime), Date.parse(answer.serverTime));
  const latestLocalMs = Date.parse(lease.latestLocalTime);
  const nowMs = now.getTime();
  if (latestServerMs - nowMs > toleranceMs || latestLocalMs - nowMs > toleranceMs) return { ok: false, reason: "clock-rollback" };
  if (!answer.valid || answer.leaseUntil === null || nowMs >= Date.parse(answer.leaseUntil)) return { ok: false, reason: "lease-expired" };
  return { ok: true };
}

/** The lease's answer, parsed again from the stored bytes (signature checked by the caller). */
export function leaseAnswer(lease: StoredLease): LicenseAnswer | null {
  return parseAnswer(new TextEncoder().encode(lease.body));
}

function laterOf(a: string | undefined, b: string): string {
  return a !== undefined && Date.parse(a) > Date.parse(b) ? a : b;
}
