// Licence rules: create, rename, list, change key (dashboard), history, and the binding rules the
// desktop tool's protocol (tool.ts) shares.
// Every change to a licence's key or changes-left happens under a row lock, so concurrent
// requests cannot both spend the last change or bind two devices.
import { and, desc, eq, ilike, inArray, ne, not, or, sql, sum } from "drizzle-orm";
import { EXPIRED_KEY_MARKER, type License, type LicenseHistoryEntry } from "../../../contracts/licenses";
import type { Db, Tx } from "../../db/client";
import { collectMatches, dayAnchor, estimatedCount, pageIdsOf } from "../../db/paging";
import { textSearch } from "../../db/text-search";
import { isUniqueViolation } from "../../db/errors";
import { licenseHistory, licenseHistoryDayCounts, licenses, plans, type PlanTerms } from "../../db/schema";
import { randomString } from "../../lib/crypto";
import { AppError } from "../../lib/errors";
import { holdOf, licenseStatus, termStatus } from "./status";
import { isUuid } from "../../../contracts/units";
import { planDays } from "../../../contracts/renewal-terms";

export type LicenseRow = typeof licenses.$inferSelect;

/** A licence-history row as every list shows it (the history page, the customer's page). */
export function toLicenseHistoryEntry(r: typeof licenseHistory.$inferSelect): LicenseHistoryEntry {
  return {
    id: r.id,
    changeDate: r.changeDate.toISOString(),
    changedBy: r.changedBy,
    email: r.email,
    buykey: r.buykey,
    oldDeviceKey: r.oldDeviceKey,
    newDeviceKey: r.newDeviceKey,
    status: r.status,
    notes: r.notes,
  };
}
export interface Actor {
  id?: string | null;
  email: string;
}

const BUY_KEY_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"; // no 0/O, 1/I/L: read aloud and typed by hand

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
  deviceKey?: string | null;
  startDate?: Date | null;
  expireDate?: Date | null;
  changesLeft?: number;
  /** The terms a sale was opened with (the order's, decision 074); the plan's of today otherwise. */
  terms?: PlanTerms;
}

export async function createLicense(input: CreateLicenseInput): Promise<LicenseRow> {
  const [row] = await input.db.select().from(plans).where(eq(plans.id, input.planId));
  if (!row) throw new AppError("NOT_FOUND", `Unknown plan ${input.planId}`);
  const plan = { ...row, ...input.terms };
  try {
    const [row] = await input.db
      .insert(licenses)
      .values({
        name: input.name ?? "",
        buyKey: generateBuyKey(),
        deviceKey: input.deviceKey ?? null,
        startDate: input.startDate ?? null,
        expireDate: input.expireDate ?? null,
        changesLeft: input.changesLeft ?? plan.keyChanges,
        termDays: planDays(plan),
        planId: plan.id,
        orderId: input.orderId ?? null,
        email: input.email.trim().toLowerCase(),
        userId: input.userId ?? null,
      })
      .returning();
    return row!;
  } catch (err) {
    // Seeding a licence on a device key another licence holds (sales never bind one).
    if (isUniqueViolation(err, BOUND_DEVICE_KEY_INDEX)) throw new AppError("DEVICE_IN_USE");
    throw err;
  }
}

function canChangeKey(row: LicenseRow, now: Date) {
  return row.changesLeft > 0 && !holdOf(row) && termStatus(row, now) !== "Expired";
}

/** `plan`: the licence's plan's English title and length (pages word it in their language from the length). */
export function toLicenseDto(row: LicenseRow, plan: { title: string; months: number } | null, now = new Date()): License {
  return {
    id: row.id,
    name: row.name,
    deviceKey: row.deviceKey,
    buyKey: row.buyKey,
    startDate: row.startDate?.toISOString() ?? null,
    expireDate: row.expireDate?.toISOString() ?? null,
    status: licenseStatus(row, now),
    changesLeft: row.changesLeft,
    termDays: row.termDays,
    planTitle: plan?.title ?? null,
    planMonths: plan?.months ?? null,
    canChangeKey: !row.revokedAt && canChangeKey(row, now),
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

function escapeLike(term: string) {
  return term.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

const ownedBy = (email: string) => eq(licenses.email, email.trim().toLowerCase());

export async function listOwnLicenses({ db, user, search }: { db: Db; user: Actor; search: string }): Promise<License[]> {
  const term = escapeLike(search);
  const rows = await db
    .select({ license: licenses, planTitle: plans.title, planMonths: plans.months })
    .from(licenses)
    .leftJoin(plans, eq(plans.id, licenses.planId))
    .where(
      and(
        ownedBy(user.email),
        // The spec hides licences marked expirekey_ from the list.
        or(sql`${licenses.deviceKey} is null`, not(ilike(licenses.deviceKey, `%${EXPIRED_KEY_MARKER}%`))),
        term ? or(ilike(licenses.buyKey, `%${term}%`), ilike(licenses.deviceKey, `%${term}%`)) : undefined,
      ),
    )
    .orderBy(desc(licenses.createdAt), desc(licenses.id));
  const now = new Date();
  return rows.map((r) => toLicenseDto(r.license, r.planTitle === null || r.planMonths === null ? null : { title: r.planTitle, months: r.planMonths }, now));
}

/** A licence its owner may act on; anyone else gets 404 (not 403), so ids cannot be probed. */
async function lockOwnLicense(tx: Tx, user: Actor, id: string): Promise<LicenseRow> {
  if (!isUuid(id)) throw new AppError("NOT_FOUND", "License not found");
  const [row] = await tx.select().from(licenses).where(and(eq(licenses.id, id), ownedBy(user.email))).for("update");
  if (!row) throw new AppError("NOT_FOUND", "License not found");
  return row;
}

async function planOf(db: Db | Tx, planId: string | null) {
  if (!planId) return null;
  const [plan] = await db.select({ title: plans.title, months: plans.months }).from(plans).where(eq(plans.id, planId));
  return plan ?? null;
}

export async function renameLicense({ db, user, id, name }: { db: Db; user: Actor; id: string; name: string }): Promise<License> {
  return db.transaction(async (tx) => {
    const row = await lockOwnLicense(tx, user, id);
    const [updated] = await tx.update(licenses).set({ name, updatedAt: new Date() }).where(eq(licenses.id, row.id)).returning();
    return toLicenseDto(updated!, await planOf(tx, updated!.planId));
  });
}

/**
 * Why a licence cannot move to `newKey` now, or null: the rules the dashboard and the tool share.
 * An admin's hold (revoked, suspended) refuses every change, even to the same key.
 */
export function keyChangeRefusal(row: LicenseRow, newKey: string, now: Date): "REVOKED" | "SUSPENDED" | "EXPIRED" | "NO_CHANGES_LEFT" | null {
  const hold = holdOf(row);
  if (hold) return hold;
  if (row.deviceKey === newKey) return null;
  if (termStatus(row, now) === "Expired") return "EXPIRED";
  // The spec: "Changing a key lowers changes left by one", the first key included (decision 051).
  if (row.changesLeft <= 0) return "NO_CHANGES_LEFT";
  return null;
}

export const BOUND_DEVICE_KEY_INDEX = "licenses_bound_device_key_idx";
const DEVICE_RELEASED_NOTE = "Device key released: the device now uses another license";

/**
 * Makes `deviceKey` free for licence `licenceId`: a licence that still runs and holds the key
 * keeps it (false: DEVICE_IN_USE), suspended or not; an expired or revoked one lets go of it, with
 * a history row, so a device moves on to a new licence when its old one has run out. The unique index on bound keys is the
 * last word: two licences binding one free key at once cannot both commit.
 */
export async function freeDeviceKey(tx: Tx, deviceKey: string, licenseId: string, now: Date): Promise<boolean> {
  const holders = await tx
    .select()
    .from(licenses)
    .where(and(eq(licenses.deviceKey, deviceKey), ne(licenses.id, licenseId), sql`position('expirekey_' in ${licenses.deviceKey}) = 0`))
    .for("update");
  if (holders.some((h) => !h.revokedAt && termStatus(h, now) !== "Expired")) return false;
  for (const holder of holders) {
    await tx.update(licenses).set({ deviceKey: null, updatedAt: now }).where(eq(licenses.id, holder.id));
    await tx.insert(licenseHistory).values({
      licenseId: holder.id,
      userId: holder.userId,
      oldDeviceKey: deviceKey,
      newDeviceKey: null,
      buykey: holder.buyKey,
      email: holder.email,
      status: "changed",
      changedBy: "system",
      changeDate: now,
      notes: DEVICE_RELEASED_NOTE,
    });
  }
  return true;
}

/**
 * Moves a licence to a new device key once `keyChangeRefusal` allowed it and the key is free.
 * Setting a key spends one change, the first included (the spec's rule, decision 051: only the
 * desktop tool's own activation binds a first key for free); the same key again changes nothing.
 * Every change writes a history row.
 */
export async function applyKeyChange(tx: Tx, row: LicenseRow, newKey: string, actor: { id?: string | null; email: string | null; changedBy: string }, now: Date): Promise<LicenseRow> {
  if (row.deviceKey === newKey) return row;
  const firstBinding = row.deviceKey === null;
  const [updated] = await tx
    .update(licenses)
    .set({ deviceKey: newKey, changesLeft: row.changesLeft - 1, updatedAt: now })
    .where(eq(licenses.id, row.id))
    .returning();
  await tx.insert(licenseHistory).values({
    licenseId: row.id,
    userId: row.userId,
    oldDeviceKey: row.deviceKey,
    newDeviceKey: newKey,
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

// The dashboard's refusals say the error table's words; a revoked or suspended licence has its own code.
const HOLD_CODES = { REVOKED: "LICENSE_REVOKED", SUSPENDED: "LICENSE_SUSPENDED" } as const;
export async function changeOwnDeviceKey({ db, user, id, deviceKey }: { db: Db; user: Actor; id: string; deviceKey: string }): Promise<License> {
  const now = new Date();
  try {
    return await db.transaction(async (tx) => {
      const row = await lockOwnLicense(tx, user, id);
      const refusal = keyChangeRefusal(row, deviceKey, now);
      if (refusal) throw new AppError(refusal === "REVOKED" || refusal === "SUSPENDED" ? HOLD_CODES[refusal] : refusal);
      if (row.deviceKey !== deviceKey && !(await freeDeviceKey(tx, deviceKey, row.id, now))) {
        throw new AppError("DEVICE_IN_USE");
      }
      const updated = await applyKeyChange(tx, row, deviceKey, { id: user.id, email: user.email, changedBy: user.email }, now);
      return toLicenseDto(updated, await planOf(tx, updated.planId), now);
    });
  } catch (err) {
    // Another licence bound the same key in the same instant: the index let only one commit.
    if (isUniqueViolation(err, BOUND_DEVICE_KEY_INDEX)) throw new AppError("DEVICE_IN_USE");
    throw err;
  }
}

/** The admin's whole history: its exact total from the day rollup (decision 033). */
async function historyTotal(db: Db): Promise<{ total: number; totalIsEstimate: boolean }> {
  const [row] = await db.select({ n: sum(licenseHistoryDayCounts.n) }).from(licenseHistoryDayCounts);
  return { total: Number(row?.n ?? 0), totalIsEstimate: false };
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
}): Promise<{ entries: LicenseHistoryEntry[]; total: number; totalIsEstimate: boolean; page: number; pageSize: number }> {
  const where = and(
    isAdmin ? undefined : eq(sql`lower(${licenseHistory.email})`, user.email.trim().toLowerCase()),
    textSearch(search, {
      anywhere: [licenseHistory.email, licenseHistory.changedBy, licenseHistory.buykey, licenseHistory.oldDeviceKey, licenseHistory.newDeviceKey],
      prefix: [licenseHistory.email],
    }),
  );
  const newestFirst = [desc(licenseHistory.changeDate), desc(licenseHistory.id)];
  // A search or a customer's own history collects its matches once (count and page together);
  // past EXACT_COUNT_LIMIT matches its total is estimated and the (change_date, id) index walked.
  // The admin's whole history counts from its day rollup and starts each page at the day that holds
  // it (decision 033). Then the page's rows by id.
  const slice = { table: licenseHistory, id: licenseHistory.id, at: licenseHistory.changeDate, limit: pageSize, offset: (page - 1) * pageSize };
  const collected = where ? await collectMatches(db, { ...slice, where }) : undefined;
  const count = collected ? { total: collected.total, totalIsEstimate: false } : where ? await estimatedCount(db, licenseHistory, where) : await historyTotal(db);
  const anchor = where ? undefined : await dayAnchor(db, { table: licenseHistoryDayCounts, day: licenseHistoryDayCounts.day, n: licenseHistoryDayCounts.n }, slice.offset);
  const pageIds = collected ? collected.ids : pageIdsOf({ ...slice, where, anchor });
  const pageIsEmpty = collected ? !collected.ids.length : !where && !anchor;
  const rows = pageIsEmpty
    ? []
    : await db.select().from(licenseHistory).where(inArray(licenseHistory.id, pageIds)).orderBy(...newestFirst);
  return {
    entries: rows.map(toLicenseHistoryEntry),
    ...count,
    page,
    pageSize,
  };
}
