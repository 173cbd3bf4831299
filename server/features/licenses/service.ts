// Licence rules: create, activate, validate, change key, rename, list, history.
// Every change to a licence's key or changes-left happens under a row lock, so concurrent
// requests cannot both spend the last change or bind two devices.
import { and, count, desc, eq, ilike, not, or, sql } from "drizzle-orm";
import {
  EXPIRED_KEY_MARKER,
  type License,
  type LicenseAnswer,
  type LicenseCode,
  type LicenseHistoryEntry,
} from "../../../contracts/licenses";
import type { Db, Tx } from "../../db/client";
import { licenseHistory, licenses, plans } from "../../db/schema";
import { randomString } from "../../lib/crypto";
import { AppError } from "../../lib/errors";
import type { LicenceCache } from "./cache";
import { licenseStatus } from "./status";

type LicenseRow = typeof licenses.$inferSelect;
export interface Actor {
  id?: string | null;
  email: string;
}

const DAY_MS = 86_400_000;
/** How long the desktop tool may run offline on one signed answer. */
export const LEASE_MS = 3 * DAY_MS;
const BUY_KEY_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"; // no 0/O, 1/I/L: read aloud and typed by hand
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** "KS-7QX4M-9HTRW-…": 20 random characters (~98 bits), grouped for reading. */
export function generateBuyKey(): string {
  return `KS-${Array.from({ length: 4 }, () => randomString(BUY_KEY_ALPHABET, 5)).join("-")}`;
}

export function normalizeBuyKey(input: string): string {
  return input.trim().toUpperCase();
}

export interface CreateLicenseInput {
  db: Db | Tx;
  planId: string;
  email: string;
  userId?: string | null;
  orderId?: string | null;
  name?: string;
  /** For seeding and migrations from the old system; sales leave these unset. */
  licenseKey?: string | null;
  startDate?: Date | null;
  expireDate?: Date | null;
  changesLeft?: number;
}

export async function createLicense(input: CreateLicenseInput): Promise<LicenseRow> {
  const [plan] = await input.db.select().from(plans).where(eq(plans.id, input.planId));
  if (!plan) throw new AppError("NOT_FOUND", `Unknown plan ${input.planId}`);
  const [row] = await input.db
    .insert(licenses)
    .values({
      name: input.name ?? "",
      buyKey: generateBuyKey(),
      licenseKey: input.licenseKey ?? null,
      startDate: input.startDate ?? null,
      expireDate: input.expireDate ?? null,
      changesLeft: input.changesLeft ?? plan.keyChanges,
      termDays: plan.periodDays + plan.bonusDays,
      planId: plan.id,
      orderId: input.orderId ?? null,
      email: input.email.trim().toLowerCase(),
      userId: input.userId ?? null,
    })
    .returning();
  return row!;
}

function canChangeKey(row: LicenseRow, now: Date) {
  return row.changesLeft > 0 && licenseStatus(row, now) !== "Expired";
}

export function toLicenseDto(row: LicenseRow, planTitle: string | null, now = new Date()): License {
  return {
    id: row.id,
    name: row.name,
    licenseKey: row.licenseKey,
    buyKey: row.buyKey,
    startDate: row.startDate?.toISOString() ?? null,
    expireDate: row.expireDate?.toISOString() ?? null,
    status: licenseStatus(row, now),
    changesLeft: row.changesLeft,
    planTitle,
    canChangeKey: canChangeKey(row, now),
  };
}

function escapeLike(term: string) {
  return term.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

const ownedBy = (email: string) => eq(licenses.email, email.trim().toLowerCase());

export async function listOwnLicenses({ db, user, search }: { db: Db; user: Actor; search: string }): Promise<License[]> {
  const term = escapeLike(search);
  const rows = await db
    .select({ license: licenses, planTitle: plans.title })
    .from(licenses)
    .leftJoin(plans, eq(plans.id, licenses.planId))
    .where(
      and(
        ownedBy(user.email),
        // The spec hides licences marked expirekey_ from the list.
        or(sql`${licenses.licenseKey} is null`, not(ilike(licenses.licenseKey, `%${EXPIRED_KEY_MARKER}%`))),
        term ? or(ilike(licenses.buyKey, `%${term}%`), ilike(licenses.licenseKey, `%${term}%`)) : undefined,
      ),
    )
    .orderBy(desc(licenses.createdAt), desc(licenses.id));
  const now = new Date();
  return rows.map((r) => toLicenseDto(r.license, r.planTitle, now));
}

/** A licence its owner may act on; anyone else gets 404 (not 403), so ids cannot be probed. */
async function lockOwnLicense(tx: Tx, user: Actor, id: string): Promise<LicenseRow> {
  if (!UUID.test(id)) throw new AppError("NOT_FOUND", "License not found");
  const [row] = await tx.select().from(licenses).where(and(eq(licenses.id, id), ownedBy(user.email))).for("update");
  if (!row) throw new AppError("NOT_FOUND", "License not found");
  return row;
}

async function planTitleOf(db: Db | Tx, planId: string | null) {
  if (!planId) return null;
  const [plan] = await db.select({ title: plans.title }).from(plans).where(eq(plans.id, planId));
  return plan?.title ?? null;
}

export async function renameLicense({ db, user, id, name }: { db: Db; user: Actor; id: string; name: string }): Promise<License> {
  return db.transaction(async (tx) => {
    const row = await lockOwnLicense(tx, user, id);
    const [updated] = await tx.update(licenses).set({ name, updatedAt: new Date() }).where(eq(licenses.id, row.id)).returning();
    return toLicenseDto(updated!, await planTitleOf(tx, updated!.planId));
  });
}

/**
 * Moves a licence to a new device key. Binding the first key is free; moving to a different key
 * spends one change and needs an unexpired licence; the same key again changes nothing.
 */
async function applyKeyChange(tx: Tx, row: LicenseRow, newKey: string, actor: { id?: string | null; email: string | null; changedBy: string }, now: Date) {
  if (row.licenseKey === newKey) return row;
  if (licenseStatus(row, now) === "Expired") throw new AppError("EXPIRED", "This license has expired; its key cannot be changed.", 409);
  const firstBinding = row.licenseKey === null;
  if (!firstBinding && row.changesLeft <= 0) throw new AppError("NO_CHANGES_LEFT", "No key changes left for this license.", 409);
  const [updated] = await tx
    .update(licenses)
    .set({ licenseKey: newKey, changesLeft: firstBinding ? row.changesLeft : row.changesLeft - 1, updatedAt: now })
    .where(eq(licenses.id, row.id))
    .returning();
  await tx.insert(licenseHistory).values({
    licenseId: row.id,
    userId: row.userId,
    oldLicense: row.licenseKey,
    newLicense: newKey,
    buykey: row.buyKey,
    email: row.email,
    status: "changed",
    authUserId: actor.id ?? null,
    authUserEmail: actor.email,
    changedBy: actor.changedBy,
    changeDate: now,
    notes: firstBinding ? "First device key" : null,
  });
  return updated!;
}

export async function changeOwnLicenseKey({ db, user, id, licenseKey }: { db: Db; user: Actor; id: string; licenseKey: string }): Promise<License> {
  const now = new Date();
  return db.transaction(async (tx) => {
    const row = await lockOwnLicense(tx, user, id);
    const updated = await applyKeyChange(tx, row, licenseKey, { id: user.id, email: user.email, changedBy: user.email }, now);
    return toLicenseDto(updated, await planTitleOf(tx, updated.planId), now);
  });
}

export async function listLicenseHistory({
  db,
  user,
  isAdmin,
  search,
  page,
  pageSize,
}: {
  db: Db;
  user: Actor;
  isAdmin: boolean;
  search: string;
  page: number;
  pageSize: number;
}): Promise<{ entries: LicenseHistoryEntry[]; total: number; page: number; pageSize: number }> {
  const term = escapeLike(search);
  const where = and(
    isAdmin ? undefined : eq(sql`lower(${licenseHistory.email})`, user.email.trim().toLowerCase()),
    term
      ? or(
          ilike(licenseHistory.email, `%${term}%`),
          ilike(licenseHistory.changedBy, `%${term}%`),
          ilike(licenseHistory.buykey, `%${term}%`),
          ilike(licenseHistory.oldLicense, `%${term}%`),
          ilike(licenseHistory.newLicense, `%${term}%`),
        )
      : undefined,
  );
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(licenseHistory)
      .where(where)
      .orderBy(desc(licenseHistory.changeDate), desc(licenseHistory.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(licenseHistory).where(where),
  ]);
  return {
    entries: rows.map((r) => ({
      id: r.id,
      changeDate: r.changeDate.toISOString(),
      changedBy: r.changedBy,
      email: r.email,
      buykey: r.buykey,
      oldLicense: r.oldLicense,
      newLicense: r.newLicense,
      status: r.status,
      notes: r.notes,
    })),
    total: Number(total[0]?.n ?? 0),
    page,
    pageSize,
  };
}

// ---- The desktop tool ----

const MESSAGES: Record<LicenseCode, string> = {
  VALID: "The license is valid on this device.",
  ACTIVATED: "The license is now active on this device.",
  ALREADY_ACTIVE: "The license is already active on this device.",
  KEY_CHANGED: "The license moved to the new device key.",
  NOT_FOUND: "No license has this buy key.",
  NOT_ACTIVATED: "The license has not been activated yet. Activate it with this device key first.",
  DEVICE_MISMATCH: "The license is bound to another device. Use a key change to move it to this one.",
  EXPIRED: "The license has expired.",
  NO_CHANGES_LEFT: "No key changes left for this license.",
};

export function answer(code: LicenseCode, row: LicenseRow | null, now: Date, nonce?: string): LicenseAnswer {
  const valid = code === "VALID" || code === "ACTIVATED" || code === "ALREADY_ACTIVE" || code === "KEY_CHANGED";
  const expiresAt = row?.expireDate ?? null;
  const lease = valid && expiresAt ? new Date(Math.min(expiresAt.getTime(), now.getTime() + LEASE_MS)) : null;
  return {
    valid,
    code,
    message: MESSAGES[code],
    status: row ? licenseStatus(row, now) : null,
    expiresAt: expiresAt?.toISOString() ?? null,
    changesLeft: row?.changesLeft ?? null,
    serverTime: now.toISOString(),
    leaseUntil: lease?.toISOString() ?? null,
    nonce: nonce ?? null,
  };
}

async function lockByBuyKey(tx: Tx, buyKey: string) {
  const [row] = await tx.select().from(licenses).where(eq(licenses.buyKey, normalizeBuyKey(buyKey))).for("update");
  return row ?? null;
}

function failure(code: LicenseCode, status: number) {
  return new AppError(code, MESSAGES[code], status);
}

/** First activation binds the device and starts the term; the same device again is a quiet success. */
export async function activateLicense({ db, buyKey, deviceKey, now = new Date() }: { db: Db; buyKey: string; deviceKey: string; now?: Date }): Promise<LicenseAnswer> {
  return db.transaction(async (tx) => {
    const row = await lockByBuyKey(tx, buyKey);
    if (!row) throw failure("NOT_FOUND", 404);
    if (licenseStatus(row, now) === "Expired") throw failure("EXPIRED", 409);
    if (row.licenseKey !== null && row.licenseKey !== deviceKey) throw failure("DEVICE_MISMATCH", 409);
    if (row.licenseKey === deviceKey && row.startDate) return answer("ALREADY_ACTIVE", row, now);
    const [updated] = await tx
      .update(licenses)
      .set({
        licenseKey: deviceKey,
        startDate: row.startDate ?? now,
        expireDate: row.expireDate ?? new Date(now.getTime() + row.termDays * DAY_MS),
        updatedAt: now,
      })
      .where(eq(licenses.id, row.id))
      .returning();
    if (row.licenseKey === null) {
      await tx.insert(licenseHistory).values({
        licenseId: row.id,
        userId: row.userId,
        oldLicense: null,
        newLicense: deviceKey,
        buykey: row.buyKey,
        email: row.email,
        status: "changed",
        changedBy: "desktop tool",
        changeDate: now,
        notes: "Activated",
      });
    }
    return answer("ACTIVATED", updated!, now);
  });
}

/** Read-only: what the tool should do now. Every outcome is an answer (signed by the route). */
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

export async function validateLicense({
  db,
  cache,
  buyKey,
  deviceKey,
  nonce,
  now = new Date(),
}: {
  db: Db;
  /** Rows kept between calls, dropped on every change (see cache.ts). */
  cache?: LicenceCache;
  buyKey: string;
  deviceKey: string;
  nonce?: string;
  now?: Date;
}): Promise<LicenseAnswer> {
  const key = normalizeBuyKey(buyKey);
  const row = cache ? await cache.get(key, (k) => loadByBuyKey(db, k)) : await loadByBuyKey(db, key);
  if (!row) return answer("NOT_FOUND", null, now, nonce);
  if (row.licenseKey?.includes(EXPIRED_KEY_MARKER)) return answer("EXPIRED", row, now, nonce);
  if (row.licenseKey === null || !row.startDate) return answer("NOT_ACTIVATED", row, now, nonce);
  if (row.licenseKey !== deviceKey) return answer("DEVICE_MISMATCH", row, now, nonce);
  if (licenseStatus(row, now) !== "Active") return answer("EXPIRED", row, now, nonce);
  return answer("VALID", row, now, nonce);
}

/** The tool moves its licence: it must prove the current device key. */
export async function changeLicenseKeyFromTool({
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
}): Promise<LicenseAnswer> {
  return db.transaction(async (tx) => {
    const row = await lockByBuyKey(tx, buyKey);
    if (!row) throw failure("NOT_FOUND", 404);
    if (row.licenseKey !== oldDeviceKey) throw failure("DEVICE_MISMATCH", 409);
    const updated = await applyKeyChange(tx, row, newDeviceKey, { email: null, changedBy: "desktop tool" }, now);
    return answer("KEY_CHANGED", updated, now);
  });
}
