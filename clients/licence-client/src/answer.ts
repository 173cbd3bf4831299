// What a signed answer says, and the checks that tie it to the request that asked for it
// (docs/licence-api.md, "Checking an answer", step 4). Run only on bytes whose signature verified.

export type LicenseAction = "activate" | "validate" | "change-key";
export type LicenseStatus = "New" | "Active" | "Expired";

/**
 * The codes the doc lists. An answer may carry others; `valid` is what to act on. The shop answers
 * with exactly these: its contracts read this list (the one owner; decision 072), so keep it free
 * of imports.
 */
export const KNOWN_CODES = [
  "VALID",
  "ACTIVATED",
  "ALREADY_ACTIVE",
  "KEY_CHANGED",
  "NOT_FOUND",
  "NOT_ACTIVATED",
  "DEVICE_MISMATCH",
  "DEVICE_IN_USE",
  "EXPIRED",
  "NO_CHANGES_LEFT",
  // An admin's hold: suspended (may be lifted) and revoked (final). `status` keeps the term's state.
  "SUSPENDED",
  "REVOKED",
] as const;
export type KnownCode = (typeof KNOWN_CODES)[number];
// `string & {}` keeps editor completion for the known codes while allowing new ones.
export type LicenseCode = KnownCode | (string & {});

export interface LicenseAnswer {
  protocol: 2;
  action: LicenseAction;
  valid: boolean;
  code: LicenseCode;
  message: string;
  buyKey: string;
  deviceKey: string;
  nonce: string;
  status: LicenseStatus | null;
  expiresAt: string | null;
  changesLeft: number | null;
  serverTime: string;
  leaseUntil: string | null;
  maxClockRollbackSeconds: number;
  /**
   * The version of the server's signed key list when it answered (null from a server that does
   * not say). Above the version the client holds: its list is stale, and it fetches the list.
   */
  keysVersion: number | null;
}

/** What the request asked about, in the form the answer must echo. */
export interface AnswerBinding {
  action: LicenseAction;
  buyKey: string;
  deviceKey: string;
  nonce: string;
}

export type BindingFailure = "protocol" | "action" | "nonce" | "buy-key" | "device-key" | "malformed";

/** The server trims the buy key and upper-cases it, and the answer carries that form. */
export function normaliseBuyKey(buyKey: string): string {
  return buyKey.trim().toUpperCase();
}

/** Device keys are trimmed but keep their case. */
export function normaliseDeviceKey(deviceKey: string): string {
  return deviceKey.trim();
}

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const isTime = (value: unknown): value is string => typeof value === "string" && ISO_UTC.test(value) && !Number.isNaN(Date.parse(value));
const isTimeOrNull = (value: unknown) => value === null || isTime(value);
const isCount = (value: unknown): value is number => typeof value === "number" && Number.isInteger(value) && value >= 0;

/**
 * Parses verified answer bytes and checks them against the request in the doc's order: protocol,
 * action, nonce, buy key, device key; then the shape of the remaining fields. This is what makes
 * an answer useless anywhere but for its own request: a relay that forwards our nonce with another
 * buy key gets an answer naming that key, and a recorded answer carries an old nonce.
 */
export function readAnswer(body: Uint8Array, expected: AnswerBinding): { ok: true; answer: LicenseAnswer } | { ok: false; reason: BindingFailure } {
  const fields = parseObject(body);
  if (!fields) return { ok: false, reason: "malformed" };
  if (fields.protocol !== 2) return { ok: false, reason: "protocol" };
  if (fields.action !== expected.action) return { ok: false, reason: "action" };
  if (fields.nonce !== expected.nonce) return { ok: false, reason: "nonce" };
  if (fields.buyKey !== normaliseBuyKey(expected.buyKey)) return { ok: false, reason: "buy-key" };
  if (fields.deviceKey !== normaliseDeviceKey(expected.deviceKey)) return { ok: false, reason: "device-key" };
  const answer = toAnswer(fields);
  return answer ? { ok: true, answer } : { ok: false, reason: "malformed" };
}

/** The answer's own fields, without a request to compare with (used again on a stored lease). */
export function parseAnswer(body: Uint8Array): LicenseAnswer | null {
  const fields = parseObject(body);
  return fields && fields.protocol === 2 ? toAnswer(fields) : null;
}

function parseObject(body: Uint8Array): Record<string, unknown> | null {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(body));
  } catch {
    return null;
  }
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

function toAnswer(a: Record<string, unknown>): LicenseAnswer | null {
  const wellFormed =
    a.protocol === 2 &&
    (a.action === "activate" || a.action === "validate" || a.action === "change-key") &&
    typeof a.valid === "boolean" &&
    typeof a.code === "string" &&
    typeof a.message === "string" &&
    typeof a.buyKey === "string" &&
    typeof a.deviceKey === "string" &&
    typeof a.nonce === "string" &&
    (a.status === null || a.status === "New" || a.status === "Active" || a.status === "Expired") &&
    isTimeOrNull(a.expiresAt) &&
    (a.changesLeft === null || isCount(a.changesLeft)) &&
    isTime(a.serverTime) &&
    isTimeOrNull(a.leaseUntil) &&
    isCount(a.maxClockRollbackSeconds) &&
    (a.keysVersion === undefined || isCount(a.keysVersion));
  if (!wellFormed) return null;
  // Copy the known fields only, so unknown ones cannot ride along into storage or the tool.
  return {
    protocol: 2,
    action: a.action as LicenseAction,
    valid: a.valid as boolean,
    code: a.code as string,
    message: a.message as string,
    buyKey: a.buyKey as string,
    deviceKey: a.deviceKey as string,
    nonce: a.nonce as string,
    status: a.status as LicenseStatus | null,
    expiresAt: a.expiresAt as string | null,
    changesLeft: a.changesLeft as number | null,
    serverTime: a.serverTime as string,
    leaseUntil: a.leaseUntil as string | null,
    maxClockRollbackSeconds: a.maxClockRollbackSeconds as number,
    keysVersion: (a.keysVersion as number | undefined) ?? null,
  };
}
