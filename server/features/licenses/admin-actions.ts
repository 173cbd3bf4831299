// Licence actions from the customer's page (issue #16, decision 023): issue, extend, suspend,
// resume, revoke, reset changes left, release the device binding, resend the key e-mail. Each runs
// in one transaction under the licence's row lock (as every licence change does, see service.ts),
// writes one audit row (target: the licence; before and after; the admin's reason as its note),
// a history row where the licence's history shows it (a device released, an extension), and
// queues the owner's e-mail where the action changes what they have. Revoked is final.
import { eq, inArray } from "drizzle-orm";
import {
  LICENCE_ACTION_REFUSALS,
  LICENCE_AUDIT_ACTIONS,
  type AdminLicense,
  type IssueLicenseBody,
  type LicenseActionBody,
  type LicenseActivity,
} from "../../../contracts/customers";
import type { Db, Tx } from "../../db/client";
import { auditLog, licenseHistory, licenses, plans, user } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { enqueueEmail, type EmailToQueue } from "../../providers/email/outbox";
import { recordLicenseCreated, recordLicenseExtended } from "../notifications/events";
import type { LicenseCache } from "./cache";
import { createLicense, type LicenseRow } from "./service";
import { licenseActivity } from "./signals";
import { licenseStatus } from "./status";
import { isUuid } from "../../../contracts/units";
import { shiftTerm } from "./term";

/** What the owner's licence history shows as who changed it: the admin's own e-mail stays in the audit log. */
const SUPPORT = "support";

export interface AdminActor {
  id: string;
  email: string;
}

export interface LicenseAdminDeps {
  db: Db;
  /** Links in the e-mails (the owner's License Keys page). */
  baseUrl: string;
  /** SHOP_TIME_ZONE: the dates in the e-mails. */
  shopTimeZone: string;
  /** This instance drops its copy at once; the others hear the trigger's notification. */
  cache?: LicenseCache;
}

type PlanRow = typeof plans.$inferSelect;
type HistoryInsert = Omit<typeof licenseHistory.$inferInsert, "licenseId" | "userId" | "buykey" | "email">;

const NO_ACTIVITY: LicenseActivity = { lastSeenHour: null, lastSeenAddresses: [], addresses24h: 0, refusedKeys24h: 0, flagged: false };

/** Licence rows as the customer's page shows them, with their plan and what the licence API saw. */
export async function toAdminLicenses(db: Db, rows: LicenseRow[], now = new Date()): Promise<AdminLicense[]> {
  if (!rows.length) return [];
  const planIds = [...new Set(rows.map((r) => r.planId).filter((id): id is string => id !== null))];
  const [planRows, activity] = await Promise.all([
    planIds.length ? db.select({ id: plans.id, title: plans.title, months: plans.months, keyChanges: plans.keyChanges }).from(plans).where(inArray(plans.id, planIds)) : [],
    licenseActivity({ db, licenseIds: rows.map((r) => r.id), now }),
  ]);
  const planById = new Map(planRows.map((p) => [p.id, p]));
  return rows.map((row) => {
    const plan = row.planId ? planById.get(row.planId) : undefined;
    return {
      id: row.id,
      email: row.email,
      name: row.name,
      buyKey: row.buyKey,
      deviceKey: row.deviceKey,
      planId: row.planId,
      planTitle: plan?.title ?? null,
      planMonths: plan?.months ?? null,
      planKeyChanges: plan?.keyChanges ?? null,
      status: licenseStatus(row, now),
      startDate: row.startDate?.toISOString() ?? null,
      expireDate: row.expireDate?.toISOString() ?? null,
      termDays: row.termDays,
      changesLeft: row.changesLeft,
      suspendedAt: row.suspendedAt?.toISOString() ?? null,
      revokedAt: row.revokedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      orderId: row.orderId,
      activity: activity.get(row.id) ?? NO_ACTIVITY,
    };
  });
}

/**
 * The licence's state for the audit log's before and after. The device key keeps the JSON name
 * `licenseKey` that the stored audit rows already use (decision 031), so old and new rows read alike.
 */
function snapshot(row: LicenseRow, now: Date) {
  return {
    status: licenseStatus(row, now),
    licenseKey: row.deviceKey,
    expireDate: row.expireDate?.toISOString() ?? null,
    termDays: row.termDays,
    changesLeft: row.changesLeft,
    suspendedAt: row.suspendedAt?.toISOString() ?? null,
  };
}

const notice = (row: LicenseRow, plan: PlanRow | null, baseUrl: string) => ({
  planMonths: plan?.months ?? null,
  buyKeyEnd: row.buyKey.slice(-5),
  dashboardUrl: `${baseUrl}/license-keys`,
});

function keyEmail(row: LicenseRow, plan: PlanRow | null, baseUrl: string): EmailToQueue {
  return {
    to: row.email,
    template: "license-key",
    props: { buyKey: row.buyKey, planMonths: plan?.months ?? null, termDays: row.termDays, changesLeft: row.changesLeft, dashboardUrl: `${baseUrl}/license-keys`, expireDate: row.expireDate?.toISOString() ?? null },
  };
}

const refuse = (code: keyof typeof LICENCE_ACTION_REFUSALS) => new AppError(code, LICENCE_ACTION_REFUSALS[code]);

/** What one action changes; `null` columns mean "nothing to update". */
interface Plan {
  set: Partial<Pick<LicenseRow, "expireDate" | "termDays" | "suspendedAt" | "revokedAt" | "changesLeft" | "deviceKey">> | null;
  history?: (updated: LicenseRow) => HistoryInsert;
  email?: (updated: LicenseRow) => EmailToQueue;
  message: (updated: LicenseRow) => string;
  /** Extra facts for the audit row's `after`. */
  extra?: Record<string, unknown>;
}

function planAction(body: LicenseActionBody, row: LicenseRow, plan: PlanRow | null, baseUrl: string, now: Date): Plan {
  switch (body.action) {
    case "extend": {
      // The same rule as a paid renewal (term.ts): from the later of now and the expiry, or the
      // term that starts at activation grows when the licence is not activated yet.
      const set = shiftTerm(row, body.days, now);
      const until = (u: LicenseRow) => (u.expireDate ? `until ${u.expireDate.toISOString().slice(0, 10)}` : `term now ${u.termDays} days from first activation`);
      return {
        set,
        extra: { days: body.days },
        history: (u) => ({ oldDeviceKey: u.deviceKey, newDeviceKey: u.deviceKey, notes: `Extended by ${body.days} days by support (${until(u)})` }),
        email: (u) => ({ to: row.email, template: "license-support-extended", props: { ...notice(row, plan, baseUrl), addedDays: body.days, expireDate: u.expireDate?.toISOString() ?? null } }),
        message: (u) => `Extended by ${body.days} days (${until(u)}). The owner was e-mailed.`,
      };
    }
    case "suspend":
      if (row.suspendedAt) throw refuse("ALREADY_SUSPENDED");
      return {
        set: { suspendedAt: now },
        email: () => ({ to: row.email, template: "license-suspended", props: notice(row, plan, baseUrl) }),
        message: () => "Suspended: the desktop tool is refused at its next check. The owner was e-mailed.",
      };
    case "resume":
      if (!row.suspendedAt) throw refuse("NOT_SUSPENDED");
      return {
        set: { suspendedAt: null },
        email: () => ({ to: row.email, template: "license-resumed", props: notice(row, plan, baseUrl) }),
        message: () => "Resumed: the desktop tool accepts the licence again. The owner was e-mailed.",
      };
    case "revoke":
      return {
        set: { revokedAt: now },
        email: () => ({ to: row.email, template: "license-revoked", props: notice(row, plan, baseUrl) }),
        message: () => "Revoked: the licence can never be used again. The owner was e-mailed.",
      };
    case "reset-changes": {
      const changesLeft = body.changesLeft ?? plan?.keyChanges;
      if (changesLeft === undefined) {
        throw new AppError("VALIDATION_FAILED", "changesLeft: this licence has no plan; give the number of changes.", [{ path: "changesLeft", message: "This licence has no plan; give the number of changes." }]);
      }
      return { set: { changesLeft }, extra: { changesLeft }, message: () => `Changes left set to ${changesLeft}.` };
    }
    case "release-device":
      if (row.deviceKey === null) throw refuse("NOT_BOUND");
      return {
        set: { deviceKey: null },
        history: () => ({ oldDeviceKey: row.deviceKey, newDeviceKey: null, notes: "Device key released by support" }),
        email: () => ({ to: row.email, template: "license-device-released", props: notice(row, plan, baseUrl) }),
        message: () => "Device released: the owner can activate the licence on another computer (no change spent). The owner was e-mailed.",
      };
    case "resend-key":
      return { set: null, email: () => keyEmail(row, plan, baseUrl), message: () => `The key e-mail is on its way to ${row.email} again.` };
  }
}

async function planOf(tx: Tx, planId: string | null): Promise<PlanRow | null> {
  if (!planId) return null;
  const [plan] = await tx.select().from(plans).where(eq(plans.id, planId));
  return plan ?? null;
}

/** One action on one licence: all of it (change, history, audit, e-mail) or nothing. */
export async function runLicenseAction(
  deps: LicenseAdminDeps,
  { actor, licenceId: licenseId, body, now = new Date() }: { actor: AdminActor; licenceId: string; body: LicenseActionBody; now?: Date },
): Promise<{ licence: AdminLicense; message: string }> {
  if (!isUuid(licenseId)) throw new AppError("NOT_FOUND", "Licence not found");
  const { row, message, changed } = await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(licenses).where(eq(licenses.id, licenseId)).for("update");
    if (!row) throw new AppError("NOT_FOUND", "Licence not found");
    if (row.revokedAt) throw refuse("LICENSE_REVOKED");
    const plan = await planOf(tx, row.planId);
    const action = planAction(body, row, plan, deps.baseUrl, now);
    const [updated] = action.set ? await tx.update(licenses).set({ ...action.set, updatedAt: now }).where(eq(licenses.id, row.id)).returning() : [row];
    const history = action.history?.(updated!);
    if (history) {
      await tx.insert(licenseHistory).values({
        ...history,
        licenseId: row.id,
        userId: row.userId,
        buykey: row.buyKey,
        email: row.email,
        status: "changed",
        authUserId: actor.id,
        authUserEmail: actor.email,
        changedBy: SUPPORT,
        changeDate: now,
      });
    }
    await tx.insert(auditLog).values({
      actorUserId: actor.id,
      actorEmail: actor.email,
      action: LICENCE_AUDIT_ACTIONS[body.action],
      targetType: "licence",
      targetId: row.id,
      before: snapshot(row, now),
      // The owner's e-mail rides along, so the entry reads on its own (the page finds it by the licence's id).
      after: { ...snapshot(updated!, now), email: row.email, ...action.extra },
      note: body.reason,
      createdAt: now,
    });
    // In the owner's language (their account's, else that of their latest order; decision 040).
    const email = action.email?.(updated!);
    if (email) await enqueueEmail(tx, { ...email, timeZone: deps.shopTimeZone });
    // Integrators hear of an extension like a sale's (the licence.extended webhook), in this transaction.
    if (body.action === "extend") await recordLicenseExtended(tx, updated!, { addedDays: body.days, source: "admin" });
    return { row: updated!, message: action.message(updated!), changed: Boolean(action.set) };
  });
  deps.cache?.evict(row.buyKey);
  // Answered once every instance was told (cache.ts): a revoked licence is refused wherever it is validated next.
  if (changed) await deps.cache?.settle();
  const [license] = await toAdminLicenses(deps.db, [row], now);
  return { licence: license!, message };
}

/** A licence for a plan, by hand (what `npm run license:create` does), with the key e-mail to its owner. */
export async function issueLicense(
  deps: LicenseAdminDeps,
  { actor, email, body, now = new Date() }: { actor: AdminActor; email: string; body: IssueLicenseBody; now?: Date },
): Promise<{ licence: AdminLicense; message: string }> {
  const owner = email.trim().toLowerCase();
  const row = await deps.db.transaction(async (tx) => {
    const plan = await planOf(tx, body.planId);
    if (!plan) throw new AppError("VALIDATION_FAILED", "planId: Unknown plan", [{ path: "planId", message: "Unknown plan" }]);
    const [account] = await tx.select({ id: user.id }).from(user).where(eq(user.email, owner));
    const created = await createLicense({ db: tx, planId: plan.id, email: owner, userId: account?.id ?? null, name: body.name });
    await tx.insert(auditLog).values({
      actorUserId: actor.id,
      actorEmail: actor.email,
      action: LICENCE_AUDIT_ACTIONS.issue,
      targetType: "licence",
      targetId: created.id,
      before: null,
      after: { ...snapshot(created, now), email: owner, planId: plan.id, buyKeyEnd: created.buyKey.slice(-5) },
      note: body.reason,
      createdAt: now,
    });
    await enqueueEmail(tx, { ...keyEmail(created, plan, deps.baseUrl), timeZone: deps.shopTimeZone });
    await recordLicenseCreated(tx, created, { planTitle: plan.title, source: "admin" });
    return created;
  });
  const [license] = await toAdminLicenses(deps.db, [row], now);
  return { licence: license!, message: `Licence issued: the key e-mail is on its way to ${owner}.` };
}
