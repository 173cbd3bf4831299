// Assigning a bulk order's license to an end customer (decision 080): one conditional UPDATE
// decides it (two racing assignments of one license: one wins, the other is ALREADY_ASSIGNED), in
// one transaction with the end customer's account (made when they have none), the assignment's
// record, the buy key's e-mail to them and the `licence.assigned` event.
import { and, eq, isNull, sql } from "drizzle-orm";
import { DEFAULT_LANGUAGE } from "../../../contracts/languages";
import type { AssignLicenseResponse } from "../../../contracts/reseller";
import type { CurrentUser } from "../../auth/context";
import type { Db, Tx } from "../../db/client";
import { licenseAssignments, licenses, orders, plans, refunds, user } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { randomString } from "../../lib/crypto";
import { enqueueEmail } from "../../providers/email/outbox";
import { recordLicenseAssigned } from "../notifications/events";
import { isBulk, toResellerLicense } from "./service";

export interface AssignDeps {
  db: Db;
  baseUrl: string;
  shopTimeZone: string;
  onEmailQueued?: () => void;
}

const ACCOUNT_ID_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/**
 * The end customer's account: theirs if they have one, else a new one with their address, in the
 * reseller's language, without a password (they sign in by a link or a code sent to the address,
 * which verifies it). Two assignments making the same account at once: the second finds the first's.
 */
async function accountFor(tx: Tx, email: string, language: string): Promise<{ id: string; created: boolean }> {
  const [found] = await tx.select({ id: user.id }).from(user).where(eq(user.email, email)).limit(1);
  if (found) return { id: found.id, created: false };
  const [made] = await tx
    .insert(user)
    .values({ id: randomString(ACCOUNT_ID_ALPHABET, 32), email, name: "", emailVerified: false, language })
    .onConflictDoNothing({ target: user.email })
    .returning({ id: user.id });
  if (made) return { id: made.id, created: true };
  const [other] = await tx.select({ id: user.id }).from(user).where(eq(user.email, email)).limit(1);
  return { id: other!.id, created: false };
}

/**
 * A refund of the order under way: claimed (its provider call), or recorded and not yet applied.
 * The refund counted the unassigned licences under the order's row lock when it claimed; an
 * assignment now would leave it fewer to revoke than it was judged on (decision 080).
 */
const refundUnderWay = (now: Date) =>
  sql`((${orders.refundClaimUntil} is not null and ${orders.refundClaimUntil} > ${now.toISOString()}::timestamptz) or exists (select 1 from ${refunds} where ${refunds.orderId} = ${orders.id} and ${refunds.appliedAt} is null))`;

/** Why a license the UPDATE did not take cannot be assigned: not the reseller's (404), or its state (409). */
async function refusal(tx: Tx, reseller: CurrentUser, licenseId: string, now: Date): Promise<AppError> {
  const [row] = await tx
    .select({ license: licenses, orderStatus: orders.status })
    .from(licenses)
    .innerJoin(orders, eq(orders.id, licenses.orderId))
    .where(and(eq(licenses.id, licenseId), eq(orders.userId, reseller.id), isBulk));
  if (!row) return new AppError("NOT_FOUND", "No license of your bulk orders has this id.");
  if (row.license.assignedAt) return new AppError("ALREADY_ASSIGNED");
  if (row.orderStatus === "paid" && !row.license.revokedAt) {
    const [busy] = await tx.select({ id: orders.id }).from(orders).where(and(eq(orders.id, row.license.orderId!), refundUnderWay(now)));
    if (busy) return new AppError("REFUND_IN_PROGRESS", "A refund of this license's order is under way. Try again in a few minutes.");
  }
  return new AppError("LICENSE_NOT_ASSIGNABLE");
}

export async function assignLicense(deps: AssignDeps, reseller: CurrentUser, licenseId: string, email: string, now = new Date()): Promise<AssignLicenseResponse> {
  if (email === reseller.email.toLowerCase()) throw new AppError("ASSIGN_TO_SELF", undefined, [{ path: "email", message: "This license is yours already" }]);
  const result = await deps.db.transaction(async (tx) => {
    // Assignments and refunds serialise on the order's row: every refund step (the claim with its
    // count of unassigned licences, the record, the application) holds it FOR UPDATE; an assignment
    // holds it FOR SHARE (assignments of one order do not wait for each other) until it commits.
    // So a refund's count always sees a committed assignment, and the UPDATE below, reading after
    // the lock, sees a refund's claim or unapplied record and assigns nothing.
    await tx
      .select({ id: orders.id })
      .from(orders)
      .where(sql`${orders.id} = (select ${licenses.orderId} from ${licenses} where ${licenses.id} = ${licenseId})`)
      .for("share");
    const account = await accountFor(tx, email, reseller.language ?? DEFAULT_LANGUAGE);
    // The one statement that decides: still the reseller's (their paid bulk order's, held by them),
    // never assigned, never activated, not revoked, no refund of the order under way (refunded or
    // being refunded: decision 080). A concurrent assignment of the same license
    // waits on the row and then finds assigned_at set: it updates nothing.
    const [moved] = await tx
      .update(licenses)
      .set({ email, userId: account.id, assignedAt: now, updatedAt: now })
      .where(
        and(
          eq(licenses.id, licenseId),
          eq(licenses.userId, reseller.id),
          isNull(licenses.assignedAt),
          isNull(licenses.revokedAt),
          isNull(licenses.deviceKey),
          isNull(licenses.startDate),
          sql`${licenses.orderId} in (select ${orders.id} from ${orders} where ${orders.userId} = ${reseller.id} and ${orders.quantity} > 1 and ${orders.status} = 'paid' and not ${refundUnderWay(now)})`,
        ),
      )
      .returning();
    if (!moved) throw await refusal(tx, reseller, licenseId, now);
    const [assignment] = await tx
      .insert(licenseAssignments)
      .values({ licenseId: moved.id, orderId: moved.orderId!, resellerUserId: reseller.id, email, userId: account.id, accountCreated: account.created, assignedAt: now })
      .returning();
    const [plan] = moved.planId ? await tx.select({ months: plans.months }).from(plans).where(eq(plans.id, moved.planId)) : [];
    await enqueueEmail(tx, {
      to: email,
      template: "license-key",
      props: {
        buyKey: moved.buyKey,
        planMonths: plan?.months ?? null,
        termDays: moved.termDays,
        changesLeft: moved.changesLeft,
        dashboardUrl: `${deps.baseUrl}/license-keys`,
        assignedBy: reseller.email.toLowerCase(),
        accountCreated: account.created,
      },
      timeZone: deps.shopTimeZone,
      fallbackLanguage: reseller.language,
    });
    await recordLicenseAssigned(tx, moved, { resellerUserId: reseller.id, accountCreated: account.created, assignedAt: now });
    return { license: toResellerLicense(moved, assignment!, plan?.months ?? null), accountCreated: account.created };
  });
  deps.onEmailQueued?.();
  return result;
}
