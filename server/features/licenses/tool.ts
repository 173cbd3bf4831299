// The desktop tool's licence protocol (docs/licence-api.md): activate, validate and change key
// decide an outcome (a code and the licence as it now stands); `buildAnswer` turns it into the
// answer that names its request (action, buy key, device key, nonce), which the route signs.
import { eq, sql } from "drizzle-orm";
import {
  EXPIRED_KEY_MARKER,
  LICENSE_MESSAGES,
  type LicenseAction,
  type LicenseAnswer,
  type LicenseCode,
} from "../../../contracts/licenses";
import type { Db, Tx } from "../../db/client";
import { isUniqueViolation } from "../../db/errors";
import { licenseHistory, licenses } from "../../db/schema";
import type { LicenseCache } from "./cache";
import { applyKeyChange, BOUND_DEVICE_KEY_INDEX, freeDeviceKey, keyChangeRefusal, normalizeBuyKey, type LicenseRow } from "./service";
import { holdOf, termStatus } from "./status";
import { activatedExpiry } from "./term";
import { DAY_MS } from "../../../contracts/units";

/** Offline, the tool tolerates its clock this far behind the latest serverTime it has seen. */
export const MAX_CLOCK_ROLLBACK_SECONDS = 300;

const VALID_CODES: ReadonlySet<LicenseCode> = new Set(["VALID", "ACTIVATED", "ALREADY_ACTIVE", "KEY_CHANGED"]);

export interface Outcome {
  code: LicenseCode;
  /** The licence as it stands after the call; null when the buy key names none. */
  row: LicenseRow | null;
}

/** What the answer repeats of its request (normalised), so it is worth nothing for another one. */
export interface ToolRequest {
  protocol: 1 | 2;
  action: LicenseAction;
  buyKey: string;
  deviceKey: string;
  nonce: string | null;
}

/**
 * Protocol 1 predates suspension and revocation: its clients are refused as for an expired
 * licence (code and status EXPIRED, 409 on activate and change-key), the message says which.
 */
const V1_AS_EXPIRED: ReadonlySet<LicenseCode> = new Set(["SUSPENDED", "REVOKED"]);

/**
 * The signed body's fields, in their documented order (the test vectors depend on it).
 * `keysVersion`: the signed key list's version, named by protocol 2 answers so a tool with an
 * older list fetches it (decision 035); protocol 1 answers keep their old fields only.
 */
export function buildAnswer(request: ToolRequest, outcome: Outcome, now: Date, leaseDays: number, keysVersion: number): LicenseAnswer {
  const { row } = outcome;
  const v1Expired = request.protocol === 1 && V1_AS_EXPIRED.has(outcome.code);
  const code: LicenseCode = v1Expired ? "EXPIRED" : outcome.code;
  const valid = VALID_CODES.has(code);
  const expiresAt = row?.expireDate ?? null;
  const lease = valid && expiresAt ? new Date(Math.min(expiresAt.getTime(), now.getTime() + leaseDays * DAY_MS)) : null;
  const answer: LicenseAnswer = {
    protocol: request.protocol,
    action: request.action,
    valid,
    code,
    message: LICENSE_MESSAGES[outcome.code],
    buyKey: request.buyKey,
    deviceKey: request.deviceKey,
    nonce: request.nonce,
    // The term's state (New, Active, Expired): a hold is said by the code, which old clients read as a refusal.
    status: row ? (v1Expired ? "Expired" : termStatus(row, now)) : null,
    expiresAt: expiresAt?.toISOString() ?? null,
    changesLeft: row?.changesLeft ?? null,
    serverTime: now.toISOString(),
    leaseUntil: lease?.toISOString() ?? null,
    maxClockRollbackSeconds: MAX_CLOCK_ROLLBACK_SECONDS,
  };
  if (request.protocol === 2) answer.keysVersion = keysVersion; // last, after the fields protocol 1 knows
  return answer;
}

async function lockByBuyKey(tx: Tx, buyKey: string) {
  const [row] = await tx.select().from(licenses).where(eq(licenses.buyKey, buyKey)).for("update");
  return row ?? null;
}

async function readByBuyKey(db: Db, buyKey: string) {
  const [row] = await db.select().from(licenses).where(eq(licenses.buyKey, buyKey));
  return row ?? null;
}

/**
 * Runs a binding change on the licence of a buy key, locked in its transaction; an unknown buy key
 * is NOT_FOUND and an admin's hold answers before `change` runs. When the unique index on bound
 * device keys refuses the change (another licence bound the same key in the same instant), the
 * answer is DEVICE_IN_USE with the licence unchanged.
 */
async function changeBinding(db: Db, buyKey: string, change: (tx: Tx, row: LicenseRow) => Promise<Outcome>): Promise<Outcome> {
  const key = normalizeBuyKey(buyKey);
  try {
    return await db.transaction(async (tx): Promise<Outcome> => {
      const row = await lockByBuyKey(tx, key);
      if (!row) return { code: "NOT_FOUND", row };
      const hold = holdOf(row);
      if (hold) return { code: hold, row };
      return change(tx, row);
    });
  } catch (err) {
    if (!isUniqueViolation(err, BOUND_DEVICE_KEY_INDEX)) throw err;
    return { code: "DEVICE_IN_USE", row: await readByBuyKey(db, key) };
  }
}

/** First activation binds the device and starts the term; the same device again is a quiet success. */
export async function activateLicense({ db, buyKey, deviceKey, now = new Date() }: { db: Db; buyKey: string; deviceKey: string; now?: Date }): Promise<Outcome> {
  return changeBinding(db, buyKey, async (tx, row) => {
    if (termStatus(row, now) === "Expired") return { code: "EXPIRED", row };
    if (row.deviceKey !== null && row.deviceKey !== deviceKey) return { code: "DEVICE_MISMATCH", row };
    if (row.deviceKey === deviceKey && row.startDate) return { code: "ALREADY_ACTIVE", row };
    if (row.deviceKey === null && !(await freeDeviceKey(tx, deviceKey, row.id, now))) return { code: "DEVICE_IN_USE", row };
    const [updated] = await tx
      .update(licenses)
      .set({
        deviceKey,
        startDate: row.startDate ?? now,
        expireDate: activatedExpiry(row, now),
        updatedAt: now,
      })
      .where(eq(licenses.id, row.id))
      .returning();
    if (row.deviceKey === null) {
      await tx.insert(licenseHistory).values({
        licenseId: row.id,
        userId: row.userId,
        oldDeviceKey: null,
        newDeviceKey: deviceKey,
        buykey: row.buyKey,
        email: row.email,
        status: "changed",
        changedBy: "desktop tool",
        changeDate: now,
        notes: "Activated",
      });
    }
    return { code: "ACTIVATED", row: updated! };
  });
}

// The hot path: thousands of desktop tools validate; a prepared statement skips query building
// and lets PostgreSQL reuse the plan. Prepared once per database handle.
const validateStatements = new WeakMap<Db, ReturnType<typeof prepareValidate>>();
function prepareValidate(db: Db) {
  return db.select().from(licenses).where(eq(licenses.buyKey, sql.placeholder("buyKey"))).prepare("license_by_buy_key");
}

async function loadByBuyKey(db: Db, buyKey: string) {
  let statement = validateStatements.get(db);
  if (!statement) validateStatements.set(db, (statement = prepareValidate(db)));
  const [row] = await statement.execute({ buyKey });
  return row;
}

/** Read-only: what the tool should do now. */
export async function validateLicense({
  db,
  cache,
  buyKey,
  deviceKey,
  now = new Date(),
}: {
  db: Db;
  /** Rows kept between calls, dropped on every change (see cache.ts). */
  cache?: LicenseCache;
  buyKey: string;
  deviceKey: string;
  now?: Date;
}): Promise<Outcome> {
  const key = normalizeBuyKey(buyKey);
  const row = (cache ? await cache.get(key, (k) => loadByBuyKey(db, k)) : await loadByBuyKey(db, key)) ?? null;
  if (!row) return { code: "NOT_FOUND", row };
  // An admin's hold first: a suspension or revocation answers the same on every device.
  const hold = holdOf(row);
  if (hold) return { code: hold, row };
  if (row.deviceKey?.includes(EXPIRED_KEY_MARKER)) return { code: "EXPIRED", row };
  if (row.deviceKey === null || !row.startDate) return { code: "NOT_ACTIVATED", row };
  if (row.deviceKey !== deviceKey) return { code: "DEVICE_MISMATCH", row };
  if (termStatus(row, now) !== "Active") return { code: "EXPIRED", row };
  return { code: "VALID", row };
}

/** The tool moves its licence: it must prove the current device key. */
export async function changeDeviceKeyFromTool({
  db,
  buyKey,
  oldDeviceKey,
  newDeviceKey,
  now = new Date(),
}: {
  db: Db;
  buyKey: string;
  oldDeviceKey: string;
  newDeviceKey: string;
  now?: Date;
}): Promise<Outcome> {
  return changeBinding(db, buyKey, async (tx, row) => {
    if (row.deviceKey !== oldDeviceKey) return { code: "DEVICE_MISMATCH", row };
    const refusal = keyChangeRefusal(row, newDeviceKey, now);
    if (refusal) return { code: refusal, row };
    if (row.deviceKey !== newDeviceKey && !(await freeDeviceKey(tx, newDeviceKey, row.id, now))) return { code: "DEVICE_IN_USE", row };
    const updated = await applyKeyChange(tx, row, newDeviceKey, { email: null, changedBy: "desktop tool" }, now);
    return { code: "KEY_CHANGED", row: updated };
  });
}
